import { describe, expect, test } from 'vitest';
import { formatSignedUsd, toSignedCents } from './signed-usd.ts';

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
});
