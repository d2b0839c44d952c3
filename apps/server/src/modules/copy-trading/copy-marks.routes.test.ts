import { AdminTradeDetailSchema, AdminTradePageSchema } from '@candor/contracts/admin-trades';
import { SkippedCopyPageSchema } from '@candor/contracts/copy-trading';
import { type CopiedFrom, TradePageSchema, TradeSchema } from '@candor/contracts/trades';
import { afterEach, describe, expect, test } from 'vitest';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import {
  closeTradeRequest,
  placeTradeRequest,
  useFixedQuotes,
  useZeroDefaultSpread,
} from '../trades/trade-test-helpers.ts';

/**
 * Issue 14: a copied trade is marked, with its provider, in every list and answer that shows it,
 * with its delay and price difference from the provider's own open and close; a follower sees the
 * copies that were skipped, and only their own.
 */
const clock = createManualClock(new Date('2026-11-24T09:00:00Z'));
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });
const quotes = useFixedQuotes(t, { BTCUSD: '60000.00' });
useZeroDefaultSpread(t);

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

type Person = { user: { id: string; email: string }; browser: Browser };

async function provider(cash: bigint): Promise<Person & { providerId: string }> {
  const person = await insertFundedCustomer(t, cash);
  const [row] = await t.db
    .insert(strategyProviders)
    .values({
      userId: person.user.id,
      displayName: 'Aurora FX',
      minimumBalanceMinor: 0n,
      profitShareBps: 0,
      status: 'active',
      createdBy: 'test',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning();
  if (!row) throw new Error('no provider');
  return { ...person, providerId: row.id };
}

async function follower(cash: bigint, of: { providerId: string; user: { id: string } }): Promise<Person> {
  const person = await insertFundedCustomer(t, cash);
  await t.db.insert(copyRelations).values({
    followerUserId: person.user.id,
    providerId: of.providerId,
    providerUserId: of.user.id,
    startedAt: clock.now(),
    profitShareBps: 0,
    copiedOpenPositions: false,
  });
  return person;
}

async function open(browser: Browser, amount = '100.00'): Promise<string> {
  const res = await placeTradeRequest(browser, { symbol: 'BTCUSD', direction: 'buy', amount, lotSize: '1' });
  expect(res.statusCode, res.body).toBe(200);
  return TradeSchema.parse(res.json()).id;
}

async function ownTrades(browser: Browser, status: 'open' | 'closed') {
  const res = await browser.request({ method: 'GET', url: `/api/trades?status=${status}` });
  expect(res.statusCode, res.body).toBe(200);
  return TradePageSchema.parse(res.json()).items;
}

async function adminTrades(userId: string) {
  const res = await admin.browser.request({ method: 'GET', url: `/api/admin/trades?userId=${userId}` });
  expect(res.statusCode, res.body).toBe(200);
  return AdminTradePageSchema.parse(res.json()).items;
}

async function adminTrade(id: string) {
  const res = await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return AdminTradeDetailSchema.parse(res.json());
}

async function skipped(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/skipped-copies' });
  expect(res.statusCode, res.body).toBe(200);
  return SkippedCopyPageSchema.parse(res.json());
}

/** The provider opens at 60,000.00; 1.5 s later, at 60,012.50, the follower's copy opens. */
async function copiedTrade(): Promise<{ trader: Person; fan: Person; providerTradeId: string }> {
  quotes.set('BTCUSD', '60000.00');
  const trader = await provider(100_000n);
  const fan = await follower(100_000n, trader);
  const providerTradeId = await open(trader.browser);
  clock.advance(1_500);
  quotes.set('BTCUSD', '60012.50');
  await t.app.jobs.drain();
  return { trader, fan, providerTradeId };
}

describe('copied trades carry their provider, delay and price difference', () => {
  test("in the follower's list, the administrators' lists and the trade's details; other trades carry null", async () => {
    const { trader, fan, providerTradeId } = await copiedTrade();
    const expected: CopiedFrom = {
      providerName: 'Aurora FX',
      providerTradeId,
      openDelayMs: 1_500,
      openPriceDifference: '12.50',
      closeDelayMs: null,
      closePriceDifference: null,
    };
    const [copy] = await ownTrades(fan.browser, 'open');
    expect(copy?.copiedFrom).toEqual(expected);
    const [own] = await ownTrades(trader.browser, 'open');
    expect(own?.copiedFrom).toBeNull();

    const [listed] = await adminTrades(fan.user.id);
    expect(listed?.copiedFrom).toEqual(expected);
    expect((await adminTrades(trader.user.id))[0]?.copiedFrom).toBeNull();
    expect((await adminTrade(copy?.id ?? '')).copiedFrom).toEqual(expected);
  });

  test("the follower learns nothing else of the provider's account", async () => {
    const { trader, fan } = await copiedTrade();
    const res = await fan.browser.request({ method: 'GET', url: '/api/trades?status=open' });
    expect(res.body).toContain('Aurora FX');
    expect(res.body).not.toContain(trader.user.id);
    expect(res.body).not.toContain(trader.user.email);
    // The mark holds the provider's display name, the id of their trade, times and prices: no amount, no account.
    expect(Object.keys(TradeSchema.parse(JSON.parse(res.body).items[0]).copiedFrom ?? {}).sort()).toEqual([
      'closeDelayMs',
      'closePriceDifference',
      'openDelayMs',
      'openPriceDifference',
      'providerName',
      'providerTradeId',
    ]);
  });

  test('once both closed, the close delay and difference are there', async () => {
    const { trader, fan, providerTradeId } = await copiedTrade();
    clock.advance(60_000);
    quotes.set('BTCUSD', '61000.00');
    const closed = await closeTradeRequest(trader.browser, providerTradeId);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(TradeSchema.parse(closed.json()).copiedFrom).toBeNull();
    clock.advance(800);
    quotes.set('BTCUSD', '60990.00');
    await t.app.jobs.drain();

    const [copy] = await ownTrades(fan.browser, 'closed');
    expect(copy?.copiedFrom).toMatchObject({
      openDelayMs: 1_500,
      openPriceDifference: '12.50',
      closeDelayMs: 800,
      closePriceDifference: '-10.00',
    });
    expect((await adminTrades(fan.user.id))[0]?.copiedFrom).toEqual(copy?.copiedFrom);
  });

  test("closing a copy answers it with its mark (the follower's close and an administrator's)", async () => {
    const first = await copiedTrade();
    const [copy] = await ownTrades(first.fan.browser, 'open');
    const res = await closeTradeRequest(first.fan.browser, copy?.id ?? '');
    expect(res.statusCode, res.body).toBe(200);
    // The provider still holds their trade: no close figures yet.
    expect(TradeSchema.parse(res.json()).copiedFrom).toMatchObject({
      providerName: 'Aurora FX',
      openDelayMs: 1_500,
      closeDelayMs: null,
    });

    const second = await copiedTrade();
    const [other] = await ownTrades(second.fan.browser, 'open');
    const byAdmin = await admin.browser.post(`/api/admin/trades/${other?.id}/close`, { reason: 'Test' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(AdminTradeDetailSchema.parse(byAdmin.json()).copiedFrom).toMatchObject({
      providerTradeId: second.providerTradeId,
      openPriceDifference: '12.50',
    });
  });
});

describe('GET /api/skipped-copies', () => {
  test("a follower sees their own skipped copies, newest first, and nobody else's", async () => {
    quotes.set('BTCUSD', '60000.00');
    const trader = await provider(100_000n);
    const poor = await follower(20_000n, trader);
    const rich = await follower(100_000n, trader);
    // Most of the poor follower's cash is in a trade of their own: the copies need more than is left.
    await open(poor.browser, '190.00');
    await open(trader.browser, '500.00');
    await t.app.jobs.drain();
    clock.advance(60_000);
    const laterTradeId = await open(trader.browser, '400.00');
    await t.app.jobs.drain();

    const page = await skipped(poor.browser);
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(page.items.map((item) => item.message)).toEqual([
      'The copy needs $80.00 but your available balance is $10.00.',
      'The copy needs $100.00 but your available balance is $10.00.',
    ]);
    expect(page.items[0]).toMatchObject({
      provider: { id: trader.providerId, displayName: 'Aurora FX' },
      symbol: 'BTCUSD',
      direction: 'buy',
      reasonCode: 'NOT_ENOUGH_CASH',
    });
    expect(JSON.stringify(page)).not.toContain(laterTradeId);
    expect(JSON.stringify(page)).not.toContain(trader.user.id);

    expect((await skipped(rich.browser)).total).toBe(0);
    expect((await skipped(admin.browser)).total).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/skipped-copies' });
    expect(anonymous.statusCode).toBe(401);
  });
});
