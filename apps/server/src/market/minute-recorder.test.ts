import { expect, test } from 'vitest';
import { createMinuteRecorder } from './minute-recorder.ts';
import type { Tick } from './price-source.ts';

function tick(iso: string, price: string, symbol = 'BTCUSD'): Tick {
  return { symbol, price, time: new Date(iso), source: 'coingecko', change24hPercent: null };
}

test('a minute closes with the first tick of a later minute, with its open, extremes and close', () => {
  const recorder = createMinuteRecorder();
  expect(recorder.record(tick('2026-11-22T10:00:05Z', '100.50'))).toBeUndefined();
  expect(recorder.record(tick('2026-11-22T10:00:20Z', '99.10'))).toBeUndefined();
  expect(recorder.record(tick('2026-11-22T10:00:40Z', '101.00'))).toBeUndefined();
  expect(recorder.record(tick('2026-11-22T10:00:59Z', '100.00'))).toBeUndefined();
  expect(recorder.record(tick('2026-11-22T10:03:01Z', '100.20'))).toEqual({
    symbol: 'BTCUSD',
    time: new Date('2026-11-22T10:00:00Z'),
    open: '100.50',
    high: '101.00',
    low: '99.10',
    close: '100.00',
    source: 'coingecko',
  });
});

test('prices compare as decimals, not as text ("9.5" is below "10.25")', () => {
  const recorder = createMinuteRecorder();
  recorder.record(tick('2026-11-22T10:00:00Z', '10.25'));
  recorder.record(tick('2026-11-22T10:00:10Z', '9.5'));
  expect(recorder.record(tick('2026-11-22T10:01:00Z', '9.75'))).toMatchObject({ high: '10.25', low: '9.5' });
});

test('symbols are kept apart, and a late tick of an earlier minute changes nothing', () => {
  const recorder = createMinuteRecorder();
  recorder.record(tick('2026-11-22T10:00:00Z', '1', 'A'));
  recorder.record(tick('2026-11-22T10:00:00Z', '2', 'B'));
  expect(recorder.record(tick('2026-11-22T10:01:00Z', '3', 'A'))).toMatchObject({ symbol: 'A', close: '1' });
  expect(recorder.record(tick('2026-11-22T10:00:30Z', '9', 'A'))).toBeUndefined();
  expect(recorder.record(tick('2026-11-22T10:01:00Z', '4', 'B'))).toMatchObject({ symbol: 'B', close: '2' });
  expect(recorder.record(tick('2026-11-22T10:02:00Z', '5', 'A'))).toMatchObject({
    symbol: 'A',
    open: '3',
    close: '3',
  });
});
