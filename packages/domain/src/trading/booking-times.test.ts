import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BOOKING_WINDOW_DAYS, checkBookingTimes, isPastBookingWindow } from './booking-times.ts';

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

describe('a waiting booking past the window (docs/decisions/054)', () => {
  test('the open of the earliest minute allowed is not past the window; a millisecond earlier is', () => {
    const earliest = Date.parse('2026-11-15T12:31:00.000Z');
    expect(isPastBookingWindow(earliest, NOW)).toBe(false);
    expect(isPastBookingWindow(earliest - 1, NOW)).toBe(true);
  });

  test('an open of six days and 23 hours back is inside the window now, past it two hours later', () => {
    const open = NOW - (7 * 24 - 1) * 60 * MINUTE;
    expect(isPastBookingWindow(open, NOW)).toBe(false);
    expect(isPastBookingWindow(open, NOW + 2 * 60 * MINUTE)).toBe(true);
  });

  const instant = fc.integer({
    min: Date.parse('2020-01-01T00:00:00Z'),
    max: Date.parse('2030-01-01T00:00:00Z'),
  });
  const later = fc.integer({ min: 0, max: 30 * DAY });

  test('past the window, a booking with that open passes checkBookingTimes with no close and no account', () => {
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 30 * DAY }),
        instant,
        later,
        (openedAt, length, created, age) => {
          const now = openedAt + length + age;
          if (!isPastBookingWindow(openedAt, now)) return;
          const checked = checkBookingTimes({
            openedAt,
            closedAt: openedAt + length,
            now,
            accountCreatedAt: created,
          });
          expect(checked.ok).toBe(false);
        },
      ),
    );
  });

  test('inside the window, the window never refuses it: only the close or the account can', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 1, max: 30 * DAY }), later, (openedAt, length, age) => {
        const now = openedAt + length + age;
        if (isPastBookingWindow(openedAt, now)) return;
        const checked = checkBookingTimes({
          openedAt,
          closedAt: openedAt + length,
          now,
          accountCreatedAt: 0,
        });
        expect(checked.ok).toBe(true);
      }),
    );
  });

  test('once past the window, it stays past it: expiring it never removes a booking that could still pass', () => {
    fc.assert(
      fc.property(instant, instant, later, (openedAt, now, more) => {
        if (isPastBookingWindow(openedAt, now)) expect(isPastBookingWindow(openedAt, now + more)).toBe(true);
      }),
    );
  });
});
