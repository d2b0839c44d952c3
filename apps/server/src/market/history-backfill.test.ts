import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Database } from '../db/client.ts';
import { openTestDatabase } from '../test/test-app.ts';
import { readStoredCandles, readStoredSpan } from './candles.repository.ts';
import { createCoinGeckoClient } from './coingecko/coingecko-client.ts';
import { createCoinGeckoSource } from './coingecko/coingecko-source.ts';
import { createFakeFetch, createRecordingSleep, type ScriptedStep } from './coingecko/fake-fetch.ts';
import { backfillHistory, toHistoryMinutes, withHistoryBackfill } from './history-backfill.ts';

function buildInstrument(symbol: string, coingeckoId: string): InstrumentSpec {
  return {
    symbol,
    class: 'crypto',
    name: symbol,
    pricePrecision: 2,
    referencePrice: '1.00',
    annualVolatility: 0.6,
    coingeckoId,
  };
}

const INSTRUMENTS = [
  buildInstrument('BTCUSD', 'bitcoin'),
  buildInstrument('ETHUSD', 'ethereum'),
  buildInstrument('XRPUSD', 'ripple'),
  buildInstrument('SOLUSD', 'solana'),
  buildInstrument('DOGEUSD', 'dogecoin'),
];
/** 2026-01-01T00:00:00Z */
const START = new Date(1767225600_000);
const NOW_SECONDS = START.getTime() / 1000;
const HOUR_MS = 3_600_000;

/** CoinGecko's answer for days=14: hourly points, oldest first, the last one just now. */
function hourlyChart(): ScriptedStep {
  const prices: [number, number][] = [];
  for (let t = START.getTime() - 14 * 24 * HOUR_MS + 123_456; t < START.getTime(); t += HOUR_MS) {
    prices.push([t, 60_000 + ((t / HOUR_MS) % 50) * 10.123]);
  }
  prices.push([START.getTime() - 10_000, 67_234.12]);
  return { status: 200, body: JSON.stringify({ prices, market_caps: [], total_volumes: [] }) };
}

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

function setUp(script: readonly ScriptedStep[]) {
  const fake = createFakeFetch(script);
  const pauses = createRecordingSleep();
  const client = createCoinGeckoClient({ fetch: fake.fetch, sleep: createRecordingSleep().sleep });
  const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const source = createCoinGeckoSource({ client, instruments: INSTRUMENTS, logger, now: () => START });
  const options = { db: database.db, source, clock: () => START, logger, sleep: pauses.sleep };
  return { source, options, logger, requests: fake.requests, pauses: pauses.waits };
}

test('the stored history gives at least 300 hourly candles of one price each', async () => {
  const { options, requests } = setUp([hourlyChart()]);
  await backfillHistory({ ...options, symbols: ['BTCUSD'], signal: new AbortController().signal });

  expect(requests[0]?.url.pathname).toMatch(/\/coins\/bitcoin\/market_chart$/);
  expect(requests[0]?.url.searchParams.get('days')).toBe('14');
  const range = { from: NOW_SECONDS - 300 * 3600, to: NOW_SECONDS };
  const hourly = await readStoredCandles(database.db, 'BTCUSD', '1h', range);
  expect(hourly.length).toBeGreaterThanOrEqual(300);
  expect(hourly.at(-1)).toMatchObject({ time: NOW_SECONDS - 3600, close: '67234.12' });
  const first = hourly[0]!;
  expect([first.open, first.high, first.low]).toEqual([first.close, first.close, first.close]);
});

test('a symbol whose stored history reaches back far enough is not asked for again', async () => {
  const { options, requests } = setUp([hourlyChart()]);
  const signal = new AbortController().signal;
  await backfillHistory({ ...options, symbols: ['ETHUSD'], signal });
  await backfillHistory({ ...options, symbols: ['ETHUSD'], signal });
  expect(requests).toHaveLength(1);
});

test('a symbol that fails is logged and the next one is still filled, after a pause', async () => {
  const { options, requests, logger, pauses } = setUp([
    { status: 404, fixture: 'http-404-coin-not-found.json' },
    hourlyChart(),
  ]);
  await backfillHistory({ ...options, symbols: ['XRPUSD', 'SOLUSD'], signal: new AbortController().signal });

  expect(requests).toHaveLength(2);
  expect(pauses).toEqual([5_000]);
  expect(logger.warn).toHaveBeenCalledWith(
    expect.objectContaining({ symbol: 'XRPUSD' }),
    'Price history could not be fetched',
  );
  expect((await readStoredSpan(database.db, 'XRPUSD', 0)).minutes).toBe(0);
  expect((await readStoredSpan(database.db, 'SOLUSD', 0)).minutes).toBe(337);
});

test('stopping the source cancels the fill under way and asks for no other symbol', async () => {
  const { options, logger } = setUp([]);
  const charts = createFakeFetch(['hang']);
  const polls = createFakeFetch([{ status: 200, fixture: 'simple-price.json' }]);
  const client = createCoinGeckoClient({
    fetch: (input, init) =>
      String(input).includes('/market_chart') ? charts.fetch(input, init) : polls.fetch(input, init),
  });
  const real = createCoinGeckoSource({ client, instruments: INSTRUMENTS, logger, now: () => START });
  // DOGEUSD's request hangs; XRPUSD (nothing stored) would come next.
  const instruments = ['DOGEUSD', 'XRPUSD'].map(
    (symbol) => INSTRUMENTS.find((spec) => spec.symbol === symbol)!,
  );
  const wrapped = withHistoryBackfill(real, { ...options, instruments });

  expect(wrapped.covers('DOGEUSD')).toBe(true);
  wrapped.start(() => {});
  await vi.waitFor(() => expect(charts.requests).toHaveLength(1));
  await wrapped.stop();

  expect(charts.requests[0]?.url.pathname).toMatch(/\/coins\/dogecoin\/market_chart$/);
  expect(charts.requests[0]?.signal?.aborted).toBe(true);
  expect(polls.requests).toHaveLength(1);
  expect(logger.warn).not.toHaveBeenCalledWith(expect.anything(), 'Price history could not be fetched');
  expect(logger.error).not.toHaveBeenCalled();
  expect((await readStoredSpan(database.db, 'DOGEUSD', 0)).minutes).toBe(0);
});

test('each point is the candle of its minute; the first point of a minute wins and the open minute is left out', () => {
  const points = [
    { time: NOW_SECONDS - 125, price: '1.00' },
    { time: NOW_SECONDS - 100, price: '2.00' },
    { time: NOW_SECONDS - 61, price: '3.00' },
    { time: NOW_SECONDS + 5, price: '4.00' },
  ];
  expect(toHistoryMinutes('BTCUSD', 'coingecko', points, NOW_SECONDS + 30)).toEqual([
    {
      symbol: 'BTCUSD',
      time: new Date((NOW_SECONDS - 180) * 1000),
      open: '1.00',
      high: '1.00',
      low: '1.00',
      close: '1.00',
      source: 'coingecko',
    },
    {
      symbol: 'BTCUSD',
      time: new Date((NOW_SECONDS - 120) * 1000),
      open: '2.00',
      high: '2.00',
      low: '2.00',
      close: '2.00',
      source: 'coingecko',
    },
  ]);
});
