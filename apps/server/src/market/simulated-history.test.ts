import type { OhlcCandle } from '@candor/domain/market/candle';
import { aggregateCandles, alignToInterval } from '@candor/domain/market/candles';
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
  const candles = (await history.read(spec, '1h', range, NOW)).toArray();
  expect(candles).toEqual(simulatedCandles(spec, settings, range.from, DAY_START, '1h'));
  expect(cache.size).toBe(24);
  const again = await history.read(spec, '1h', range, NOW);
  expect(again.toArray()).toEqual(candles);
  expect(JSON.parse(again.toJson())).toEqual(candles);
});

test.each(['1m', '5m', '15m', '1h', '4h', '1d'] as const)(
  'the %s candle holding now is built from the seconds up to now only',
  async (interval) => {
    const history = createSimulatedHistory(settings);
    const candles = (await history.read(spec, interval, { from: NOW - 1, to: NOW }, NOW)).toArray();
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
  const candles = (await history.read(spec, '4h', { from: DAY_START, to: NOW + 86_400 }, NOW)).toArray();
  expect(candles.map((c) => c.time)).toEqual([0, 1, 2, 3].map((i) => DAY_START + i * 14_400));
  expect(candles.slice(0, 3)).toEqual(
    simulatedCandles(spec, settings, DAY_START, DAY_START + 3 * 14_400, '4h'),
  );
});

test('a range wholly in the future has no candles', async () => {
  const history = createSimulatedHistory(settings);
  const list = await history.read(spec, '1h', { from: NOW + 3600, to: NOW }, NOW);
  expect(list.toArray()).toEqual([]);
  expect(list.toJson()).toBe('[]');
});

test('the cache keeps the most recently used blocks within its size in candles', () => {
  const cache = createCandleCache(4);
  const candle = (time: number) => ({ time, open: '1', high: '1', low: '1', close: '1' });
  const block = (start: number) => ({ start, candles: [candle(start), candle(start + 1)] });
  cache.set('A', '1h', block(10));
  cache.set('A', '1h', block(20));
  expect(cache.get('A', '1h', 10)).toBeDefined();
  cache.set('A', '1h', block(30));
  expect(cache.get('A', '1h', 20)).toBeUndefined();
  expect(cache.get('A', '1h', 10)).toBeDefined();
  expect(cache.get('A', '4h', 10)).toBeUndefined();
  expect(cache.size).toBe(4);
});

test('a range read in two parts matches one read, as objects and as JSON', async () => {
  const history = createSimulatedHistory(settings);
  const from = DAY_START - 20 * 86_400 + 5 * 3600;
  const whole = await history.read(spec, '1h', { from, to: NOW }, NOW);
  const first = await history.read(spec, '1h', { from, to: DAY_START - 3 * 86_400 - 3600 }, NOW);
  const rest = await history.read(spec, '1h', { from: DAY_START - 3 * 86_400, to: NOW }, NOW);
  expect(whole.toArray()).toEqual([...first.toArray(), ...rest.toArray()]);
  expect(whole.toArray()).toHaveLength(whole.length);
  expect(JSON.parse(whole.toJson())).toEqual(whole.toArray());
  const closed = whole.toArray().slice(0, -1);
  expect(closed).toEqual(simulatedCandles(spec, settings, from, alignToInterval(NOW, '1h'), '1h'));
});
