import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { sessions, twoFactors } from '../../db/schema/auth.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { PAYOUTS, setWithdrawalLimits } from '../withdrawals/withdrawal-test-helpers.ts';

const t = useTestApp();

/** The current code of the base32 secret the setup answered (what an authenticator app shows). */
function codeOf(secret: string, counterOffset = 0): Promise<string> {
  const otp = createOTP(base32.decode(secret), { digits: 6, period: 30 });
  return counterOffset === 0 ? otp.totp() : otp.hotp(Math.floor(Date.now() / 30_000) + counterOffset);
}

/** A code that is certainly wrong now: one far from the current period. */
async function wrongCodeOf(secret: string): Promise<string> {
  const right = await codeOf(secret);
  const far = await codeOf(secret, 1000);
  return far === right ? String((Number(right) + 1) % 1_000_000).padStart(6, '0') : far;
}

type Enrolled = { user: TestUser; browser: Browser; secret: string; recoveryCodes: string[] };

/** A customer who turned two-factor on through the API, as the /account page does. */
async function enrolledCustomer(): Promise<Enrolled> {
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  const browser = await signInAs(t.app, t.db, user);
  const start = await browser.post('/api/account/two-factor', { password: user.password });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json<{ secret: string }>();
  const confirm = await browser.post('/api/account/two-factor/confirmation', { code: await codeOf(secret) });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { user, browser, secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

async function me(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/session' });
  return res.json<{ user: { id: string; twoFactorEnabled: boolean } | null }>().user;
}

/** A new browser that gives the password: answers the first step. */
async function passwordStep(user: TestUser): Promise<{ browser: Browser; body: unknown; status: number }> {
  const browser = new Browser(t.app);
  const res = await browser.post('/api/session', { email: user.email, password: user.password });
  return { browser, body: res.json(), status: res.statusCode };
}

describe('turning two-factor on', () => {
  test('password, then the secret (otpauth URI and base32), then a code turns it on and answers 10 recovery codes once', async () => {
    const user = await insertUser(t.db);
    const browser = await signInAs(t.app, t.db, user);

    const wrong = await browser.post('/api/account/two-factor', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });

    const start = await browser.post('/api/account/two-factor', { password: user.password });
    expect(start.statusCode, start.body).toBe(200);
    const { totpUri, secret } = start.json<{ totpUri: string; secret: string }>();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(totpUri).searchParams.get('secret')).toBe(secret);
    // Stored encrypted: the secret is nowhere in the row.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row?.secret).not.toContain(secret);
    expect(row?.verified).toBe(false);
    // Not on until a code confirms the app.
    expect((await me(browser))?.twoFactorEnabled).toBe(false);

    const bad = await browser.post('/api/account/two-factor/confirmation', {
      code: await wrongCodeOf(secret),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect((await me(browser))?.twoFactorEnabled).toBe(false);

    const confirm = await browser.post('/api/account/two-factor/confirmation', {
      code: await codeOf(secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const { recoveryCodes } = confirm.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    // The session was replaced (new cookie) and still works; two-factor is on.
    expect((await me(browser))?.twoFactorEnabled).toBe(true);

    // The recovery codes are not handed out again.
    const again = await browser.post('/api/account/two-factor/confirmation', { code: await codeOf(secret) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'TWO_FACTOR_ALREADY_ENABLED' });

    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.enable'), eq(auditLog.targetId, user.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorId: user.id, actorRole: 'client', subjectUserId: user.id });
  });

  test('new recovery codes need the password; the old ones stop working', async () => {
    const { user, browser, recoveryCodes } = await enrolledCustomer();
    const wrong = await browser.post('/api/account/two-factor/recovery-codes', {
      password: 'nope-nope-nope',
    });
    expect(wrong.statusCode).toBe(403);
    const res = await browser.post('/api/account/two-factor/recovery-codes', { password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);

    const old = await passwordStep(user);
    const refused = await old.browser.post('/api/session/two-factor', { code: recoveryCodes[0] });
    expect(refused.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    const accepted = await old.browser.post('/api/session/two-factor', { code: fresh[0] });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('signing in with two-factor on', () => {
  test('the right password alone creates no session; the code does', async () => {
    const { user, secret } = await enrolledCustomer();
    const first = await passwordStep(user);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect(first.browser.hasSession).toBe(false);
    expect(await me(first.browser)).toBeNull();

    const wrong = await first.browser.post('/api/session/two-factor', { code: await wrongCodeOf(secret) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_TWO_FACTOR_CODE',
      message: 'That code is not right. Check your authenticator app and try again.',
    });
    expect(await me(first.browser)).toBeNull();

    const right = await first.browser.post('/api/session/two-factor', { code: await codeOf(secret) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ user: { id: user.id, twoFactorEnabled: true } });
    expect((await me(first.browser))?.id).toBe(user.id);
  });

  test('a code without the password step, or in a browser that gave no password, is refused', async () => {
    const { secret } = await enrolledCustomer();
    const stranger = new Browser(t.app);
    const res = await stranger.post('/api/session/two-factor', { code: await codeOf(secret) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_CHALLENGE_EXPIRED' });
    expect(await me(stranger)).toBeNull();
  });

  test('a recovery code signs in once', async () => {
    const { user, recoveryCodes } = await enrolledCustomer();
    const code = recoveryCodes[0] as string;
    const first = await passwordStep(user);
    const used = await first.browser.post('/api/session/two-factor', { code });
    expect(used.statusCode, used.body).toBe(200);
    expect((await me(first.browser))?.id).toBe(user.id);

    const second = await passwordStep(user);
    const reused = await second.browser.post('/api/session/two-factor', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect(await me(second.browser)).toBeNull();
  });

  test('wrong codes are throttled: after 5 the password is asked again', async () => {
    const { user, secret } = await enrolledCustomer();
    const { browser } = await passwordStep(user);
    const wrong = await wrongCodeOf(secret);
    for (let i = 0; i < 5; i += 1) {
      const res = await browser.post('/api/session/two-factor', { code: wrong });
      expect(res.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    }
    const blocked = await browser.post('/api/session/two-factor', { code: await codeOf(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    expect(await me(browser)).toBeNull();
  });

  test('a staff member created with two-factor (the test factory) signs in with a code', async () => {
    const staff = await insertUser(t.db, { role: 'admin' });
    expect(staff.twoFactorSecret).not.toBeNull();
    const { browser, body } = await passwordStep(staff);
    expect(body).toEqual({ twoFactorRequired: true });
    const code = await createOTP(staff.twoFactorSecret as string, { digits: 6, period: 30 }).totp();
    const res = await browser.post('/api/session/two-factor', { code });
    expect(res.statusCode, res.body).toBe(200);
    const admin = await browser.request({ method: 'GET', url: '/api/admin/users' });
    expect(admin.statusCode, admin.body).toBe(200);
  });
});

describe('turning two-factor off', () => {
  test('needs the password and a current code', async () => {
    const { user, browser, secret } = await enrolledCustomer();
    const noCode = await browser.post('/api/account/two-factor/disable', { password: user.password });
    expect(noCode.statusCode).toBe(400);

    const wrongCode = await browser.post('/api/account/two-factor/disable', {
      password: user.password,
      code: await wrongCodeOf(secret),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });

    const wrongPassword = await browser.post('/api/account/two-factor/disable', {
      password: 'not-the-password',
      code: await codeOf(secret),
    });
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
    expect((await me(browser))?.twoFactorEnabled).toBe(true);

    const off = await browser.post('/api/account/two-factor/disable', {
      password: user.password,
      code: await codeOf(secret),
    });
    expect(off.statusCode, off.body).toBe(204);
    expect((await me(browser))?.twoFactorEnabled).toBe(false);
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toHaveLength(0);
    // Sign-in asks for the password only again.
    const signIn = await passwordStep(user);
    expect(signIn.body).toMatchObject({ user: { id: user.id } });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.disable'), eq(auditLog.targetId, user.id)));
    expect(audited).toHaveLength(1);
    // The customer's security history shows both changes, newest first.
    const status = await browser.request({ method: 'GET', url: '/api/account/two-factor' });
    expect(status.json()).toEqual({
      enabled: false,
      history: [
        { change: 'disable', at: expect.any(String) },
        { change: 'enable', at: expect.any(String) },
      ],
    });
  });

  test('starts the 24-hour withdrawal wait (turning it on does not): a request is refused, saying why and until when', async () => {
    const { user, browser, secret } = await enrolledCustomer();
    await setWithdrawalLimits(t.db, 1_000n, 250);
    await fund(t.db, user.id, 100_00n);
    const off = await browser.post('/api/account/two-factor/disable', {
      password: user.password,
      code: await codeOf(secret),
    });
    expect(off.statusCode, off.body).toBe(204);
    const res = await browser.post('/api/withdrawals', { amount: '20', ...PAYOUTS.paypal });
    expect(res.statusCode, res.body).toBe(423);
    expect(res.json()).toMatchObject({ code: 'WITHDRAWALS_PAUSED' });
    expect(res.json().message).toContain('two-factor sign-in was turned off');
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(0);
  });

  test('tells the owner by e-mail (kept in Messages); turning it on does not', async () => {
    const { user, browser, secret } = await enrolledCustomer();
    expect(await findLastMail(t.db, user.email, 'two-factor sign-in was turned off')).toBeUndefined();
    const off = await browser.post('/api/account/two-factor/disable', {
      password: user.password,
      code: await codeOf(secret),
    });
    expect(off.statusCode, off.body).toBe(204);
    const notice = await findLastMail(t.db, user.email, 'two-factor sign-in was turned off');
    expect(notice).toMatchObject({ subject: 'Candor: two-factor sign-in was turned off', userId: user.id });
    expect(notice?.textBody).toContain('Two-factor sign-in was turned off on your Candor account on ');
    expect(notice?.textBody).toContain('turn two-factor sign-in on again on your Account page');
  });
});

describe('withdrawal requests with two-factor on', () => {
  beforeEach(async () => {
    await setWithdrawalLimits(t.db, 1_000n, 250);
  });

  test('need the code: none → TWO_FACTOR_CODE_REQUIRED, a wrong one → INVALID_TWO_FACTOR_CODE, nothing reserved; the right one is recorded', async () => {
    const { user, browser, secret } = await enrolledCustomer();
    await fund(t.db, user.id, 100_00n);
    const body = { amount: '20', ...PAYOUTS.paypal };

    const missing = await browser.post('/api/withdrawals', body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_REQUIRED' });

    const wrong = await browser.post('/api/withdrawals', {
      ...body,
      twoFactorCode: await wrongCodeOf(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_CODE' });
    expect(await t.db.select().from(withdrawals).where(eq(withdrawals.userId, user.id))).toHaveLength(0);

    const right = await browser.post(
      '/api/withdrawals',
      { ...body, twoFactorCode: await codeOf(secret) },
      'key-1',
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ status: 'pending', amount: '20.00' });
    // Checking the code created no session of its own.
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  test('wrong codes are throttled: after 5 in 15 minutes even the right code waits', async () => {
    const { user, browser, secret } = await enrolledCustomer();
    await fund(t.db, user.id, 100_00n);
    const body = { amount: '20', ...PAYOUTS.paypal };
    const wrong = await wrongCodeOf(secret);
    for (let i = 0; i < 5; i += 1) {
      expect((await browser.post('/api/withdrawals', { ...body, twoFactorCode: wrong })).statusCode).toBe(
        400,
      );
    }
    const blocked = await browser.post('/api/withdrawals', { ...body, twoFactorCode: await codeOf(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
  });

  test('a customer without two-factor needs no code', async () => {
    const user = await insertUser(t.db, { identityStatus: 'verified' });
    await fund(t.db, user.id, 100_00n);
    const browser = await signInAs(t.app, t.db, user);
    const res = await browser.post('/api/withdrawals', { amount: '20', ...PAYOUTS.paypal });
    expect(res.statusCode, res.body).toBe(200);
  });
});
