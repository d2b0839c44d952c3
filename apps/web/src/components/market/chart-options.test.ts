import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, test } from 'vitest';
import { buildPriceFormatter, CHART_OPTIONS, formatChartTime, formatTickMark } from './chart-options.ts';

describe('formatChartTime', () => {
  test('a candle time reads in UTC and says so', () => {
    expect(formatChartTime(1_772_632_800 as UTCTimestamp)).toBe("Wed 04 Mar '26 14:00 UTC");
  });
});

describe('formatTickMark', () => {
  // 2026-09-04 00:05:09 UTC: a September (en-US "Sep"), a midnight, a single-digit day.
  const time = (Date.UTC(2026, 8, 4, 0, 5, 9) / 1000) as UTCTimestamp;
  test.each([
    { type: TickMarkType.Year, text: '2026' },
    { type: TickMarkType.Month, text: 'Sep' },
    { type: TickMarkType.DayOfMonth, text: '4' },
    { type: TickMarkType.Time, text: '00:05' },
    { type: TickMarkType.TimeWithSeconds, text: '00:05:09' },
  ])('tick mark type $type reads $text, in UTC', ({ type, text }) => {
    expect(formatTickMark(time, type)).toBe(text);
  });

  test('a business day is left to the library', () => {
    expect(formatTickMark('2026-09-04', TickMarkType.DayOfMonth)).toBeNull();
  });
});

describe('buildPriceFormatter', () => {
  test.each([
    { precision: 2, price: 121317.6, text: '121,317.60' },
    { precision: 5, price: 1.1553, text: '1.15530' },
    { precision: 3, price: 151.2, text: '151.200' },
    { precision: 2, price: 1.005, text: '1.01' },
    { precision: 0, price: 999.5, text: '1,000' },
    { precision: 8, price: 1e-7, text: '0.00000010' },
  ])('with $precision decimals, $price reads $text', ({ precision, price, text }) => {
    expect(buildPriceFormatter(precision)(price)).toBe(text);
  });
});

describe('CHART_OPTIONS', () => {
  test('the price scale draws an edge label whole or not at all (a walk-through saw the top one cut in half)', () => {
    expect(CHART_OPTIONS.rightPriceScale?.entireTextOnly).toBe(true);
  });
});
