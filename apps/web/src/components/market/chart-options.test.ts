import type { UTCTimestamp } from 'lightweight-charts';
import { describe, expect, test } from 'vitest';
import { buildPriceFormatter, formatChartTime } from './chart-options.ts';

describe('formatChartTime', () => {
  test('a candle time reads in UTC and says so', () => {
    expect(formatChartTime(1_772_632_800 as UTCTimestamp)).toBe("Wed 04 Mar '26 14:00 UTC");
  });
});

describe('buildPriceFormatter', () => {
  test.each([
    { precision: 2, price: 121317.6, text: '121,317.60' },
    { precision: 5, price: 1.1553, text: '1.15530' },
    { precision: 3, price: 151.2, text: '151.200' },
  ])('with $precision decimals, $price reads $text', ({ precision, price, text }) => {
    expect(buildPriceFormatter(precision)(price)).toBe(text);
  });
});
