import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { assertLedgerConsistent, useTestApp } from '../../test/test-app.ts';
import { useFixedQuotes } from '../trades/trade-test-helpers.ts';
import {
  findRelation,
  insertFollower,
  insertProvider,
  mailsTo,
  openBuy,
  selectCopiesOfRelation,
} from './copy-test-helpers.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const quotes = useFixedQuotes(t, { BTCUSD: '60000.00', ETHUSD: '3000.00' });

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

async function activeRelationOf(followerUserId: string) {
  const rows = await t.db
    .select()
    .from(copyRelations)
    .where(eq(copyRelations.followerUserId, followerUserId));
  expect(rows).toHaveLength(1);
  return rows[0] as typeof copyRelations.$inferSelect;
}

describe('starting to copy', () => {
  test("the provider's open positions are copied only when asked, at today's price", async () => {
    const trader = await insertProvider(t, 100_000n);
    const providerTrade = await openBuy(trader.browser, 'BTCUSD');
    await openBuy(trader.browser, 'ETHUSD');
    quotes.set('BTCUSD', '61000.00');
    const asked = await insertFundedCustomer(t, 100_000n);
    const notAsked = await insertFundedCustomer(t, 100_000n);
    const yes = await asked.browser.post(`/api/strategy-providers/${trader.providerId}/copy`, {
      copyOpenPositions: true,
    });
    expect(yes.statusCode, yes.body).toBe(200);
    const no = await notAsked.browser.post(`/api/strategy-providers/${trader.providerId}/copy`, {
      copyOpenPositions: false,
    });
    expect(no.statusCode, no.body).toBe(200);
    await t.app.jobs.drain();

    const copies = await selectCopiesOfRelation(t, (await activeRelationOf(asked.user.id)).id);
    expect(copies.map((row) => row.symbol).sort()).toEqual(['BTCUSD', 'ETHUSD']);
    const btc = copies.find((row) => row.symbol === 'BTCUSD');
    const [original] = await t.db.select().from(trades).where(eq(trades.id, providerTrade));
    expect(btc).toMatchObject({ copiedFromTradeId: providerTrade, status: 'open', amountMinor: 10_000n });
    // Opened at the market of the moment it was copied, not at the provider's price.
    expect(Number(btc?.openMidPrice)).toBe(61000);
    expect(Number(original?.openMidPrice)).toBe(60000);
    expect(await selectCopiesOfRelation(t, (await activeRelationOf(notAsked.user.id)).id)).toHaveLength(0);
  });

  test('a copy stop-loss above the equity, or zero, is refused', async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFundedCustomer(t, 100_000n);
    const url = `/api/strategy-providers/${trader.providerId}/copy`;
    const above = await fan.browser.post(url, { copyStopLoss: '1000.01', copyOpenPositions: false });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The copy stop-loss cannot be more than your equity ($1,000.00).',
    });
    const zero = await fan.browser.post(url, { copyStopLoss: '0', copyOpenPositions: false });
    expect(zero.statusCode).toBe(400);
    const all = await fan.browser.post(url, { copyStopLoss: '1000.00', copyOpenPositions: false });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().relation).toMatchObject({ copyStopLoss: '1000.00', copyLoss: '0.00', openCopies: 0 });
  });
});

describe('closing an account', () => {
  function closeAccount(userId: string) {
    return admin.browser.post(`/api/admin/users/${userId}/close`, { reason: 'Customer asked to close' });
  }

  test("a follower's active relations end with the account", async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFollower(t, 0n, trader, null);
    const closed = await closeAccount(fan.user.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await findRelation(t, fan.relationId)).toMatchObject({
      status: 'stopped',
      endReason: 'account_closed',
      endedBy: admin.user.id,
    });
    // Copying stopped: the provider's next trade is not copied to the closed account.
    await openBuy(trader.browser);
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toHaveLength(0);
  });

  test('a provider whose account closes is removed: its followers stop and are told', async () => {
    const trader = await insertProvider(t, 0n);
    const fan = await insertFollower(t, 100_000n, trader, null);
    const closed = await closeAccount(trader.user.id);
    expect(closed.statusCode, closed.body).toBe(200);
    const [provider] = await t.db
      .select()
      .from(strategyProviders)
      .where(eq(strategyProviders.id, trader.providerId));
    expect(provider).toMatchObject({ status: 'removed', removalReason: 'The account was closed.' });
    expect(await findRelation(t, fan.relationId)).toMatchObject({
      status: 'stopped',
      endReason: 'provider_removed',
    });
    expect(await mailsTo(t, fan.user.email, 'You no longer copy Aurora FX')).toHaveLength(1);
    const listed = await fan.browser.request({ method: 'GET', url: '/api/strategy-providers' });
    expect(listed.json().items.map((item: { id: string }) => item.id)).not.toContain(trader.providerId);
  });

  test('a refused close keeps the relations', async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFollower(t, 100_000n, trader, null);
    const refused = await closeAccount(fan.user.id);
    expect(refused.statusCode).toBe(409);
    expect(await findRelation(t, fan.relationId)).toMatchObject({ status: 'active' });
  });
});
