import type { OhlcCandle } from '@candor/domain/market/candle';
import { aggregateCandles } from '@candor/domain/market/candles';
import { findInstrument } from '@candor/domain/market/instruments';
import {
  REFERENCE_ORIGIN_SECONDS,
  simulatedCandles,
  simulatedPriceAt,
} from '@candor/domain/market/simulated-market';
import { expect, test } from 'vitest';
import { createCandleCache } from './candle-cache.ts';
import { createSimulatedHistory } from './simulated-history.ts';

const settings = { seed: 3, originSeconds: REFERENCE_ORIGIN_SECONDS };
const spec = findInstrument('EURUSD')!;
/** 2026-11-22T13:47:25Z: inside a day, a 4-hour block, an hour and a minute. */
const NOW = Date.UTC(2026, 10, 22, 13, 47, 25) / 1000;
const DAY_START = Date.UTC(2026, 10, 22) / 1000;

test('closed candles are the simulated market’s, and served again from the cache', async () => {
  const cache = createCandleCache(1000);
  const history = createSimulatedHistory(settings, cache);
  const range = { from: DAY_START - 86_400, to: DAY_START - 1 };
  const candles = await history.read(spec, '1h', range, NOW);
  expect(candles).toEqual(simulatedCandles(spec, settings, range.from, DAY_START, '1h'));
  expect(cache.size).toBe(24);
  expect(await history.read(spec, '1h', range, NOW)).toEqual(candles);
});

test.each(['1m', '5m', '15m', '1h', '4h', '1d'] as const)(
  'the %s candle holding now is built from the seconds up to now only',
  async (interval) => {
    const history = createSimulatedHistory(settings);
    const candles = await history.read(spec, interval, { from: NOW - 1, to: NOW }, NOW);
    expect(candles).toHaveLength(1);
    const open = candles[0]!;
    // Every second from the start of the interval to now, and none after.
    const seconds: OhlcCandle[] = [];
    for (let second = open.time; second <= NOW; second++) {
      const price = simulatedPriceAt(spec, settings, second);
      seconds.push({ time: second, open: price, high: price, low: price, close: price });
    }
    expect(open).toEqual(aggregateCandles(seconds, interval)[0]);
    expect(open.close).toBe(simulatedPriceAt(spec, settings, NOW));
  },
);

test('a range that reaches into the current interval ends with the open candle', async () => {
  const history = createSimulatedHistory(settings);
  const candles = await history.read(spec, '4h', { from: DAY_START, to: NOW + 86_400 }, NOW);
  expect(candles.map((c) => c.time)).toEqual([0, 1, 2, 3].map((i) => DAY_START + i * 14_400));
  expect(candles.slice(0, 3)).toEqual(
    simulatedCandles(spec, settings, DAY_START, DAY_START + 3 * 14_400, '4h'),
  );
});

test('a range wholly in the future has no candles', async () => {
  const history = createSimulatedHistory(settings);
  expect(await history.read(spec, '1h', { from: NOW + 3600, to: NOW }, NOW)).toEqual([]);
});

test('the cache keeps the most recently used candles within its size', () => {
  const cache = createCandleCache(2);
  const candle = (time: number) => ({ time, open: '1', high: '1', low: '1', close: '1' });
  cache.set('A', '1h', candle(1));
  cache.set('A', '1h', candle(2));
  expect(cache.get('A', '1h', 1)).toBeDefined();
  cache.set('A', '1h', candle(3));
  expect(cache.get('A', '1h', 2)).toBeUndefined();
  expect(cache.get('A', '1h', 1)).toBeDefined();
  expect(cache.get('A', '4h', 1)).toBeUndefined();
  expect(cache.size).toBe(2);
});
