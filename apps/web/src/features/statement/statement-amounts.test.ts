import { describe, expect, test } from 'vitest';
import { describeEntryAmount, formatBalance, formatSignedUsd, toSignedCents } from './statement-amounts.ts';

describe('statement amounts', () => {
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

  test('a balance reads with thousands separators', () => {
    expect(formatBalance('1000000.05')).toBe('$1,000,000.05');
  });

  test('a deposit moves only available cash', () => {
    expect(describeEntryAmount({ availableChange: '100.00', reservedChange: null })).toEqual({
      cents: 10_000n,
      fromReserved: false,
      reservedCents: null,
    });
  });

  test('a reservation moves cash out and reserved funds in', () => {
    expect(describeEntryAmount({ availableChange: '-40.00', reservedChange: '40.00' })).toEqual({
      cents: -4_000n,
      fromReserved: false,
      reservedCents: 4_000n,
    });
  });

  test('a paid-out withdrawal shows its amount from reserved funds', () => {
    expect(describeEntryAmount({ availableChange: null, reservedChange: '-39.00' })).toEqual({
      cents: -3_900n,
      fromReserved: true,
      reservedCents: null,
    });
  });
});
