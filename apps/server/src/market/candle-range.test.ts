import { expect, test } from 'vitest';
import { resolveCandleRange } from './candle-range.ts';

const NOW = 1_795_000_000; // 2026-11-18T…, not on an hour
const HOUR_OF_NOW = Math.floor(NOW / 3600) * 3600;

test.each([
  [
    'no from or to: 300 intervals before the one holding now',
    { interval: '1h' },
    { from: HOUR_OF_NOW - 300 * 3600, to: NOW },
  ],
  [
    'a to in the future stops at now',
    { interval: '1h', from: NOW - 7200, to: NOW + 99_999 },
    { from: NOW - 7200, to: NOW },
  ],
  [
    'only to: 300 intervals before it',
    { interval: '1d', to: 1_790_000_000 },
    { from: 1_789_948_800 - 300 * 86_400, to: 1_790_000_000 },
  ],
  [
    'a range wholly in the future is empty, not an error',
    { interval: '1m', from: NOW + 60, to: NOW + 120 },
    { from: NOW + 60, to: NOW },
  ],
  [
    'exactly 10,000 candles',
    { interval: '1m', from: HOUR_OF_NOW - 9999 * 60, to: HOUR_OF_NOW },
    { from: HOUR_OF_NOW - 9999 * 60, to: HOUR_OF_NOW },
  ],
  [
    'a year of hourly candles, both ends included',
    { interval: '1h', from: HOUR_OF_NOW - 365 * 86_400, to: HOUR_OF_NOW },
    { from: HOUR_OF_NOW - 365 * 86_400, to: HOUR_OF_NOW },
  ],
] as const)('%s', (_name, query, expected) => {
  expect(resolveCandleRange(query, NOW)).toEqual({ ok: true, value: expected });
});

test.each([
  ['from after to', { interval: '1h', from: NOW, to: NOW - 1 }, 'from must not be after to'],
  [
    '10,001 candles',
    { interval: '1m', from: HOUR_OF_NOW - 10_000 * 60, to: HOUR_OF_NOW },
    'At most 10000 candles per request (this one spans 10001)',
  ],
  [
    'more than 400 days',
    { interval: '1d', from: NOW - 401 * 86_400, to: NOW },
    'A request spans at most 400 days',
  ],
] as const)('%s is refused', (_name, query, message) => {
  const result = resolveCandleRange(query, NOW);
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.error).toContain(message);
});
