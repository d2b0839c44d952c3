import { describe, expect, test } from 'vitest';
import { BOOKING_WINDOW_DAYS, checkBookingTimes } from './booking-times.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.parse('2026-11-22T12:30:20.000Z');
/** An account created long ago: only the window bounds the open time. */
const OLD_ACCOUNT = NOW - 365 * DAY;

function check(openedAt: number, closedAt: number, accountCreatedAt = OLD_ACCOUNT) {
  return checkBookingTimes({ openedAt, closedAt, now: NOW, accountCreatedAt });
}

describe('the times of a desk booking', () => {
  test('an hour-long trade of this morning is booked', () => {
    expect(check(NOW - 3 * 60 * MINUTE, NOW - 2 * 60 * MINUTE)).toEqual({
      ok: true,
      value: { openedAt: NOW - 3 * 60 * MINUTE, closedAt: NOW - 2 * 60 * MINUTE },
    });
  });

  test('a close at or before the open is refused beside the close time', () => {
    expect(check(NOW - MINUTE, NOW - MINUTE)).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        field: 'closedAt',
        message: 'The close time must be after the open time',
      },
    });
  });

  test('a close after now is refused beside the close time; now itself is allowed', () => {
    const future = check(NOW - MINUTE, NOW + 1);
    expect(future.ok ? null : future.error).toMatchObject({
      field: 'closedAt',
      message: 'The open and close times must be in the past',
    });
    expect(check(NOW - MINUTE, NOW).ok).toBe(true);
  });

  test("an open before the minute the customer's account was created is refused, naming that minute", () => {
    const created = Date.parse('2026-11-22T09:15:40.000Z');
    const before = check(Date.parse('2026-11-22T09:14:59.000Z'), NOW - MINUTE, created);
    expect(before).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        field: 'openedAt',
        message: "The open time cannot be before the customer's account was created (2026-11-22 09:15 UTC)",
      },
    });
    // Prices are checked per minute: the minute of the creation is the first one allowed.
    expect(check(Date.parse('2026-11-22T09:15:00.000Z'), NOW - MINUTE, created).ok).toBe(true);
  });

  test(`an open more than ${BOOKING_WINDOW_DAYS} days back is refused, naming the earliest minute (rounded up)`, () => {
    const earliest = Date.parse('2026-11-15T12:31:00.000Z');
    expect(check(earliest, NOW - MINUTE).ok).toBe(true);
    const beyond = check(earliest - 1, NOW - MINUTE);
    expect(beyond).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        field: 'openedAt',
        message: 'The open time can be at most 7 days back: 2026-11-15 12:31 UTC or later',
      },
    });
    // The hindsight booking of the review: a month back.
    expect(check(NOW - 30 * DAY, NOW - 23 * DAY).ok).toBe(false);
  });

  test('an open before both bounds names the later one, the first minute both allow', () => {
    const recent = Date.parse('2026-11-20T08:00:10.000Z');
    const longAgo = check(NOW - 10 * DAY, NOW - MINUTE, recent);
    expect(longAgo.ok ? null : longAgo.error.message).toBe(
      "The open time cannot be before the customer's account was created (2026-11-20 08:00 UTC)",
    );
    const old = check(NOW - 10 * DAY, NOW - MINUTE, NOW - 30 * DAY);
    expect(old.ok ? null : old.error.message).toBe(
      'The open time can be at most 7 days back: 2026-11-15 12:31 UTC or later',
    );
  });
});
