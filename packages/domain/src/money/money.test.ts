import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatDecimal, formatUsd, parseMinorUnits } from './money.ts';

describe('parseMinorUnits', () => {
  test.each([
    ['0', 0n],
    ['10', 1000n],
    ['10.5', 1050n],
    ['1234.56', 123456n],
    [' 7.01 ', 701n],
  ])('parses %s as %s cents', (text, minor) => {
    expect(parseMinorUnits(text)).toEqual({ ok: true, value: minor });
  });

  test.each([
    ['', 'INVALID_AMOUNT'],
    ['abc', 'INVALID_AMOUNT'],
    ['1e3', 'INVALID_AMOUNT'],
    ['1.234', 'TOO_MANY_DECIMALS'],
    ['-5', 'NEGATIVE_AMOUNT'],
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
