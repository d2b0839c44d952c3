import { desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { files } from '../../db/schema/files.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { type Browser, createTestApp, useTestApp } from '../../test/test-app.ts';
import { makeImage, makePdf, multipartUpload } from '../../test/uploads.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const client = useSignedInUser(t);

const valid = { siteName: 'Northwind Markets', minWithdrawal: '25.5', withdrawalPercent: '2.5' };

function put(body: object, as: Browser = admin.browser) {
  return as.request({ method: 'PUT', url: '/api/admin/settings', payload: body });
}

async function uploadFavicon(data: Buffer, as: Browser = admin.browser) {
  const { payload, headers } = multipartUpload({ filename: 'icon.png', contentType: 'image/png', data });
  return as.request({ method: 'POST', url: '/api/admin/settings/favicon', payload, headers });
}

async function latestAudit() {
  const [row] = await t.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
  return row;
}

test('on first start the settings have their defaults, readable by anyone', async () => {
  expect(await t.db.select().from(siteSettings)).toHaveLength(0);
  const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    siteName: 'Candor',
    faviconUrl: null,
    supportEmail: null,
    minWithdrawal: '0.00',
    withdrawalPercent: '0.00',
    // Identity limits (issue 12): withdrawals need a verified identity; $1,000 of deposits, $0 of withdrawals.
    withdrawalsNeedVerifiedIdentity: true,
    unverifiedDepositLimit: '1000.00',
    unverifiedWithdrawalLimit: '0.00',
    updatedAt: expect.any(String),
    emailDelivery: 'none',
  });
  expect(await t.db.select().from(siteSettings)).toHaveLength(1);
});

test('the public settings say whether e-mail is delivered: smtp when SMTP_URL is set', async () => {
  const withSmtp = await createTestApp({ SMTP_URL: 'smtp://mail.example.test:2525' });
  try {
    const res = await withSmtp.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json().emailDelivery).toBe('smtp');
  } finally {
    await withSmtp.close();
  }
});

test('the four-eyes threshold is for staff with settings.manage only, never in the public answer', async () => {
  const staff = await admin.browser.request({ method: 'GET', url: '/api/admin/settings' });
  expect(staff.statusCode).toBe(200);
  expect(staff.json()).toMatchObject({ siteName: expect.any(String), fourEyesThreshold: '1000.00' });
  const everyone = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
  expect(everyone).not.toHaveProperty('fourEyesThreshold');
  const {
    fourEyesThreshold: _internal,
    pendingThresholdChange: _pending,
    pendingIdentityChange: _pendingIdentity,
    pendingLimitsChange: _pendingLimits,
    declinedIdRetentionDays: _days,
    approvedIdRetentionYears: _years,
    defaultForexSpreadPips: _pips,
    defaultOtherSpreadPercent: _percent,
    defaultMaxLeverage: _leverage,
    ...visible
  } = staff.json();
  expect(everyone).toEqual({ ...visible, emailDelivery: 'none' });
});

describe('an administrator updates the settings', () => {
  test('the new values are answered, stored exactly and read back by everyone', async () => {
    const res = await put({ ...valid, siteName: '  Northwind Markets  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      siteName: 'Northwind Markets',
      minWithdrawal: '25.50',
      withdrawalPercent: '2.50',
    });
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row).toMatchObject({ minWithdrawalMinor: 2550n, withdrawalFeeBps: 250 });
    const read = await t.app.inject({ method: 'GET', url: '/api/settings' });
    const {
      fourEyesThreshold: _internal,
      pendingThresholdChange: _pending,
      pendingIdentityChange: _pendingIdentity,
      pendingLimitsChange: _pendingLimits,
      thresholdChange: _state,
      identityChange: _identityState,
      limitsChange: _limitsState,
      fourEyes: _alone,
      declinedIdRetentionDays: _days,
      approvedIdRetentionYears: _years,
      defaultForexSpreadPips: _pips,
      defaultOtherSpreadPercent: _percent,
      defaultMaxLeverage: _leverage,
      ...visible
    } = res.json();
    expect(read.json()).toEqual({ ...visible, emailDelivery: 'none' });
  });

  test('the support e-mail: set (trimmed) and read by everyone, audited, kept when left out, cleared by an empty one', async () => {
    const set = await put({ ...valid, supportEmail: '  help@northwind.test ' });
    expect(set.statusCode).toBe(200);
    expect(set.json().supportEmail).toBe('help@northwind.test');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().supportEmail).toBe(
      'help@northwind.test',
    );
    expect(await latestAudit()).toMatchObject({
      action: 'settings.update',
      before: { supportEmail: null },
      after: { supportEmail: 'help@northwind.test' },
    });
    expect((await put({ ...valid, siteName: 'Other Name' })).json().supportEmail).toBe('help@northwind.test');
    const cleared = await put({ ...valid, supportEmail: '' });
    expect(cleared.json().supportEmail).toBeNull();
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row?.supportEmail).toBeNull();
  });

  test('what GET answers can be PUT back as it is: a support e-mail of null is none, as an empty one', async () => {
    expect((await put({ ...valid, supportEmail: 'help@northwind.test' })).statusCode).toBe(200);
    const cleared = await put({ ...valid, supportEmail: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().supportEmail).toBeNull();
    const read = await admin.browser.request({ method: 'GET', url: '/api/admin/settings' });
    expect(read.json().supportEmail).toBeNull();
    const again = await put(read.json());
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ ...read.json(), updatedAt: expect.any(String) });
  });

  test('a support e-mail that is not an address, or too long, is refused and nothing changes', async () => {
    const refusals: [unknown, string][] = [
      ['not an address', 'Enter a valid e-mail address, or leave it empty'],
      [`${'a'.repeat(250)}@x.test`, 'At most 254 characters'],
      [42, 'Enter a valid e-mail address, or leave it empty'],
    ];
    for (const [supportEmail, message] of refusals) {
      const res = await put({ ...valid, supportEmail });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().supportEmail).toBeNull();
  });

  test('the change is in the audit log with who, before and after', async () => {
    await put({ siteName: 'Before Name', minWithdrawal: '10', withdrawalPercent: '1' });
    await put({ siteName: 'After Name', minWithdrawal: '20', withdrawalPercent: '100' });
    const row = await latestAudit();
    expect(row).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'settings.update',
      targetType: 'site_settings',
      targetId: '1',
      before: { siteName: 'Before Name', minWithdrawal: '10.00', withdrawalPercent: '1.00' },
      after: { siteName: 'After Name', minWithdrawal: '20.00', withdrawalPercent: '100.00' },
    });
  });

  test('the four-eyes threshold: lowered with a reason, audited, and left out it keeps its value', async () => {
    // Raising it or turning it off waits for a second staff member (threshold-changes.routes.test.ts).
    const set = await put({ ...valid, fourEyesThreshold: '250', fourEyesReason: 'Tighter control' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ fourEyesThreshold: '250.00', thresholdChange: 'applied' });
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row?.fourEyesThresholdMinor).toBe(25_000n);
    expect(await latestAudit()).toMatchObject({
      action: 'settings.update',
      reason: 'Tighter control',
      after: { fourEyesThreshold: '250.00' },
    });
    expect((await put(valid)).json().fourEyesThreshold).toBe('250.00');
    const negative = await put({ ...valid, fourEyesThreshold: '-1' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('Second approval threshold cannot be negative');
    await t.db.update(siteSettings).set({ fourEyesThresholdMinor: 100_000n }).where(eq(siteSettings.id, 1));
  });

  test('the identity limits: set, stored in cents, audited, and each left out keeps its value', async () => {
    const set = await put({
      ...valid,
      withdrawalsNeedVerifiedIdentity: false,
      identityReason: 'Unverified accounts may withdraw up to the limit',
      unverifiedDepositLimit: '2500.5',
      unverifiedWithdrawalLimit: '300',
      limitsReason: 'Larger limits for the launch',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      withdrawalsNeedVerifiedIdentity: false,
      unverifiedDepositLimit: '2500.50',
      unverifiedWithdrawalLimit: '300.00',
    });
    const [row] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(row).toMatchObject({
      withdrawalsNeedVerifiedIdentity: false,
      unverifiedDepositLimitMinor: 250_050n,
      unverifiedWithdrawalLimitMinor: 300_00n,
    });
    expect(await latestAudit()).toMatchObject({
      actorId: admin.user.id,
      action: 'settings.update',
      before: { withdrawalsNeedVerifiedIdentity: true, unverifiedDepositLimit: '1000.00' },
      after: {
        withdrawalsNeedVerifiedIdentity: false,
        unverifiedDepositLimit: '2500.50',
        unverifiedWithdrawalLimit: '300.00',
      },
    });
    expect((await put(valid)).json()).toMatchObject({
      withdrawalsNeedVerifiedIdentity: false,
      unverifiedDepositLimit: '2500.50',
      unverifiedWithdrawalLimit: '300.00',
    });
    const negative = await put({ ...valid, unverifiedWithdrawalLimit: '-0.01' });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('Unverified withdrawal limit cannot be negative');
    const decimals = await put({ ...valid, unverifiedDepositLimit: '1.005' });
    expect(decimals.json().message).toContain('Unverified deposit limit can have at most 2 decimals');
    const notBoolean = await put({ ...valid, withdrawalsNeedVerifiedIdentity: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    const back = await put({
      ...valid,
      withdrawalsNeedVerifiedIdentity: true,
      identityReason: 'Back to verified only',
      unverifiedDepositLimit: '1000',
      unverifiedWithdrawalLimit: '0',
      limitsReason: 'Back to the defaults',
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  test('the default trading terms: 2.0 pips, 0.20 %, 1:100 at first; set, audited, validated like a package, staff only', async () => {
    const first = await admin.browser.request({ method: 'GET', url: '/api/admin/settings' });
    expect(first.json()).toMatchObject({
      defaultForexSpreadPips: '2.0',
      defaultOtherSpreadPercent: '0.20',
      defaultMaxLeverage: 100,
    });
    const set = await put({
      ...valid,
      defaultForexSpreadPips: '1.5',
      defaultOtherSpreadPercent: '0.1',
      defaultMaxLeverage: 50,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      defaultForexSpreadPips: '1.5',
      defaultOtherSpreadPercent: '0.10',
      defaultMaxLeverage: 50,
    });
    expect(await latestAudit()).toMatchObject({
      action: 'settings.update',
      before: { defaultForexSpreadPips: '2.0', defaultMaxLeverage: 100 },
      after: { defaultForexSpreadPips: '1.5', defaultOtherSpreadPercent: '0.10', defaultMaxLeverage: 50 },
    });
    // Left out, each keeps its value.
    expect((await put(valid)).json()).toMatchObject({
      defaultForexSpreadPips: '1.5',
      defaultMaxLeverage: 50,
    });
    const pips = await put({ ...valid, defaultForexSpreadPips: '1.25' });
    expect(pips.statusCode).toBe(400);
    expect(pips.json().message).toContain('Enter pips as a number with at most one decimal');
    const percent = await put({ ...valid, defaultOtherSpreadPercent: '11' });
    expect(percent.json().message).toContain('At most 10%');
    const leverage = await put({ ...valid, defaultMaxLeverage: 0 });
    expect(leverage.json().message).toContain('between 1 and 1000');
    const everyone = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    expect(everyone).not.toHaveProperty('defaultMaxLeverage');
    expect(everyone).not.toHaveProperty('defaultForexSpreadPips');
    const restored = await put({
      ...valid,
      defaultForexSpreadPips: '2.0',
      defaultOtherSpreadPercent: '0.20',
      defaultMaxLeverage: 100,
    });
    expect(restored.statusCode).toBe(200);
  });

  test('a save that changes nothing records nothing, and answers the settings in force (QA finding 13)', async () => {
    const first = await put({
      ...valid,
      fourEyesThreshold: '1000',
      withdrawalsNeedVerifiedIdentity: true,
      unverifiedDepositLimit: '1000',
      unverifiedWithdrawalLimit: '0',
      limitsReason: 'The defaults',
      defaultForexSpreadPips: '2.0',
      defaultOtherSpreadPercent: '0.20',
      defaultMaxLeverage: 100,
    });
    expect(first.statusCode, first.body).toBe(200);
    const rowsBefore = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    // The same values, some written another way: "25.50" is 25.5, "0.2" % is the stored 0.20.
    const again = await put({
      siteName: 'Northwind Markets',
      minWithdrawal: '25.50',
      withdrawalPercent: '2.50',
      fourEyesThreshold: '1000.00',
      withdrawalsNeedVerifiedIdentity: true,
      unverifiedDepositLimit: '1000.00',
      unverifiedWithdrawalLimit: '0.00',
      defaultForexSpreadPips: '2',
      defaultOtherSpreadPercent: '0.2',
      defaultMaxLeverage: 100,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      ...first.json(),
      thresholdChange: 'unchanged',
      limitsChange: 'unchanged',
    });
    const rowsAfter = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(rowsAfter).toHaveLength(rowsBefore.length);
    // Each field still counts: one changed value is a change, recorded with before and after.
    const changed = await put({ ...valid, unverifiedDepositLimit: '1000.01', limitsReason: 'A cent more' });
    expect(changed.json().updatedAt).not.toBe(first.json().updatedAt);
    expect(await latestAudit()).toMatchObject({
      action: 'settings.update',
      before: { unverifiedDepositLimit: '1000.00' },
      after: { unverifiedDepositLimit: '1000.01' },
    });
    expect(
      (await put({ ...valid, unverifiedDepositLimit: '1000', limitsReason: 'Back to the default' }))
        .statusCode,
    ).toBe(200);
  });

  test('a client cannot change the identity limits', async () => {
    const res = await put({ ...valid, withdrawalsNeedVerifiedIdentity: false }, client.browser);
    expect(res.statusCode).toBe(403);
  });

  test.each([
    ['an empty site name', { siteName: '' }, 'Site name is required'],
    ['a site name of spaces', { siteName: '   ' }, 'Site name is required'],
    ['a missing site name', { siteName: undefined }, 'Site name is required'],
    [
      'a site name over 60 characters',
      { siteName: 'x'.repeat(61) },
      'Site name can have at most 60 characters',
    ],
    ['a negative minimum', { minWithdrawal: '-1' }, 'Minimum withdrawal cannot be negative'],
    [
      'a minimum with 3 decimals',
      { minWithdrawal: '1.005' },
      'Minimum withdrawal can have at most 2 decimals',
    ],
    [
      'a minimum that is not a number',
      { minWithdrawal: 'ten' },
      'Minimum withdrawal must be an amount such as 10.00',
    ],
    ['a minimum sent as a number', { minWithdrawal: 10 }, 'Write the amount as text, such as "100.00"'],
    [
      'a threshold sent as a number',
      { fourEyesThreshold: 1000 },
      'Write the amount as text, such as "100.00"',
    ],
    [
      'a limit sent as a number',
      { unverifiedDepositLimit: 500 },
      'Write the amount as text, such as "100.00"',
    ],
    [
      'a percentage sent as a number',
      { withdrawalPercent: 2.5 },
      'Write the percentage as text, such as "2.5"',
    ],
    ['a missing minimum', { minWithdrawal: undefined }, 'Minimum withdrawal is required'],
    ['100.01 %', { withdrawalPercent: '100.01' }, 'Withdrawal percentage must be between 0 and 100'],
    [
      'a negative percentage',
      { withdrawalPercent: '-0.5' },
      'Withdrawal percentage must be between 0 and 100',
    ],
    [
      'a percentage with 3 decimals',
      { withdrawalPercent: '1.125' },
      'Withdrawal percentage can have at most 2 decimals',
    ],
  ])('%s is refused with a clear message, changing nothing', async (_name, change, message) => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/settings' })).json();
    const res = await put({ ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain(message);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json()).toEqual(before);
  });
});

describe('only administrators change settings', () => {
  test('a client gets 403', async () => {
    expect((await put(valid, client.browser)).statusCode).toBe(403);
    expect((await uploadFavicon(await makeImage('png'), client.browser)).statusCode).toBe(403);
  });

  test('an anonymous visitor gets 401', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', payload: valid });
    expect(res.statusCode).toBe(401);
    const { payload, headers } = multipartUpload({
      filename: 'i.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/favicon',
      payload,
      headers,
    });
    expect(upload.statusCode).toBe(401);
  });
});

describe('the favicon', () => {
  test('an uploaded image becomes the public favicon, recorded in the audit log', async () => {
    const res = await uploadFavicon(await makeImage('png', 64, 64));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().faviconUrl;
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('public');
    expect((await t.app.inject({ method: 'GET', url: '/api/settings' })).json().faviconUrl).toBe(url);
    expect(await latestAudit()).toMatchObject({
      action: 'settings.favicon',
      actorId: admin.user.id,
      after: { faviconUrl: url },
    });
  });

  test('a new favicon replaces the old one, whose file is deleted', async () => {
    const first = (await uploadFavicon(await makeImage('png'))).json().faviconUrl;
    const second = (await uploadFavicon(await makeImage('webp'))).json().faviconUrl;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(await t.db.select().from(files).where(eq(files.purpose, 'favicon'))).toHaveLength(1);
  });

  test('a PDF is not a favicon: 415', async () => {
    const res = await uploadFavicon(makePdf());
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Please choose a PNG, JPEG or WebP image.',
    });
  });

  test('no file: 400 "Please select a file first"', async () => {
    const res = await admin.browser.request({ method: 'POST', url: '/api/admin/settings/favicon' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'FILE_REQUIRED', message: 'Please select a file first' });
  });
});
