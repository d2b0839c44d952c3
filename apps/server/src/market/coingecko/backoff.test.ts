import { describe, expect, test } from 'vitest';
import { computeBackoffMs, parseRetryAfterMs } from './backoff.ts';

describe('computeBackoffMs', () => {
  test('doubles each attempt, between half and all of the ceiling', () => {
    expect([1, 2, 3].map((attempt) => computeBackoffMs(attempt, 500, () => 0))).toEqual([250, 500, 1000]);
    expect([1, 2, 3].map((attempt) => computeBackoffMs(attempt, 500, () => 0.5))).toEqual([375, 750, 1500]);
  });
});

describe('parseRetryAfterMs', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  test.each([
    { header: '7', expected: 7000 },
    { header: ' 0 ', expected: 0 },
    { header: 'Thu, 01 Jan 2026 00:00:12 GMT', expected: 12_000 },
    { header: 'Wed, 31 Dec 2025 23:59:00 GMT', expected: 0 },
    { header: 'soon', expected: undefined },
    { header: null, expected: undefined },
  ])('Retry-After $header is $expected ms', ({ header, expected }) => {
    expect(parseRetryAfterMs(header, now)).toBe(expected);
  });
});
