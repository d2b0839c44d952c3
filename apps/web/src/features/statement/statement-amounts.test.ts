import { describe, expect, test } from 'vitest';
import { describeEntryAmount, formatBalance } from './statement-amounts.ts';

describe('statement amounts', () => {
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
