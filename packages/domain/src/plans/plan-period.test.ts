import { describe, expect, test } from 'vitest';
import { computePlanExpiry, isPlanActive } from './plan-period.ts';

const bought = new Date('2026-11-01T10:00:00.000Z');

describe('plan period', () => {
  test('a 30-day plan expires 30 days to the millisecond after its purchase', () => {
    expect(computePlanExpiry(bought, 30)?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  test('a plan without a duration never expires', () => {
    expect(computePlanExpiry(bought, null)).toBeNull();
    expect(isPlanActive({ expiresAt: null, endedAt: null }, new Date('2036-01-01T00:00:00Z'))).toBe(true);
  });

  test('a plan is active until, not at, its expiry', () => {
    const expiresAt = computePlanExpiry(bought, 1);
    expect(isPlanActive({ expiresAt, endedAt: null }, new Date('2026-11-02T09:59:59.999Z'))).toBe(true);
    expect(isPlanActive({ expiresAt, endedAt: null }, new Date('2026-11-02T10:00:00.000Z'))).toBe(false);
  });

  test('a plan replaced by a higher one stops at once', () => {
    const endedAt = new Date('2026-11-05T00:00:00.000Z');
    expect(isPlanActive({ expiresAt: null, endedAt }, endedAt)).toBe(false);
    expect(isPlanActive({ expiresAt: null, endedAt }, new Date('2026-11-04T23:59:59.999Z'))).toBe(true);
  });

  test('a duration must be a whole positive number of days', () => {
    expect(() => computePlanExpiry(bought, 0)).toThrow();
    expect(() => computePlanExpiry(bought, 1.5)).toThrow();
  });
});
