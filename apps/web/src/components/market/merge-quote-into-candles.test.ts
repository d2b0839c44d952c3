import type { Candle } from '@candor/contracts/market';
import { describe, expect, test } from 'vitest';
import { findIntervalStart, mergeQuoteIntoCandles } from './merge-quote-into-candles.ts';

// 2026-03-04 13:00 and 14:00 UTC
const H13 = 1_772_629_200;
const H14 = H13 + 3600;

const CANDLES: readonly Candle[] = [
  { time: H13, open: '100.00', high: '104.00', low: '99.00', close: '101.00' },
  { time: H14, open: '101.00', high: '103.00', low: '100.50', close: '102.00' },
];

const at = (seconds: number) => new Date(seconds * 1000).toISOString();

describe('mergeQuoteIntoCandles', () => {
  test.each([
    {
      name: 'a quote inside the last hour moves its close only',
      quote: { price: '102.50', time: at(H14 + 600) },
      last: { time: H14, open: '101.00', high: '103.00', low: '100.50', close: '102.50' },
    },
    {
      name: 'a quote above the high raises the high',
      quote: { price: '103.75', time: at(H14 + 1200) },
      last: { time: H14, open: '101.00', high: '103.75', low: '100.50', close: '103.75' },
    },
    {
      name: 'a quote below the low lowers the low (compared as decimals, not as text)',
      quote: { price: '99.9', time: at(H14 + 3599) },
      last: { time: H14, open: '101.00', high: '103.00', low: '99.9', close: '99.9' },
    },
  ])('$name', ({ quote, last }) => {
    const merged = mergeQuoteIntoCandles(CANDLES, quote, '1h');
    expect(merged).toHaveLength(2);
    expect(merged[0]).toBe(CANDLES[0]);
    expect(merged.at(-1)).toEqual(last);
  });

  test('a quote in the next hour opens a new candle at that price', () => {
    const merged = mergeQuoteIntoCandles(CANDLES, { price: '102.20', time: at(H14 + 3600 + 5) }, '1h');
    expect(merged).toHaveLength(3);
    expect(merged.at(-1)).toEqual({
      time: H14 + 3600,
      open: '102.20',
      high: '102.20',
      low: '102.20',
      close: '102.20',
    });
  });

  test('a quote several hours later opens its own hour, leaving the gap', () => {
    const merged = mergeQuoteIntoCandles(CANDLES, { price: '98.00', time: at(H14 + 3 * 3600 + 10) }, '1h');
    expect(merged.at(-1)?.time).toBe(H14 + 3 * 3600);
  });

  test.each([
    { name: 'an older quote changes nothing', quote: { price: '150.00', time: at(H13 + 10) } },
    { name: 'the same price again changes nothing', quote: { price: '102.00', time: at(H14 + 10) } },
    { name: 'an unreadable time changes nothing', quote: { price: '150.00', time: 'yesterday' } },
  ])('$name', ({ quote }) => {
    expect(mergeQuoteIntoCandles(CANDLES, quote, '1h')).toBe(CANDLES);
  });

  test('with no candles yet, the first quote starts one', () => {
    expect(mergeQuoteIntoCandles([], { price: '1.08432', time: at(H14 + 61) }, '1m')).toEqual([
      { time: H14 + 60, open: '1.08432', high: '1.08432', low: '1.08432', close: '1.08432' },
    ]);
  });
});

describe('findIntervalStart', () => {
  test.each([
    { interval: '1m', expected: H14 + 60 },
    { interval: '5m', expected: H14 },
    { interval: '1h', expected: H14 },
    { interval: '4h', expected: H14 - 2 * 3600 },
    { interval: '1d', expected: H14 - 14 * 3600 },
  ] as const)(
    'a quote at 14:01:30 UTC falls into the $interval candle starting at $expected',
    ({ interval, expected }) => {
      expect(findIntervalStart(at(H14 + 90), interval)).toBe(expected);
    },
  );
});
