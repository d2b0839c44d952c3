import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  formatDecimal,
  formatPercent,
  formatPercentBps,
  formatUsd,
  parseMinorUnits,
  parsePercentBps,
} from './money.ts';

describe('parseMinorUnits', () => {
  test.each([
    ['0', 0n],
    ['10', 1000n],
    ['10.5', 1050n],
    ['1234.56', 123456n],
    [' 7.01 ', 701n],
    ['1,000', 100000n],
    ['1,000.25', 100025n],
    [' 12,345,678.9 ', 1234567890n],
  ])('parses %s as %s cents', (text, minor) => {
    expect(parseMinorUnits(text)).toEqual({ ok: true, value: minor });
  });

  test.each([
    ['', 'INVALID_AMOUNT'],
    ['abc', 'INVALID_AMOUNT'],
    ['1e3', 'INVALID_AMOUNT'],
    ['1.234', 'TOO_MANY_DECIMALS'],
    ['-5', 'NEGATIVE_AMOUNT'],
    // Commas only between groups of three whole digits: never a decimal comma, never a guess.
    ['1,00', 'INVALID_AMOUNT'],
    ['1,5', 'INVALID_AMOUNT'],
    ['1000,00', 'INVALID_AMOUNT'],
    ['1.000,50', 'INVALID_AMOUNT'],
    [',100', 'INVALID_AMOUNT'],
    ['1,0000', 'INVALID_AMOUNT'],
    ['1,000.2,5', 'INVALID_AMOUNT'],
    ['1,000.255', 'TOO_MANY_DECIMALS'],
  ])('refuses %j with %s', (text, error) => {
    expect(parseMinorUnits(text)).toEqual({ ok: false, error });
  });
});

describe('formatUsd', () => {
  test.each([
    [0n, '$0.00'],
    [5n, '$0.05'],
    [123456n, '$1,234.56'],
    [100000000n, '$1,000,000.00'],
    [-2550n, '-$25.50'],
  ])('formats %s cents as %s', (minor, text) => {
    expect(formatUsd(minor)).toBe(text);
  });
});

test('formatting then parsing a non-negative amount gives it back', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (minor) => {
      expect(parseMinorUnits(formatDecimal(minor))).toEqual({ ok: true, value: minor });
    }),
  );
});

describe('parsePercentBps', () => {
  test.each([
    ['0', 0],
    ['2.5', 250],
    ['12.34', 1234],
    ['100', 10_000],
    ['100.00', 10_000],
  ])('parses %s %% as %s basis points', (text, bps) => {
    expect(parsePercentBps(text)).toEqual({ ok: true, value: bps });
  });

  test.each([
    ['100.01', 'ABOVE_100_PERCENT'],
    ['1.234', 'TOO_MANY_DECIMALS'],
    ['-1', 'NEGATIVE_AMOUNT'],
    ['ten', 'INVALID_AMOUNT'],
  ])('refuses %j with %s', (text, error) => {
    expect(parsePercentBps(text)).toEqual({ ok: false, error });
  });
});

test('formatPercentBps writes basis points with two decimals', () => {
  expect(formatPercentBps(0)).toBe('0.00');
  expect(formatPercentBps(250)).toBe('2.50');
  expect(formatPercentBps(10_000)).toBe('100.00');
});

test.each([
  [2_000, '20%'],
  [1_250, '12.5%'],
  [5, '0.05%'],
  [0, '0%'],
  [10_000, '100%'],
])('formatPercent writes %i basis points for people as %s', (bps, text) => {
  expect(formatPercent(bps)).toBe(text);
});
