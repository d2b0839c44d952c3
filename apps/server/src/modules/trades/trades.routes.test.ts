import { randomUUID } from 'node:crypto';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { formatDecimal } from '@candor/domain/money/money';
import { computeTradeResult, isStopOut } from '@candor/domain/trading/trade-result';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { journalEntries } from '../../db/schema/ledger.ts';
import { trades } from '../../db/schema/trades.ts';
import type { TestUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { type Browser, createTestApp, useTestApp } from '../../test/test-app.ts';
import { readBalancesOf } from '../withdrawals/withdrawal-test-helpers.ts';
import {
  closeTradeRequest,
  placeTradeRequest,
  type TradeAnswer,
  useFixedQuotes,
  useZeroDefaultSpread,
} from './trade-test-helpers.ts';

const t = useTestApp();
// These tests price at the mid; spreads are tested in spreads.routes.test.ts.
useZeroDefaultSpread(t);
const quotes = useFixedQuotes(t, { BTCUSD: '67234.12', ETHUSD: '3000.00', EURUSD: '1.08345' });

async function customer(cents = 100_000n, overrides: Partial<TestUser> = {}) {
  return insertFundedCustomer(t, cents, overrides);
}

async function open(browser: Browser, body: object = {}, key?: string): Promise<TradeAnswer> {
  const res = await placeTradeRequest(
    browser,
    { symbol: 'BTCUSD', direction: 'buy', amount: '100', lotSize: '2', ...body },
    key,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Lets the clock move, so consecutive trades get distinct times (the lists sort by time). */
function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 3));
}

async function entriesOf(tradeId: string) {
  return t.db
    .select({ kind: journalEntries.kind })
    .from(journalEntries)
    .where(sql`${journalEntries.reference}->>'trade' = ${tradeId}`)
    .orderBy(journalEntries.id);
}

async function rowOf(id: string) {
  const [row] = await t.db.select().from(trades).where(eq(trades.id, id));
  if (!row) throw new Error('no such trade');
  return row;
}

describe('opening a trade', () => {
  test('opens at the market price, ignoring a price in the body, and records exposure = amount × lot size', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { price: '1.00', openPrice: '1.00', lotSize: '2.5' });
    expect(trade).toMatchObject({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100.00',
      lotSize: '2.50',
      exposure: '250.00',
      openPrice: '67234.12',
      status: 'open',
      closePrice: null,
      result: null,
      bookedByDesk: false,
      priceSource: 'simulated',
    });
    const row = await rowOf(trade.id);
    expect(row.openPrice).toBe('67234.12');
    // BUY ×2.50: stopped out near open × (1 − 1/2.5); the stored pre-filter is at or just above it.
    expect(Math.abs(Number(row.stopOutPrice) / (67234.12 * 0.6) - 1)).toBeLessThan(1e-4);
    expect(row.marginEntryId).not.toBeNull();
    expect(await entriesOf(trade.id)).toEqual([{ kind: 'trade_margin' }]);
  });

  test('reserves the amount as margin: available down, reserved up, total unchanged', async () => {
    const { browser } = await customer(50_000n);
    await open(browser, { amount: '123.45' });
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '376.55',
      reserved: '123.45',
      total: '500.00',
    });
  });

  test('an amount grouped with commas, as the site shows amounts, opens with that amount', async () => {
    const { browser } = await customer(500_000n);
    const trade = await open(browser, { amount: '1,234.50' });
    expect(trade).toMatchObject({ amount: '1234.50' });
    expect((await readBalancesOf(browser)).reserved).toBe('1234.50');
    const refused = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '1,23',
      lotSize: '2',
    });
    expect(refused.statusCode).toBe(400);
  });

  test('the symbol may be written in any letter case; an unknown one is refused', async () => {
    const { browser } = await customer();
    expect((await open(browser, { symbol: 'ethusd', direction: 'sell' })).symbol).toBe('ETHUSD');
    const res = await placeTradeRequest(browser, {
      symbol: 'NOPE',
      direction: 'buy',
      amount: '1',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Unknown instrument: NOPE' });
  });

  test('a stale price is refused with 503 and nothing moves', async () => {
    const { browser } = await customer();
    quotes.set('BTCUSD', '67234.12', { stale: true });
    const res = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'PRICE_UNAVAILABLE' });
    expect(res.json().message).toContain('BTCUSD');
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00', reserved: '0.00' });
  });

  test('no price at all is refused with 503 as well', async () => {
    const { browser } = await customer();
    quotes.clear('BTCUSD');
    const res = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(503);
  });

  test('an amount above the available cash is refused: "Insufficient balance"', async () => {
    const { browser, user } = await customer(10_000n);
    const res = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100.01',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' });
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toEqual([]);
    // The whole cash is fine.
    await open(browser, { amount: '100' });
  });

  test('a lot size above the maximum leverage (100) is refused; 100 is allowed', async () => {
    const { browser } = await customer();
    const res = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '100.01',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().message).toContain('at most 100');
    expect((await open(browser, { amount: '10', lotSize: '100' })).exposure).toBe('1000.00');
  });

  test('lot size and amount are validated with the seed texts', async () => {
    const { browser } = await customer();
    const cases: [object, string][] = [
      [{ lotSize: 'abc' }, 'Lot size must be a number'],
      [{ lotSize: '0' }, 'Lot size must be greater than zero'],
      [{ lotSize: '' }, 'Input your lot size'],
      [{ amount: '' }, 'Input an amount'],
    ];
    for (const [body, message] of cases) {
      const res = await placeTradeRequest(browser, {
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '10',
        lotSize: '1',
        ...body,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  test('a suspended customer cannot open a trade', async () => {
    const { browser } = await customer(10_000n, { status: 'suspended' });
    const res = await placeTradeRequest(browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_INACTIVE', message: INACTIVE_ACCOUNT_MESSAGE });
  });

  test('a signed-out visitor cannot open a trade', async () => {
    const body = { symbol: 'BTCUSD', direction: 'buy', amount: '10', lotSize: '1' };
    expect((await t.app.inject({ method: 'POST', url: '/api/trades', payload: body })).statusCode).toBe(401);
  });
});

describe('closing a trade', () => {
  test('closes at the market price: the balances change by exactly the result, which is the profit balance', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '68000.00');
    const res = await closeTradeRequest(browser, trade.id);
    expect(res.statusCode, res.body).toBe(200);
    // 200.00 × (68000.00 ÷ 67234.12 − 1) = 2.2782… → 2.28
    const expected = computeTradeResult({
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 200,
      openPrice: '67234.12',
      closePrice: '68000.00',
    });
    expect(expected).toBe(228n);
    expect(res.json()).toMatchObject({
      status: 'closed',
      closePrice: '68000.00',
      result: '2.28',
      closedBy: 'customer',
    });
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '1002.28',
      reserved: '0.00',
      total: '1002.28',
      profit: '2.28',
    });
    expect(await entriesOf(trade.id)).toEqual([
      { kind: 'trade_margin' },
      { kind: 'trade_margin_release' },
      { kind: 'trade_result' },
    ]);
  });

  test('a SELL closed above its open price realises a loss, taken from the cash', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'EURUSD', direction: 'sell', amount: '50', lotSize: '10' });
    quotes.set('EURUSD', '1.08500');
    const closed = (await closeTradeRequest(browser, trade.id)).json();
    // 500.00 × (1.08500 ÷ 1.08345 − 1) = 0.7152… → SELL: −0.72
    expect(closed.result).toBe('-0.72');
    expect(await readBalancesOf(browser)).toMatchObject({ available: '999.28', profit: '-0.72' });
  });

  test('closing at the open price moves nothing but the margin', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    const closed = (await closeTradeRequest(browser, trade.id)).json();
    expect(closed.result).toBe('0.00');
    expect(await entriesOf(trade.id)).toEqual([{ kind: 'trade_margin' }, { kind: 'trade_margin_release' }]);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1000.00', profit: '0.00' });
  });

  test('a loss never exceeds the amount, even when the price fell further before anybody closed', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { lotSize: '50' });
    quotes.set('BTCUSD', '60000.00');
    const closed = (await closeTradeRequest(browser, trade.id)).json();
    expect(closed.result).toBe('-100.00');
    expect(await readBalancesOf(browser)).toMatchObject({ available: '900.00', reserved: '0.00' });
  });

  test('a trade cannot be closed twice', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    expect((await closeTradeRequest(browser, trade.id)).statusCode).toBe(200);
    const again = await closeTradeRequest(browser, trade.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'ALREADY_DECIDED', message: 'This trade is already closed' });
  });

  test('two closes racing: one closes, the other is refused, one result is posted', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '70000.00');
    const answers = await Promise.all([
      closeTradeRequest(browser, trade.id, randomUUID()),
      closeTradeRequest(browser, trade.id, randomUUID()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await entriesOf(trade.id)).toEqual([
      { kind: 'trade_margin' },
      { kind: 'trade_margin_release' },
      { kind: 'trade_result' },
    ]);
    const result = (await rowOf(trade.id)).resultMinor ?? 0n;
    expect(await readBalancesOf(browser)).toMatchObject({ total: formatDecimal(100_000n + result) });
  });

  test('twenty closes racing close once', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { direction: 'sell' });
    quotes.set('BTCUSD', '67000.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => closeTradeRequest(browser, trade.id, randomUUID())),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    expect((await entriesOf(trade.id)).filter((e) => e.kind === 'trade_margin_release')).toHaveLength(1);
  });

  test("a customer cannot close another customer's trade (404), nor an unknown one", async () => {
    const owner = await customer();
    const other = await customer();
    const trade = await open(owner.browser);
    const res = await closeTradeRequest(other.browser, trade.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Trade not found' });
    expect((await closeTradeRequest(other.browser, randomUUID())).statusCode).toBe(404);
    expect((await closeTradeRequest(other.browser, 'not-a-uuid')).statusCode).toBe(404);
    expect((await rowOf(trade.id)).status).toBe('open');
  });

  test('a stale price is refused when closing; the trade stays open', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '68000.00', { stale: true });
    const res = await closeTradeRequest(browser, trade.id);
    expect(res.statusCode).toBe(503);
    expect((await rowOf(trade.id)).status).toBe('open');
  });

  test('a suspended customer can still close their own open trade', async () => {
    const { browser, user } = await customer();
    const trade = await open(browser);
    await t.db.execute(sql`update users set status = 'suspended' where id = ${user.id}`);
    expect((await closeTradeRequest(browser, trade.id)).statusCode).toBe(200);
  });
});

/**
 * A trade's time and its price agree: a request that waits for its locks is priced at the latest
 * quote when it is decided, which may have come after the transaction's clock was read (found in the
 * copy journey under load: a BUY priced at a tick 1–2 s after its openedAt). The trade's time is
 * then the quote's, so no price newer than the trade's time existed before it.
 */
describe("a trade's time is never before its price", () => {
  test('opened at a quote that came after the clock was read: openedAt is the quote time', async () => {
    const { browser } = await customer();
    const later = new Date(Date.now() + 2_000);
    quotes.set('BTCUSD', '67300.00', { time: later });
    const trade = await open(browser);
    expect(trade.openPrice).toBe('67300.00');
    expect(trade.openedAt).toBe(later.toISOString());
    expect((await rowOf(trade.id)).openedAt.toISOString()).toBe(later.toISOString());
  });

  test('opened at an older quote (still the latest): openedAt is the clock, after the quote', async () => {
    const { browser } = await customer();
    const earlier = new Date(Date.now() - 1_500);
    quotes.set('BTCUSD', '67100.00', { time: earlier });
    const before = Date.now();
    const trade = await open(browser);
    expect(Date.parse(trade.openedAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(trade.openedAt)).toBeLessThanOrEqual(Date.now());
  });

  test('closed at a quote that came after the clock was read: closedAt is the quote time', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    const later = new Date(Date.now() + 2_000);
    quotes.set('BTCUSD', '68000.00', { time: later });
    const res = await closeTradeRequest(browser, trade.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closePrice: '68000.00', closedAt: later.toISOString() });
  });
});

describe('idempotent replays', () => {
  test('replaying an open with its Idempotency-Key opens one trade and reserves once', async () => {
    const { browser, user } = await customer();
    const key = randomUUID();
    const body = { symbol: 'BTCUSD', direction: 'buy', amount: '100', lotSize: '1' };
    const first = await placeTradeRequest(browser, body, key);
    quotes.set('BTCUSD', '99999.99');
    const second = await placeTradeRequest(browser, body, key);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '900.00', reserved: '100.00' });
    const other = await placeTradeRequest(browser, { ...body, amount: '5' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  test('the same open sent five times at once opens one trade, and every attempt gets its answer', async () => {
    const { browser, user } = await customer();
    const key = randomUUID();
    const body = { symbol: 'ETHUSD', direction: 'sell', amount: '50', lotSize: '1' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeTradeRequest(browser, body, key)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(answers[0]?.json());
    }
    expect(await t.db.select().from(trades).where(eq(trades.userId, user.id))).toHaveLength(1);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '950.00', reserved: '50.00' });
  });

  test('replaying a close with its Idempotency-Key moves the money once', async () => {
    const { browser } = await customer();
    const trade = await open(browser);
    quotes.set('BTCUSD', '68000.00');
    const key = randomUUID();
    const first = await closeTradeRequest(browser, trade.id, key);
    quotes.set('BTCUSD', '10000.00');
    const second = await closeTradeRequest(browser, trade.id, key);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await entriesOf(trade.id)).toHaveLength(3);
    expect(await readBalancesOf(browser)).toMatchObject({ available: '1002.28' });
  });
});

describe('the customer trade lists', () => {
  test('own trades only, open or closed, newest first, 5 a page', async () => {
    const { browser } = await customer();
    const other = await customer();
    await open(other.browser);
    const opened: TradeAnswer[] = [];
    for (let i = 0; i < 7; i++) {
      opened.push(await open(browser, { amount: String(10 + i) }));
      await tick();
    }
    for (const trade of opened.slice(0, 2)) {
      await closeTradeRequest(browser, trade.id);
      await tick();
    }

    const page1 = (await browser.request({ method: 'GET', url: '/api/trades?status=open' })).json();
    expect(page1).toMatchObject({ page: 1, pageCount: 1, total: 5 });
    expect(page1.items.map((i: TradeAnswer) => i.amount)).toEqual([
      '16.00',
      '15.00',
      '14.00',
      '13.00',
      '12.00',
    ]);

    // Closed is the default tab; the last one closed comes first.
    const closed = (await browser.request({ method: 'GET', url: '/api/trades' })).json();
    expect(closed.items.map((i: TradeAnswer) => i.amount)).toEqual(['11.00', '10.00']);
    expect(closed.items.every((i: TradeAnswer) => i.status === 'closed')).toBe(true);
  });

  test('pages hold 5 trades', async () => {
    const { browser } = await customer();
    for (let i = 0; i < 6; i++) {
      await open(browser, { amount: String(1 + i) });
      await tick();
    }
    const page2 = (await browser.request({ method: 'GET', url: '/api/trades?status=open&page=2' })).json();
    expect(page2).toMatchObject({ page: 2, pageCount: 2, total: 6 });
    expect(page2.items.map((i: TradeAnswer) => i.amount)).toEqual(['1.00']);
  });
});

describe('stop-out', () => {
  test('is subscribed to the live quotes while the app runs, and lets go when stopped', async () => {
    const started = await createTestApp();
    try {
      const listening = started.app.market.live.listenerCount;
      expect(listening).toBeGreaterThanOrEqual(1);
      await started.app.stopOut.stop();
      expect(started.app.market.live.listenerCount).toBe(listening - 1);
    } finally {
      await started.close();
    }
  });

  test('a tick crossing the stop-out price closes the trade at −amount, at that tick', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'ETHUSD', direction: 'sell', amount: '100', lotSize: '50' });
    const stop = {
      direction: 'sell',
      amountCents: 10_000n,
      lotHundredths: 5000,
      openPrice: '3000.00',
    } as const;
    // SELL ×50: the loss reaches the amount at about +2 %.
    expect(isStopOut({ ...stop, price: '3059.99' })).toBe(false);
    expect(isStopOut({ ...stop, price: '3060.00' })).toBe(true);
    const tick = (price: string) => ({ ...quotes.set('ETHUSD', price) });

    expect(await t.app.stopOut.check([tick('3059.99')])).toBe(0);
    expect((await rowOf(trade.id)).status).toBe('open');

    expect(await t.app.stopOut.check([tick('3030.00'), tick('3060.00'), tick('3040.00')])).toBe(1);
    const row = await rowOf(trade.id);
    expect(row).toMatchObject({
      status: 'closed',
      closePrice: '3060.00',
      resultMinor: -10_000n,
      closedBy: 'stop_out',
      closedByUserId: null,
    });
    expect(await readBalancesOf(browser)).toMatchObject({
      available: '900.00',
      reserved: '0.00',
      profit: '-100.00',
    });
    // The customer's close comes too late; a second crossing tick changes nothing.
    expect((await closeTradeRequest(browser, trade.id)).statusCode).toBe(409);
    expect(await t.app.stopOut.check([tick('4000.00')])).toBe(0);
    expect(await entriesOf(trade.id)).toHaveLength(3);
  });

  test('one batch stops out trades of several symbols and both directions, and spares the others', async () => {
    // Symbols no other test trades, so the count is this test's own.
    const { browser } = await customer();
    quotes.set('AAPL', '200.00');
    quotes.set('GBPUSD', '1.33100');
    quotes.set('TSLA', '300.00');
    const buy = await open(browser, { symbol: 'AAPL', direction: 'buy', amount: '10', lotSize: '20' });
    const sell = await open(browser, { symbol: 'GBPUSD', direction: 'sell', amount: '10', lotSize: '25' });
    const safe = await open(browser, { symbol: 'AAPL', direction: 'buy', amount: '10', lotSize: '1' });
    const sellSafe = await open(browser, { symbol: 'GBPUSD', direction: 'sell', amount: '10', lotSize: '2' });
    const tslaSell = await open(browser, { symbol: 'TSLA', direction: 'sell', amount: '10', lotSize: '50' });
    // AAPL ×20 stops out about 5 % down; GBPUSD ×25 (SELL) about 4 % up; a stale TSLA quote is ignored.
    const closed = await t.app.stopOut.check([
      quotes.set('AAPL', '189.99'),
      quotes.set('GBPUSD', '1.38500'),
      quotes.set('TSLA', '400.00', { stale: true }),
    ]);
    expect(closed).toBe(2);
    expect((await rowOf(buy.id)).resultMinor).toBe(-1_000n);
    expect((await rowOf(sell.id)).resultMinor).toBe(-1_000n);
    expect((await rowOf(safe.id)).status).toBe('open');
    expect((await rowOf(sellSafe.id)).status).toBe('open');
    expect((await rowOf(tslaSell.id)).status).toBe('open');
  });

  test('ticks that only pass the rounded pre-filter close nothing', async () => {
    const { browser } = await customer();
    const trade = await open(browser, { symbol: 'EURUSD', direction: 'buy', amount: '3', lotSize: '3' });
    const row = await rowOf(trade.id);
    const filter = row.stopOutPrice ?? '';
    // The stored price is rounded up; the price of its last digit but one passes the filter only.
    expect(
      isStopOut({
        direction: 'buy',
        amountCents: 300n,
        lotHundredths: 300,
        openPrice: '1.08345',
        price: filter,
      }),
    ).toBe(false);
    expect(await t.app.stopOut.check([quotes.set('EURUSD', filter)])).toBe(0);
    expect((await rowOf(trade.id)).status).toBe('open');
  });
});
