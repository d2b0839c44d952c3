import type { Quote } from '@candor/contracts/market';
import { findInstrument } from '@candor/domain/market/instruments';
import { simulatedPriceAt } from '@candor/domain/market/simulated-market';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { candles1m } from '../db/schema/market.ts';
import { createManualClock, type ManualClock } from '../test/manual-clock.ts';
import {
  createSimulatedLiveMarket,
  HAND_DRIVEN_TICK_MS,
  type SimulatedLiveMarket,
  TEST_SIMULATION,
} from '../test/simulated-live-market.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { insertMinuteCandles } from './candles.repository.ts';
import { createQuoteBus } from './market-from-env.ts';
import { silentLogger } from './market-logger.ts';
import type { QuoteBus, QuoteBusHandlers } from './quote-bus.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

type Harness = SimulatedLiveMarket;

function createHarness(clock: ManualClock, bus?: QuoteBus): Harness {
  return createSimulatedLiveMarket({
    clock,
    symbols: ['EURUSD', 'BTCUSD', 'AAPL'],
    bus,
    saveMinutes: (minutes) => insertMinuteCandles(database.db, minutes),
  });
}

function priceAt(symbol: string, iso: string): string {
  return simulatedPriceAt(findInstrument(symbol)!, TEST_SIMULATION, Date.parse(iso) / 1000);
}

function tickAt(h: Harness, iso: string): Promise<void> {
  return h.tickAt(iso);
}

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('minute candles of the live ticks', () => {
  test('each closed minute is stored once for every symbol; the minute still open is not', async () => {
    const h = createHarness(createManualClock(new Date('2026-11-20T12:00:30Z')));
    await h.live.start(); // the first tick, at 12:00:30
    await tickAt(h, '2026-11-20T12:00:45Z');
    await tickAt(h, '2026-11-20T12:00:59Z');
    expect(await database.db.select().from(candles1m)).toHaveLength(0);

    await tickAt(h, '2026-11-20T12:01:05Z');
    const rows = await database.db.select().from(candles1m).orderBy(asc(candles1m.symbol));
    expect(rows.map((r) => r.symbol)).toEqual(['AAPL', 'BTCUSD', 'EURUSD']);
    for (const row of rows) {
      const seen = ['12:00:30', '12:00:45', '12:00:59'].map((s) =>
        Number(priceAt(row.symbol, `2026-11-20T${s}Z`)),
      );
      expect(row.time.toISOString()).toBe('2026-11-20T12:00:00.000Z');
      expect(row.source).toBe('simulated');
      expect(Number(row.open)).toBe(seen[0]);
      expect(Number(row.close)).toBe(seen[2]);
      expect(Number(row.high)).toBe(Math.max(...seen));
      expect(Number(row.low)).toBe(Math.min(...seen));
    }

    await tickAt(h, '2026-11-20T12:01:40Z');
    expect(await database.db.select().from(candles1m)).toHaveLength(3);
    await tickAt(h, '2026-11-20T12:02:00Z');
    expect(await database.db.select().from(candles1m)).toHaveLength(6);
    await h.live.stop();
    expect(await database.db.select().from(candles1m)).toHaveLength(6);
  });

  test('a minute already stored is kept (a restart or a second producer)', async () => {
    const time = new Date('2026-11-20T12:00:00Z');
    const again = {
      symbol: 'EURUSD',
      time,
      open: '9',
      high: '9',
      low: '9',
      close: '9',
      source: 'simulated',
    } as const;
    await insertMinuteCandles(database.db, [again]);
    const rows = await database.db
      .select()
      .from(candles1m)
      .where(and(eq(candles1m.symbol, 'EURUSD'), eq(candles1m.time, time)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.open).toBe(priceAt('EURUSD', '2026-11-20T12:00:30Z'));
  });
});

describe('quotes', () => {
  test('listeners get each new quote of their symbols until they unsubscribe', async () => {
    const h = createHarness(createManualClock(new Date('2026-11-21T08:00:00Z')));
    await h.live.start();
    await h.live.settle();
    const received: Quote[] = [];
    const unsubscribe = h.live.subscribe(['EURUSD', 'AAPL'], (quote) => received.push(quote));
    await tickAt(h, '2026-11-21T08:00:01Z');
    expect(received.map((q) => q.symbol).sort()).toEqual(['AAPL', 'EURUSD']);
    expect(received.find((q) => q.symbol === 'EURUSD')).toEqual({
      symbol: 'EURUSD',
      price: priceAt('EURUSD', '2026-11-21T08:00:01Z'),
      time: '2026-11-21T08:00:01.000Z',
      source: 'simulated',
      stale: false,
      change24hPercent: expect.stringMatching(/^-?\d+\.\d{2}$/),
    });
    // The same second again is no news.
    await tickAt(h, '2026-11-21T08:00:01Z');
    expect(received).toHaveLength(2);
    unsubscribe();
    expect(h.live.listenerCount).toBe(0);
    await tickAt(h, '2026-11-21T08:00:02Z');
    expect(received).toHaveLength(2);
    expect(h.live.quote('EURUSD')?.time).toBe('2026-11-21T08:00:02.000Z');
    await h.live.stop();
  });

  test('one function subscribed twice is two subscriptions: ending one leaves the other', async () => {
    const h = createHarness(createManualClock(new Date('2026-11-21T08:30:00Z')));
    await h.live.start();
    await h.live.settle();
    const received: string[] = [];
    const listener = (quote: Quote) => received.push(quote.symbol);
    const wide = h.live.subscribe(['EURUSD', 'BTCUSD'], listener);
    const narrow = h.live.subscribe(['BTCUSD'], listener);
    await tickAt(h, '2026-11-21T08:30:01Z');
    expect(received.sort()).toEqual(['BTCUSD', 'BTCUSD', 'EURUSD']);
    narrow();
    received.length = 0;
    await tickAt(h, '2026-11-21T08:30:02Z');
    expect(received.sort()).toEqual(['BTCUSD', 'EURUSD']);
    expect(h.live.listenerCount).toBe(1);
    wide();
    await h.live.stop();
  });

  test('a quote older than the one known is no news (a batch overtaken by a later one)', async () => {
    let handlers: QuoteBusHandlers | undefined;
    const bus: QuoteBus = {
      async start(given) {
        handlers = given;
        given.onLeadership(false);
      },
      async publish() {},
      async stop() {},
    };
    const h = createHarness(createManualClock(new Date('2026-11-21T08:45:00Z')), bus);
    await h.live.start();
    const received: string[] = [];
    h.live.subscribe(['BTCUSD'], (quote) => received.push(quote.time));
    const quoteAt = (iso: string): Quote => ({
      symbol: 'BTCUSD',
      price: priceAt('BTCUSD', iso),
      time: iso,
      source: 'simulated',
      stale: false,
      change24hPercent: null,
    });
    handlers?.onBatch([quoteAt('2026-11-21T08:45:02.000Z')]);
    handlers?.onBatch([quoteAt('2026-11-21T08:45:01.000Z')]);
    handlers?.onBatch([{ ...quoteAt('2026-11-21T08:45:02.000Z'), stale: true }]);
    expect(received).toEqual(['2026-11-21T08:45:02.000Z', '2026-11-21T08:45:02.000Z']);
    expect(h.live.quote('BTCUSD')).toMatchObject({ time: '2026-11-21T08:45:02.000Z', stale: true });
    await h.live.stop();
  });

  test('batches are sent in the order they were made, also when sending one takes longer', async () => {
    let handlers: QuoteBusHandlers | undefined;
    let sends = 0;
    const delivered: string[] = [];
    const bus: QuoteBus = {
      async start(given) {
        handlers = given;
        given.onLeadership(true);
      },
      async publish(quotes) {
        const first = sends++ === 0;
        await new Promise((resolve) => setTimeout(resolve, first ? 50 : 0));
        delivered.push(quotes[0]?.time ?? '');
        handlers?.onBatch([...quotes]);
      },
      async stop() {},
    };
    const h = createHarness(createManualClock(new Date('2026-11-21T08:50:00Z')), bus);
    await h.live.start(); // the first tick, sent slowly
    await tickAt(h, '2026-11-21T08:50:01Z');
    expect(delivered).toEqual(['2026-11-21T08:50:00.000Z', '2026-11-21T08:50:01.000Z']);
    expect(h.live.quote('BTCUSD')?.time).toBe('2026-11-21T08:50:01.000Z');
    await h.live.stop();
  });

  test('quotes turn stale when no batch has arrived for ten tick intervals (the producer is gone)', async () => {
    const h = createHarness(createManualClock(new Date('2026-11-21T09:00:00Z')));
    await h.live.start();
    await h.live.settle();
    expect(h.live.quote('BTCUSD')?.stale).toBe(false);
    h.clock.advance(10 * HAND_DRIVEN_TICK_MS + 1);
    expect(h.live.quote('BTCUSD')?.stale).toBe(true);
    await tickAt(h, new Date(h.clock.now().getTime() + 1000).toISOString());
    expect(h.live.quote('BTCUSD')?.stale).toBe(false);
    await h.live.stop();
  });
});

test(`a server that does not produce streams the producer's ticks (NOTIFY/LISTEN on PostgreSQL, in-process on the embedded database)`, async () => {
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  const received: Quote[] = [];
  expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  if (database.kind === 'postgres') {
    const a = createHarness(clock, createQuoteBus(database, silentLogger, { retryMs: 100 }));
    const b = createHarness(clock, createQuoteBus(database, silentLogger, { retryMs: 100 }));
    await a.live.start();
    await b.live.start();
    expect([a.live.producing, b.live.producing]).toEqual([true, false]);
    b.live.subscribe(['BTCUSD'], (quote) => received.push(quote));
    await tickAt(a, '2026-11-21T10:00:01Z');
    await waitFor(() => received.length === 1);
    expect(received[0]).toMatchObject({
      symbol: 'BTCUSD',
      time: '2026-11-21T10:00:01.000Z',
      source: 'simulated',
    });
    expect(received[0]?.price).toBe(priceAt('BTCUSD', '2026-11-21T10:00:01Z'));
    // The producer stops: the other server takes the lock and produces itself.
    await a.live.stop();
    await waitFor(() => b.live.producing);
    // Its first tick (still 10:00:01) is no news; the next one is.
    await tickAt(b, '2026-11-21T10:00:02Z');
    await waitFor(() => received.at(-1)?.time === '2026-11-21T10:00:02.000Z');
    expect(received.map((q) => q.time)).toEqual(['2026-11-21T10:00:01.000Z', '2026-11-21T10:00:02.000Z']);
    await b.live.stop();
  } else {
    const h = createHarness(clock, createQuoteBus(database, silentLogger));
    await h.live.start();
    await h.live.settle();
    expect(h.live.producing).toBe(true);
    h.live.subscribe(['BTCUSD'], (quote) => received.push(quote));
    await tickAt(h, '2026-11-21T10:00:01Z');
    expect(received.map((q) => q.time)).toEqual(['2026-11-21T10:00:01.000Z']);
    await h.live.stop();
  }
});
