import type { Quote } from '@candor/contracts/market';
import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { REFERENCE_ORIGIN_SECONDS } from '@candor/domain/market/simulated-market';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import { createSignalRatings } from '../modules/signals/signal-ratings.ts';
import { requireSignalStrength } from '../modules/signals/signals.service.ts';
import { createManualClock } from '../test/manual-clock.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { insertMinuteCandles } from './candles.repository.ts';
import { createMarketService, type MarketService } from './market.service.ts';
import { silentLogger } from './market-logger.ts';
import { planSources } from './market-sources.ts';
import type { PriceSource, Tick } from './price-source.ts';
import { createLocalQuoteBus } from './quote-bus.ts';

/**
 * The service with a real source beside the simulated market (a fake standing in for CoinGecko):
 * which source prices what, candles from stored minutes, and stale prices.
 */
const clock = createManualClock(new Date('2026-11-22T12:30:00Z'));
const REAL = new Set(['BTCUSD', 'ETHUSD']);

type FakeRealSource = PriceSource & { emit(tick: Tick): void; stale: boolean };

function createFakeRealSource(): FakeRealSource {
  let onTick: ((tick: Tick) => void) | undefined;
  const last = new Map<string, Tick>();
  const source: FakeRealSource = {
    id: 'coingecko',
    stale: false,
    covers: (symbol) => REAL.has(symbol),
    latest: (symbol) => last.get(symbol),
    isStale: (symbol) => source.stale || !last.has(symbol),
    start: (listener) => {
      onTick = listener;
    },
    stop: async () => {
      onTick = undefined;
    },
    emit: (tick) => {
      last.set(tick.symbol, tick);
      onTick?.(tick);
    },
  };
  return source;
}

let database: Database;
let drop: () => Promise<void>;
let market: MarketService;
let real: FakeRealSource | undefined;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const plan = planSources({
    instruments: INSTRUMENTS,
    settings: { seed: 1, originSeconds: REFERENCE_ORIGIN_SECONDS },
    clock: clock.now,
    tickMs: 3_600_000,
    createRealSource: () => {
      real = createFakeRealSource();
      return real;
    },
  });
  market = createMarketService({
    db: database.db,
    instruments: INSTRUMENTS,
    settings: { seed: 1, originSeconds: REFERENCE_ORIGIN_SECONDS },
    plan,
    bus: createLocalQuoteBus(),
    clock: clock.now,
    tickMs: 3_600_000,
    logger: silentLogger,
  });
  await market.start();
  await market.live.settle();
});
afterAll(async () => {
  await market.stop();
  await drop();
});

function btcTick(price: string, iso: string): Tick {
  return { symbol: 'BTCUSD', price, time: new Date(iso), source: 'coingecko', change24hPercent: '2.50' };
}

test('a symbol the real source covers has no price until the source answers: never a simulated one', () => {
  expect(() => market.requireQuote('BTCUSD')).toThrow(
    new AppError('NOT_FOUND', 'No price for BTCUSD yet: its source has not answered'),
  );
  expect(market.requireQuote('EURUSD')).toMatchObject({ source: 'simulated', stale: false });
});

test('its quotes say where they come from, and a stale source makes them stale for every listener', async () => {
  const received: Quote[] = [];
  market.subscribe(['BTCUSD'], (quote) => received.push(quote));
  real!.emit(btcTick('67234.12', '2026-11-22T12:29:58Z'));
  await market.live.settle();
  expect(market.requireQuote('btcusd')).toEqual({
    symbol: 'BTCUSD',
    price: '67234.12',
    time: '2026-11-22T12:29:58.000Z',
    source: 'coingecko',
    stale: false,
    change24hPercent: '2.50',
  });
  real!.stale = true;
  // The stale check (every tick interval) republishes the flag without a new price.
  market.live.recheckStale();
  await market.live.settle();
  expect(received.map((q) => q.stale)).toEqual([false, true]);
  expect(market.requireQuote('BTCUSD').stale).toBe(true);
});

test('candles of a real-source symbol are its stored minutes, aggregated', async () => {
  const minute = (iso: string, open: string, high: string, low: string, close: string) => ({
    symbol: 'ETHUSD',
    time: new Date(iso),
    open,
    high,
    low,
    close,
    source: 'coingecko' as const,
  });
  await insertMinuteCandles(database.db, [
    minute('2026-11-22T11:58:00Z', '3000.00', '3010.00', '2990.00', '3005.00'),
    minute('2026-11-22T12:01:00Z', '3005.00', '3020.00', '3001.00', '3015.00'),
    minute('2026-11-22T12:02:00Z', '3015.00', '3016.00', '2980.50', '2999.99'),
  ]);
  const response = await market.readCandles('ETHUSD', {
    interval: '1h',
    from: Date.parse('2026-11-22T11:00:00Z') / 1000,
  });
  expect(response).toEqual({
    symbol: 'ETHUSD',
    interval: '1h',
    source: 'coingecko',
    candles: [
      {
        time: Date.parse('2026-11-22T11:00:00Z') / 1000,
        open: '3000.00',
        high: '3010.00',
        low: '2990.00',
        close: '3005.00',
      },
      {
        time: Date.parse('2026-11-22T12:00:00Z') / 1000,
        open: '3005.00',
        high: '3020.00',
        low: '2980.50',
        close: '2999.99',
      },
    ],
  });
  expect((await market.readCandles('EURUSD', { interval: '1h' })).source).toBe('simulated');
});

test('a real-source symbol without enough history has no rating yet', async () => {
  const deps = { market, ratings: createSignalRatings(market, clock.now) };
  await expect(requireSignalStrength(deps, 'BTCUSD')).rejects.toThrow(
    'Not enough price history to rate BTCUSD yet',
  );
  expect((await requireSignalStrength(deps, 'EURUSD')).interval).toBe('1h');
});
