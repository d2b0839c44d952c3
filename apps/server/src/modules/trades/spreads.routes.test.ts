import { findInstrument } from '@candor/domain/market/instruments';
import { formatDecimal } from '@candor/domain/money/money';
import { computeSpreadCost, quoteWithTerms } from '@candor/domain/trading/spread';
import { computeStopOutPrice } from '@candor/domain/trading/stop-out-price';
import { computeTradeResult } from '@candor/domain/trading/trade-result';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { planPurchases } from '../../db/schema/plans.ts';
import { trades } from '../../db/schema/trades.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { insertPlanPurchase } from '../../test/plans.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { readBalancesOf } from '../withdrawals/withdrawal-test-helpers.ts';
import { closeTradeRequest, placeTradeRequest, useFixedQuotes } from './trade-test-helpers.ts';

/**
 * Trading packages set the spread and leverage (issue 13): a BUY opens at the ask, a SELL at the
 * bid, each closes on the other side with the spread it opened with. Defaults (Settings): 2.0 pips,
 * 0.20 %, 1:100; the seeded Zero package: 1.2 pips, 0.12 %, 1:500.
 */
const t = useTestApp();
const quotes = useFixedQuotes(t, { BTCUSD: '67234.12', EURUSD: '1.08345', USDJPY: '151.200' });
const admin = useSignedInUser(t, { role: 'admin' });

const DAY = 86_400_000;

async function customer(cents = 1_000_000n, overrides: Partial<TestUser> = {}) {
  return insertFundedCustomer(t, cents, overrides);
}

async function withPackage(userId: string, expiresAt = new Date(Date.now() + 30 * DAY)) {
  return insertPlanPurchase(t.db, userId, 'trading', 'Zero', {
    purchasedAt: new Date(Date.now() - DAY),
    expiresAt,
  });
}

type Answer = {
  id: string;
  openPrice: string;
  openMidPrice: string | null;
  closePrice: string | null;
  closeMidPrice: string | null;
  spread: { unit: string; value: string } | null;
  result: string | null;
};

async function open(browser: Browser, body: object = {}): Promise<Answer> {
  const res = await placeTradeRequest(browser, {
    symbol: 'EURUSD',
    direction: 'buy',
    amount: '1000',
    lotSize: '10',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function terms(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/trading-terms' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(trades).where(eq(trades.id, id));
  if (!row) throw new Error('no such trade');
  return row;
}

describe('without a package: the Settings defaults', () => {
  test('GET /api/trading-terms answers the defaults', async () => {
    const { browser } = await customer();
    expect(await terms(browser)).toEqual({
      maxLeverage: 100,
      forexSpreadPips: '2.0',
      otherSpreadPercent: '0.20',
      source: 'default',
      packageName: null,
      expiresAt: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/trading-terms' })).statusCode).toBe(401);
  });

  test('a BUY opens at the ask and a SELL at the bid (2.0 pips), keeping the mid and the spread', async () => {
    const { browser } = await customer();
    const buy = await open(browser);
    expect(buy).toMatchObject({
      openPrice: '1.08355',
      openMidPrice: '1.08345',
      spread: { unit: 'pips', value: '2.0' },
      closeMidPrice: null,
    });
    const sell = await open(browser, { direction: 'sell' });
    expect(sell).toMatchObject({ openPrice: '1.08335', openMidPrice: '1.08345' });
    // USDJPY: a pip is 0.01.
    expect(await open(browser, { symbol: 'USDJPY' })).toMatchObject({ openPrice: '151.210' });
    // BTCUSD 0.20 %: 67234.12 × 0.001 = 67.23412 → 67.23.
    expect(await open(browser, { symbol: 'BTCUSD' })).toMatchObject({
      openPrice: '67301.35',
      spread: { unit: 'percent', value: '0.20' },
    });
  });

  test('the lot size is capped at the default maximum leverage', async () => {
    const { browser } = await customer();
    await open(browser, { lotSize: '100' });
    const above = await placeTradeRequest(browser, {
      symbol: 'EURUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '100.01',
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain('Lot size can be at most 100');
  });
});

describe('with a trading package', () => {
  test('its spread and leverage apply: a lot above the default accepted, above the package refused', async () => {
    const { user, browser } = await customer();
    const purchase = await withPackage(user.id);
    expect(await terms(browser)).toEqual({
      maxLeverage: 500,
      forexSpreadPips: '1.2',
      otherSpreadPercent: '0.12',
      source: 'package',
      packageName: 'Zero',
      expiresAt: purchase.expiresAt?.toISOString(),
    });
    expect(await open(browser, { lotSize: '150' })).toMatchObject({
      openPrice: '1.08351',
      spread: { unit: 'pips', value: '1.2' },
    });
    // 67234.12 × 0.0006 = 40.340472 → 40.34.
    expect(await open(browser, { symbol: 'BTCUSD', direction: 'sell' })).toMatchObject({
      openPrice: '67193.78',
    });
    const above = await placeTradeRequest(browser, {
      symbol: 'EURUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '500.01',
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toContain('Lot size can be at most 500');
  });

  test('an expired package gives nothing: the defaults apply again', async () => {
    const { user, browser } = await customer();
    await withPackage(user.id, new Date(Date.now() - 1000));
    expect(await terms(browser)).toMatchObject({ source: 'default', maxLeverage: 100, packageName: null });
    expect(await open(browser)).toMatchObject({ openPrice: '1.08355' });
    const above = await placeTradeRequest(browser, {
      symbol: 'EURUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '150',
    });
    expect(above.statusCode).toBe(400);
  });

  test('a close uses the opposite side and the stored spread even after the package ended', async () => {
    const { user, browser } = await customer();
    const purchase = await withPackage(user.id);
    const trade = await open(browser);
    expect(trade.openPrice).toBe('1.08351');
    await t.db
      .update(planPurchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(planPurchases.id, purchase.id));
    const before = await readBalancesOf(browser);
    quotes.set('EURUSD', '1.08445');
    const res = await closeTradeRequest(browser, trade.id);
    expect(res.statusCode, res.body).toBe(200);
    // BUY closes at the bid with its own 1.2 pips (not today's default 2.0): 1.08445 − 0.00006.
    const expected = computeTradeResult({
      direction: 'buy',
      amountCents: 100_000n,
      lotHundredths: 1000,
      openPrice: '1.08351',
      closePrice: '1.08439',
    });
    expect(res.json()).toMatchObject({
      closePrice: '1.08439',
      closeMidPrice: '1.08445',
      result: formatDecimal(expected),
      spread: { unit: 'pips', value: '1.2' },
    });
    const after = await readBalancesOf(browser);
    expect(BigInt(after.available.replace('.', '')) - BigInt(before.available.replace('.', ''))).toBe(
      100_000n + expected,
    );
    await assertLedgerConsistent(t.db);
  });
});

describe('results come from the executed prices', () => {
  test('a SELL opened and closed at the same mid loses exactly the spread cost', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'BTCUSD', direction: 'sell', amount: '500', lotSize: '20' });
    const res = await closeTradeRequest(browser, trade.id);
    const spec = findInstrument('BTCUSD');
    if (!spec) throw new Error('BTCUSD');
    const quote = quoteWithTerms(spec, { forexSpreadPips: '2.0', otherSpreadPercent: '0.20' }, '67234.12');
    expect(res.json()).toMatchObject({
      openPrice: quote.bid,
      closePrice: quote.ask,
      closeMidPrice: '67234.12',
    });
    const result = computeTradeResult({
      direction: 'sell',
      amountCents: 50_000n,
      lotHundredths: 2000,
      openPrice: quote.bid,
      closePrice: quote.ask,
    });
    expect(res.json().result).toBe(formatDecimal(result));
    // 10,000 × 134.46 / 67166.89 = $20.02 for this SELL; the ticket's cost (a BUY's: ÷ the ask) $19.98.
    expect(result).toBe(-2002n);
    expect(computeSpreadCost({ amountCents: 50_000n, lotHundredths: 2000, ...quote })).toBe(1998n);
    await assertLedgerConsistent(t.db);
  });

  test('a trade opened before spreads (none stored) closes at the mid as before', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    await t.db
      .update(trades)
      .set({ spreadUnit: null, spreadValue: null, openMidPrice: null, openPrice: '1.08345' })
      .where(eq(trades.id, trade.id));
    quotes.set('EURUSD', '1.08445');
    const res = await closeTradeRequest(browser, trade.id);
    expect(res.json()).toMatchObject({ closePrice: '1.08445', closeMidPrice: null, spread: null });
  });
});

describe('an administrator closes at market', () => {
  test('the preview shows the executable close price, and its result is what the close posts', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'BTCUSD', direction: 'sell', amount: '300', lotSize: '5' });
    quotes.set('BTCUSD', '66000.00');
    const preview = await admin.browser.request({ method: 'GET', url: `/api/admin/trades/${trade.id}` });
    expect(preview.statusCode, preview.body).toBe(200);
    // A SELL closes at the ask: 66000 + 66.00.
    expect(preview.json()).toMatchObject({ currentPrice: '66000.00', closePriceNow: '66066.00' });
    const closed = await admin.browser.request({
      method: 'POST',
      url: `/api/admin/trades/${trade.id}/close`,
      payload: { reason: 'Customer asked by phone' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      closePrice: '66066.00',
      closeMidPrice: '66000.00',
      result: preview.json().resultAtCurrentPrice,
    });
    await assertLedgerConsistent(t.db);
  });
});

describe('the stop-out at the executable price', () => {
  test('a BUY is stopped out when its bid reaches the stop, before the mid does', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'BTCUSD', amount: '100', lotSize: '50' });
    expect(trade.openPrice).toBe('67301.35');
    const stop = computeStopOutPrice({
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 5000,
      openPrice: '67301.35',
    });
    if (stop === null) throw new Error('a lot of 50 has a stop-out');
    const stopCents = BigInt(stop.slice(0, stop.indexOf('.') + 3).replace('.', ''));
    const mid = (cents: bigint) => formatDecimal(cents);
    // The stored trigger is a mid ≈ 0.1 % above the executable stop.
    expect(Number((await rowOf(trade.id)).stopOutPrice)).toBeGreaterThan(Number(stop));
    // A mid $100 above the stop: its bid (mid − ~$66) is still above it.
    expect(await t.app.stopOut.check([quotes.set('BTCUSD', mid(stopCents + 100_00n))])).toBe(0);
    expect((await rowOf(trade.id)).status).toBe('open');
    // A mid $10 above the stop: the mid has not reached it, the bid has.
    const crossing = mid(stopCents + 10_00n);
    expect(await t.app.stopOut.check([quotes.set('BTCUSD', crossing)])).toBe(1);
    const row = await rowOf(trade.id);
    const spec = findInstrument('BTCUSD');
    if (!spec) throw new Error('BTCUSD');
    const { bid } = quoteWithTerms(spec, { forexSpreadPips: '2.0', otherSpreadPercent: '0.20' }, crossing);
    expect(row).toMatchObject({
      status: 'closed',
      closedBy: 'stop_out',
      closePrice: bid,
      closeMidPrice: crossing,
      resultMinor: -10_000n,
    });
    await assertLedgerConsistent(t.db);
  });

  test('a SELL is stopped out when its ask reaches the stop', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { direction: 'sell', amount: '100', lotSize: '50' });
    expect(trade.openPrice).toBe('1.08335');
    const stop = computeStopOutPrice({
      direction: 'sell',
      amountCents: 10_000n,
      lotHundredths: 5000,
      openPrice: '1.08335',
    });
    if (stop === null) throw new Error('a SELL always has a stop-out');
    // Exactly: the trigger is the stop − 0.00010 (half of 2.0 pips).
    const trigger = (await rowOf(trade.id)).stopOutPrice;
    expect(Number(stop) - Number(trigger)).toBeCloseTo(0.0001, 9);
    const stopUnits = Math.ceil(Number(stop) * 100_000);
    // A mid 0.00005 below the stop: the ask is 0.00005 above it.
    const crossing = ((stopUnits - 5) / 100_000).toFixed(5);
    expect(await t.app.stopOut.check([quotes.set('EURUSD', ((stopUnits - 15) / 100_000).toFixed(5))])).toBe(
      0,
    );
    expect(await t.app.stopOut.check([quotes.set('EURUSD', crossing)])).toBe(1);
    expect(await rowOf(trade.id)).toMatchObject({
      status: 'closed',
      resultMinor: -10_000n,
      closeMidPrice: crossing,
    });
  });
});
