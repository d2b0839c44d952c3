import type { DomainError } from '../errors.ts';
import { err, ok, type Result } from '../result.ts';

/**
 * How far back a desk booking's open time may lie: 7 days. A desk books a trade it has just
 * executed; a week covers a weekend and a few days of reconciliation, and no more hindsight than
 * that (docs/decisions/018-desk-trades-need-the-customer.md).
 */
export const BOOKING_WINDOW_DAYS = 7;
const BOOKING_WINDOW_MS = BOOKING_WINDOW_DAYS * 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** The booking form's field a refusal belongs beside. */
export type BookingTimeField = 'openedAt' | 'closedAt';
export type BookingTimeRefusal = DomainError<'VALIDATION_FAILED'> & { field: BookingTimeField };

/** "2026-11-22 12:30 UTC" */
function formatMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function refuse(field: BookingTimeField, message: string) {
  return err<BookingTimeRefusal>({ code: 'VALIDATION_FAILED', field, message });
}

/**
 * The earliest open time a booking may have at `now`: BOOKING_WINDOW_DAYS back, rounded up to its
 * minute (prices are checked per minute; rounding up never lets a minute too early through).
 */
export function bookingWindowStart(now: number): number {
  return Math.ceil((now - BOOKING_WINDOW_MS) / MINUTE_MS) * MINUTE_MS;
}

/**
 * Whether a booking that opened at `openedAt` lies outside the booking window at `now`: no booking
 * with that open can pass checkBookingTimes any more, and as time only moves on, it never will. A
 * desk booking waiting for a second approval with such an open can only be refused: it expires
 * (docs/decisions/054).
 */
export function isPastBookingWindow(openedAt: number, now: number): boolean {
  return openedAt < bookingWindowStart(now);
}

/**
 * The times of a trade the desk books (PRODUCT.md §2 Admin user details): the close after the open
 * and not after now; the open not before the minute the customer's account was created, and not
 * more than BOOKING_WINDOW_DAYS before now. Prices are checked per minute, so the bounds are
 * minutes: a refusal names the later of the two bounds, the earliest minute allowed (the window's
 * rounded up, so the named minute is never too early). All times in milliseconds since the epoch.
 */
export function checkBookingTimes(input: {
  openedAt: number;
  closedAt: number;
  now: number;
  accountCreatedAt: number;
}): Result<{ openedAt: number; closedAt: number }, BookingTimeRefusal> {
  const { openedAt, closedAt, now, accountCreatedAt } = input;
  if (closedAt <= openedAt) return refuse('closedAt', 'The close time must be after the open time');
  if (closedAt > now) return refuse('closedAt', 'The open and close times must be in the past');
  const createdMinute = Math.floor(accountCreatedAt / MINUTE_MS) * MINUTE_MS;
  const windowStart = bookingWindowStart(now);
  if (openedAt >= Math.max(createdMinute, windowStart)) return ok({ openedAt, closedAt });
  // The later bound is the one named: the minute it gives is then allowed by both.
  if (createdMinute >= windowStart) {
    return refuse(
      'openedAt',
      `The open time cannot be before the customer's account was created (${formatMinute(createdMinute)})`,
    );
  }
  return refuse(
    'openedAt',
    `The open time can be at most ${BOOKING_WINDOW_DAYS} days back: ${formatMinute(windowStart)} or later`,
  );
}
