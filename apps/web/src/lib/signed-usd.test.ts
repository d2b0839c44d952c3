import { describe, expect, test } from 'vitest';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from './signed-usd.ts';

describe('signed amounts', () => {
  test.each([
    ['1234.56', 123_456n],
    ['-40.00', -4_000n],
    ['0.00', 0n],
  ])('%s is %d cents', (text, cents) => {
    expect(toSignedCents(text)).toBe(cents);
  });

  test.each([
    [123_456n, '+$1,234.56'],
    [-4_000n, '\u2212$40.00'],
    [0n, '$0.00'],
  ])('a change of %d cents reads %s', (cents, text) => {
    expect(formatSignedUsd(cents)).toBe(text);
  });

  test.each([
    ['1234.50', '$1,234.50'],
    ['-0.04', '\u2212$0.04'],
    ['-1234.50', '\u2212$1,234.50'],
    ['0.00', '$0.00'],
  ])('a balance of %s reads %s, a negative one with the minus sign the results use', (decimal, text) => {
    expect(formatUsdDecimal(decimal)).toBe(text);
  });
});
