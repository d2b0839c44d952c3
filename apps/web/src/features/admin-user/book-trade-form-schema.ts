import { BookTradeRequestSchema, TradeDirectionSchema } from '@candor/contracts/trades';
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
