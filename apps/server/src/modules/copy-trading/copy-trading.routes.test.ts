import {
  AdminStrategyProviderListSchema,
  AdminStrategyProviderSchema,
  COPY_TRADING_MESSAGES,
  CopyActionResponseSchema,
  MyCopyRelationsSchema,
  MyProviderInvitationSchema,
  StrategyProviderDetailSchema,
  StrategyProviderListSchema,
  TraderImageUploadSchema,
} from '@candor/contracts/copy-trading';
import { and, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { insertSignedInUser, insertUser, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';

const clock = createManualClock(new Date('2026-11-20T10:00:00Z'));
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });
const support = useSignedInUser(t, { role: 'support' });

async function uploadImage(as: Browser = admin.browser): Promise<string> {
  const { payload, headers } = multipartUpload({
    filename: 'trader.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const res = await as.request({
    method: 'POST',
    url: '/api/admin/strategy-providers/images',
    payload,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return TraderImageUploadSchema.parse(res.json()).fileId;
}

async function addTrader(email: string, overrides: Record<string, string> = {}) {
  return admin.browser.post('/api/admin/strategy-providers', {
    email,
    displayName: 'Aurora FX',
    imageFileId: await uploadImage(),
    minimumBalance: '500.00',
    profitShare: '20',
    ...overrides,
  });
}

/** A customer made a provider; accepted unless told otherwise. */
async function provider(accept = true): Promise<{ user: TestUser; browser: Browser; id: string }> {
  const customer = await insertSignedInUser(t);
  const res = await addTrader(customer.user.email);
  expect(res.statusCode, res.body).toBe(200);
  const id = AdminStrategyProviderSchema.parse(res.json()).id;
  if (accept) {
    const accepted = await customer.browser.post('/api/strategy-providers/invitation/accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return { ...customer, id };
}

function copy(browser: Browser, id: string, body: object = { copyOpenPositions: false }) {
  return browser.post(`/api/strategy-providers/${id}/copy`, body);
}

async function cards(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/strategy-providers' });
  expect(res.statusCode, res.body).toBe(200);
  return StrategyProviderListSchema.parse(res.json()).items;
}

describe('ADD TRADER', () => {
  test('an administrator makes a customer (by e-mail) an invited provider: audited, mailed, not listed yet', async () => {
    const customer = await insertSignedInUser(t);
    const res = await addTrader(customer.user.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const created = AdminStrategyProviderSchema.parse(res.json());
    expect(created).toMatchObject({
      userId: customer.user.id,
      displayName: 'Aurora FX',
      minimumBalance: '500.00',
      profitShare: '20.00',
      status: 'invited',
      followers: 0,
    });
    expect(created.imageUrl).toMatch(/^\/api\/files\//);
    expect((await t.app.inject({ method: 'GET', url: created.imageUrl ?? '' })).statusCode).toBe(200);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'copytrading.provider.create'), eq(auditLog.targetId, created.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, subjectUserId: customer.user.id });
    expect(audit?.after).toMatchObject({ minimumBalance: '500.00', profitShare: '20.00', status: 'invited' });
    const mail = await findLastMail(t.db, customer.user.email, 'You were made a strategy provider');
    expect(mail?.userId).toBe(customer.user.id);
    expect((await cards(customer.browser)).map((card) => card.id)).not.toContain(created.id);
    const invitation = MyProviderInvitationSchema.parse(
      (await customer.browser.request({ method: 'GET', url: '/api/strategy-providers/invitation' })).json(),
    );
    expect(invitation.invitation).toMatchObject({ id: created.id, status: 'invited' });
  });

  test('an unknown e-mail is refused', async () => {
    const res = await addTrader('nobody@example.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: COPY_TRADING_MESSAGES.customerNotFound });
  });

  test('a staff account is refused', async () => {
    const res = await addTrader(support.user.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COPY_TRADING_MESSAGES.notACustomer);
  });

  test('a closed account is refused', async () => {
    const closed = await insertUser(t.db, { status: 'closed' });
    const res = await addTrader(closed.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(COPY_TRADING_MESSAGES.accountNotActive);
  });

  test('a customer already a provider is refused', async () => {
    const { user } = await provider(true);
    const res = await addTrader(user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This customer is already a strategy provider.');
  });

  test('a customer invited and yet to answer is refused as already invited, not as a provider', async () => {
    const { user } = await provider(false);
    const res = await addTrader(user.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'This customer has already been invited to be a strategy provider and has not answered yet.',
    });
  });

  test('the form is checked: name, minimum balance, profit share at most 50 %', async () => {
    const customer = await insertUser(t.db);
    const res = await addTrader(customer.email, { displayName: ' ', minimumBalance: '', profitShare: '60' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(COPY_TRADING_MESSAGES.nameRequired);
  });

  test('an image id that is not a trader image is refused', async () => {
    const customer = await insertUser(t.db);
    const res = await addTrader(customer.email, { imageFileId: crypto.randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COPY_TRADING_MESSAGES.imageNotFound);
  });

  test('a customer and support cannot call the admin routes', async () => {
    const customer = await insertSignedInUser(t);
    for (const browser of [customer.browser, support.browser]) {
      const res = await browser.post('/api/admin/strategy-providers', { email: customer.user.email });
      expect(res.statusCode).toBe(403);
      const list = await browser.request({ method: 'GET', url: '/api/admin/strategy-providers' });
      expect(list.statusCode).toBe(403);
    }
  });
});

describe('the invitation', () => {
  test('a provider who declines cannot be copied', async () => {
    const declined = await provider(false);
    const res = await declined.browser.post('/api/strategy-providers/invitation/decline');
    expect(res.statusCode, res.body).toBe(200);
    expect(MyProviderInvitationSchema.parse(res.json()).invitation?.status).toBe('declined');
    const follower = await insertFundedCustomer(t, 100_000n);
    const refused = await copy(follower.browser, declined.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PROVIDER_NOT_ACTIVE',
      message: COPY_TRADING_MESSAGES.providerNotActive,
    });
  });

  test('an invited provider cannot be copied until they accept', async () => {
    const invited = await provider(false);
    const follower = await insertFundedCustomer(t, 100_000n);
    expect((await copy(follower.browser, invited.id)).statusCode).toBe(409);
    await invited.browser.post('/api/strategy-providers/invitation/accept');
    expect((await copy(follower.browser, invited.id)).statusCode).toBe(200);
  });
});

describe('copying', () => {
  test('below the minimum: refused with the seed text; funded: copied, followers 1, then cancelled', async () => {
    const trader = await provider();
    const poor = await insertFundedCustomer(t, 49_999n);
    const refused = await copy(poor.browser, trader.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      code: 'MINIMUM_BALANCE_NOT_MET',
      message:
        'You need a balance of at least $500.00 to copy this trader. This amount will not be deducted from your balance.',
    });

    const follower = await insertFundedCustomer(t, 50_000n);
    const copied = await copy(follower.browser, trader.id, {
      copyStopLoss: '120.50',
      copyOpenPositions: true,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(CopyActionResponseSchema.parse(copied.json())).toMatchObject({
      message: 'Trader copied successfully',
      relation: { status: 'active', profitShare: '20.00', copyStopLoss: '120.50', copiedOpenPositions: true },
    });
    const card = (await cards(follower.browser)).find((item) => item.id === trader.id);
    expect(card).toMatchObject({ followers: 1, copying: true, returnRate30d: null, profitShare: '20.00' });

    const twice = await copy(follower.browser, trader.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_COPYING');

    const cancelled = await follower.browser.post(`/api/strategy-providers/${trader.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(CopyActionResponseSchema.parse(cancelled.json())).toMatchObject({
      message: 'Copying trade canceled',
      relation: { status: 'cancelled', endReason: 'cancelled' },
    });
    expect((await cards(follower.browser)).find((item) => item.id === trader.id)).toMatchObject({
      followers: 0,
      copying: false,
    });
    const mine = MyCopyRelationsSchema.parse(
      (await follower.browser.request({ method: 'GET', url: '/api/copy-relations/mine' })).json(),
    );
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({ status: 'cancelled', provider: { id: trader.id } });
    // Copying again after a cancel is a new relation.
    expect((await copy(follower.browser, trader.id)).statusCode).toBe(200);
  });

  test('two racing copy requests make one relation', async () => {
    const trader = await provider();
    const follower = await insertFundedCustomer(t, 100_000n);
    const answers = await Promise.all([copy(follower.browser, trader.id), copy(follower.browser, trader.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select()
      .from(copyRelations)
      .where(
        and(eq(copyRelations.providerId, trader.id), eq(copyRelations.followerUserId, follower.user.id)),
      );
    expect(rows).toHaveLength(1);
  });

  test('a provider cannot copy themselves', async () => {
    const trader = await provider();
    const res = await copy(trader.browser, trader.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COPY_TRADING_MESSAGES.copySelf);
  });

  test('a profit share change applies to new followers only', async () => {
    const trader = await provider();
    const early = await insertFundedCustomer(t, 100_000n);
    expect((await copy(early.browser, trader.id)).statusCode).toBe(200);
    const changed = await admin.browser.request({
      method: 'PUT',
      url: `/api/admin/strategy-providers/${trader.id}`,
      payload: { minimumBalance: '250.00', profitShare: '30', reason: 'new terms' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ profitShare: '30.00', minimumBalance: '250.00' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'copytrading.provider.update'), eq(auditLog.targetId, trader.id)));
    expect(audit?.before).toMatchObject({ profitShare: '20.00' });
    expect(audit?.after).toMatchObject({ profitShare: '30.00' });
    const late = await insertFundedCustomer(t, 30_000n);
    expect((await copy(late.browser, trader.id)).statusCode).toBe(200);
    const rates = async (browser: Browser) =>
      MyCopyRelationsSchema.parse(
        (await browser.request({ method: 'GET', url: '/api/copy-relations/mine' })).json(),
      ).items[0]?.profitShare;
    expect(await rates(early.browser)).toBe('20.00');
    expect(await rates(late.browser)).toBe('30.00');
  });

  test('the provider page: card facts, account age and the 7-day followers trend', async () => {
    const trader = await provider();
    const follower = await insertFundedCustomer(t, 100_000n);
    await copy(follower.browser, trader.id);
    const res = await follower.browser.request({
      method: 'GET',
      url: `/api/strategy-providers/${trader.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = StrategyProviderDetailSchema.parse(res.json());
    expect(detail.followers).toBe(1);
    expect(detail.copying).toBe(true);
    expect(detail.followersTrend).toHaveLength(7);
    expect(detail.followersTrend.map((point) => point.followers)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(detail.followersTrend.at(-1)?.date).toBe('2026-11-20');
    expect(detail.followersTrend[0]?.date).toBe('2026-11-14');
  });
});

describe('delete trader', () => {
  test('stops every copy, mails every follower, is audited and hides the card', async () => {
    const trader = await provider();
    const followers = [await insertFundedCustomer(t, 100_000n), await insertFundedCustomer(t, 100_000n)];
    for (const follower of followers) expect((await copy(follower.browser, trader.id)).statusCode).toBe(200);

    const noReason = await admin.browser.request({
      method: 'DELETE',
      url: `/api/admin/strategy-providers/${trader.id}`,
      payload: { reason: ' ' },
    });
    expect(noReason.statusCode).toBe(400);

    const res = await admin.browser.request({
      method: 'DELETE',
      url: `/api/admin/strategy-providers/${trader.id}`,
      payload: { reason: 'Stopped trading' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'removed', followers: 0, removalReason: 'Stopped trading' });
    const rows = await t.db.select().from(copyRelations).where(eq(copyRelations.providerId, trader.id));
    expect(rows.map((row) => [row.status, row.endReason])).toEqual([
      ['stopped', 'provider_removed'],
      ['stopped', 'provider_removed'],
    ]);
    for (const follower of followers) {
      const mail = await findLastMail(t.db, follower.user.email, 'You no longer copy Aurora FX');
      expect(mail?.userId).toBe(follower.user.id);
      expect((await cards(follower.browser)).map((card) => card.id)).not.toContain(trader.id);
    }
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'copytrading.provider.remove'), eq(auditLog.targetId, trader.id)));
    expect(audit).toMatchObject({
      reason: 'Stopped trading',
      after: { status: 'removed', copiesStopped: 2 },
    });
    const again = await admin.browser.request({
      method: 'DELETE',
      url: `/api/admin/strategy-providers/${trader.id}`,
      payload: { reason: 'again' },
    });
    expect(again.statusCode).toBe(409);
    const list = AdminStrategyProviderListSchema.parse(
      (await admin.browser.request({ method: 'GET', url: '/api/admin/strategy-providers' })).json(),
    );
    expect(list.items.find((item) => item.id === trader.id)?.status).toBe('removed');
  });
});
