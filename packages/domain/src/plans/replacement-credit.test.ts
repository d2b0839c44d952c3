import { describe, expect, test } from 'vitest';
import { computePlanExpiry } from './plan-period.ts';
import { computeReplacementCredit } from './replacement-credit.ts';

const purchasedAt = new Date('2026-11-01T00:00:00.000Z');
const expiresAt = computePlanExpiry(purchasedAt, 30);
const DAY = 24 * 60 * 60 * 1000;

function creditAfter(ms: number, priceMinor = 100_000n, end: Date | null = expiresAt): bigint {
  return computeReplacementCredit({
    priceMinor,
    purchasedAt,
    expiresAt: end,
    replacedAt: new Date(purchasedAt.getTime() + ms),
  });
}

describe('computeReplacementCredit: the unused part, pro rata by time left, rounded down to the cent', () => {
  test('replaced at once, the whole price returns', () => {
    expect(creditAfter(0)).toBe(100_000n);
  });

  test('replaced after 10 of 30 days, two thirds return, rounded down ($666.666… → $666.66)', () => {
    expect(creditAfter(10 * DAY)).toBe(66_666n);
  });

  test('half way, exactly half returns', () => {
    expect(creditAfter(15 * DAY)).toBe(50_000n);
  });

  test('a part of a cent is kept, never credited: $0.01 over 30 days after one millisecond is 0', () => {
    expect(creditAfter(1, 1n)).toBe(0n);
  });

  test('an ended plan credits nothing', () => {
    expect(creditAfter(30 * DAY)).toBe(0n);
    expect(creditAfter(31 * DAY)).toBe(0n);
  });

  test('a plan without an end date credits nothing', () => {
    expect(creditAfter(DAY, 100_000n, null)).toBe(0n);
  });
});
