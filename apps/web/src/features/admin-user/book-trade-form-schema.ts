import { type BookTradeRequest, BookTradeRequestSchema } from '@candor/contracts/admin-trades';
import { TRADE_MESSAGES, TradeDirectionSchema } from '@candor/contracts/trades';
import { checkBookingTimes } from '@candor/domain/trading/booking-times';
import { parseLotSize } from '@candor/domain/trading/trade-result';
import { z } from 'zod';

export const BOOK_TRADE_MESSAGES = {
  booked: 'Trade proposed to the customer',
  failed: 'Failed to book the trade',
} as const;

const DATETIME_LOCAL = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A datetime-local value read as UTC, to the minute: "2026-03-04T14:05" → "2026-03-04T14:05:00.000Z".
 * Anything else (an empty field) is passed on for the request schema to refuse.
 */
export function readUtcInput(value: string): string {
  const match = DATETIME_LOCAL.exec(value.trim());
  return match ? `${match[1]}:00.000Z` : value;
}

/**
 * The form's values as typed (times from datetime-local inputs, meant as UTC), checked and turned
 * into the request by the contract's own schema.
 */
export const BookTradeFormSchema = z
  .object({
    symbol: z.string(),
    direction: TradeDirectionSchema,
    amount: z.string(),
    lotSize: z.string(),
    openedAt: z.string(),
    openPrice: z.string(),
    closedAt: z.string(),
    closePrice: z.string(),
    reason: z.string(),
  })
  .transform((form) => ({
    ...form,
    openedAt: readUtcInput(form.openedAt),
    closedAt: readUtcInput(form.closedAt),
  }))
  .pipe(BookTradeRequestSchema);
export type BookTradeForm = z.input<typeof BookTradeFormSchema>;

type BookingField = keyof BookTradeForm;
export type BookingRefusal = { field: BookingField; message: string };

/**
 * The rules that need the customer and the clock, as the server checks them (it checks again with
 * its own clock): the lot size within the customer's maximum leverage (null: not known, left to the
 * server), and the times (checkBookingTimes). The first refusal, with the field it belongs beside.
 */
export function checkBookingLimits(
  request: Pick<BookTradeRequest, 'lotSize' | 'openedAt' | 'closedAt'>,
  customer: { accountCreatedAt: string; maxLeverage: number | null },
  now: number,
): BookingRefusal | null {
  const lot = parseLotSize(request.lotSize);
  if (customer.maxLeverage !== null && lot.ok && lot.value > customer.maxLeverage * 100) {
    return { field: 'lotSize', message: TRADE_MESSAGES.lotSizeAboveCustomerLeverage(customer.maxLeverage) };
  }
  const times = checkBookingTimes({
    openedAt: Date.parse(request.openedAt),
    closedAt: Date.parse(request.closedAt),
    now,
    accountCreatedAt: Date.parse(customer.accountCreatedAt),
  });
  return times.ok ? null : { field: times.error.field, message: times.error.message };
}

/** How the server's refusals of a booking begin, and the field each names. */
const REFUSAL_FIELDS: readonly (readonly [string, BookingField])[] = [
  ['The open and close times', 'closedAt'],
  ['The open time', 'openedAt'],
  ['The close time', 'closedAt'],
  ['The open price', 'openPrice'],
  ['The close price', 'closePrice'],
  ['Lot size', 'lotSize'],
  ['The amount of', 'amount'],
];

/** The field a refusal of the server is about, by its words; null when it names none (shown under the form). */
export function refusalField(message: string): BookingField | null {
  return REFUSAL_FIELDS.find(([start]) => message.startsWith(start))?.[1] ?? null;
}
