import { describe, expect, test } from 'vitest';
import { roundHalfAwayFromZero } from './price-decimal.ts';

describe('roundHalfAwayFromZero', () => {
  test.each([
    { value: 67234.123456, decimals: 2, expected: '67234.12' },
    { value: 3456.785, decimals: 2, expected: '3456.79' },
    { value: 1.005, decimals: 2, expected: '1.01' },
    { value: 0.523456, decimals: 4, expected: '0.5235' },
    { value: 1.234567e-5, decimals: 8, expected: '0.00001235' },
    { value: 1e-7, decimals: 8, expected: '0.00000010' },
    { value: 5e-9, decimals: 8, expected: '0.00000001' },
    { value: 4e-9, decimals: 8, expected: '0.00000000' },
    { value: 1e21, decimals: 2, expected: '1000000000000000000000.00' },
    { value: 42, decimals: 5, expected: '42.00000' },
    { value: 2.5, decimals: 0, expected: '3' },
    { value: -1.2345678, decimals: 2, expected: '-1.23' },
    { value: -0.125, decimals: 2, expected: '-0.13' },
    { value: -0.001, decimals: 2, expected: '0.00' },
  ])('$value to $decimals decimals is $expected', ({ value, decimals, expected }) => {
    expect(roundHalfAwayFromZero(value, decimals)).toBe(expected);
  });

  test('a value that is not a finite number is a bug', () => {
    expect(() => roundHalfAwayFromZero(Number.NaN, 2)).toThrow(RangeError);
  });
});
