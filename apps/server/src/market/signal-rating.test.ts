import type { OhlcCandle } from '@candor/domain/market/candle';
import { describe, expect, test } from 'vitest';
import { directionOf, rateSignal } from './signal-rating.ts';

const HOUR = 3600;

/** Hourly candles whose close follows `closeAt(i)`; high and low a little around open and close. */
function series(count: number, closeAt: (i: number) => number): OhlcCandle[] {
  return Array.from({ length: count }, (_, i) => {
    const open = i === 0 ? closeAt(0) : closeAt(i - 1);
    const close = closeAt(i);
    return {
      time: 1_790_000_000 + i * HOUR,
      open: open.toFixed(4),
      high: Math.max(open, close).toFixed(4),
      low: Math.min(open, close).toFixed(4),
      close: close.toFixed(4),
    };
  });
}

describe('hand-checked series', () => {
  test('a steady rise of 1 % an hour rates 83 %, a strong buy', () => {
    // Every average lies below the price (10 buys); the MACD line runs above its signal line (buy);
    // RSI is 100 and stochastic %K is 100 but neither turns down (neutral): (1 + 1/3) / 2 → 83.
    const result = rateSignal(series(250, (i) => 100 * 1.01 ** i));
    expect(result).toMatchObject({ rating: 83, direction: 'strong_buy' });
    expect(result?.votes).toMatchObject({ 'SMA(200)': 1, 'EMA(10)': 1, 'MACD(12,26,9)': 1, 'RSI(14)': 0 });
  });

  test('a steady fall that mirrors that rise rates 17 %, a strong sell', () => {
    // The rise turned upside down: every vote flips, (-1 - 1/3) / 2 → 17.
    const result = rateSignal(series(250, (i) => 1300 - 100 * 1.01 ** i));
    expect(result).toMatchObject({ rating: 17, direction: 'strong_sell' });
    expect(result?.votes).toMatchObject({ 'SMA(200)': -1, 'EMA(10)': -1, 'MACD(12,26,9)': -1, 'RSI(14)': 0 });
  });

  test('a flat market is neutral at exactly 50 %', () => {
    const result = rateSignal(series(250, () => 1.0843));
    expect(result).toMatchObject({ rating: 50, direction: 'neutral' });
    expect(new Set(Object.values(result?.votes ?? {}))).toEqual(new Set([0]));
  });

  test('the time of the last candle is the rating’s asOf', () => {
    const candles = series(250, (i) => 100 + i);
    expect(rateSignal(candles)?.asOf).toBe(candles.at(-1)?.time);
  });
});

describe('realistic series', () => {
  test.each([
    ['a straight-line rise', (i: number) => 100 + 0.5 * i, ['buy', 'strong_buy']],
    ['a straight-line fall', (i: number) => 300 - 0.5 * i, ['sell', 'strong_sell']],
  ] as const)('%s rates %j', (_name, closeAt, directions) => {
    const result = rateSignal(series(250, closeAt));
    expect(directions).toContain(result?.direction);
  });

  test.each([0, 1, 2, 3, 4, 5])('a rise with wiggles (phase %i) is a buy and its fall a sell', (phase) => {
    const wiggle = (i: number) => Math.sin(i / 3 + phase);
    expect(['buy', 'strong_buy']).toContain(
      rateSignal(series(250, (i) => 100 + 0.5 * i + wiggle(i)))?.direction,
    );
    expect(['sell', 'strong_sell']).toContain(
      rateSignal(series(250, (i) => 300 - 0.5 * i + wiggle(i)))?.direction,
    );
  });

  test('only the last 250 candles count: a long fall followed by 250 hours of rise is a buy', () => {
    const candles = series(600, (i) => (i < 350 ? 500 - i : 150 + (i - 350)));
    expect(['buy', 'strong_buy']).toContain(rateSignal(candles)?.direction);
  });
});

describe('short histories', () => {
  test('no candles: no rating', () => {
    expect(rateSignal([])).toBeUndefined();
  });

  test('30 candles: the 10- and 20-period averages, RSI and the stochastic still vote', () => {
    // Four averages buy, RSI and stochastic are neutral: (1 + 0) / 2 → 75.
    const result = rateSignal(series(30, (i) => 100 * 1.01 ** i));
    expect(Object.keys(result?.votes ?? {}).sort()).toEqual(
      ['EMA(10)', 'EMA(20)', 'RSI(14)', 'SMA(10)', 'SMA(20)', 'Stoch(14,3,3)'].sort(),
    );
    expect(result).toMatchObject({ rating: 75, direction: 'buy' });
  });
});

test.each([
  [100, 'strong_buy'],
  [80, 'strong_buy'],
  [79, 'buy'],
  [60, 'buy'],
  [59, 'neutral'],
  [41, 'neutral'],
  [40, 'sell'],
  [21, 'sell'],
  [20, 'strong_sell'],
  [0, 'strong_sell'],
] as const)('a rating of %i %% is %s', (rating, direction) => {
  expect(directionOf(rating)).toBe(direction);
});
