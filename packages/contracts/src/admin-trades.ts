import { LEVERAGE_CEILING } from '@candor/domain/trading/trade-result';
import { TRADE_STATUSES } from '@candor/domain/trading/trade-status';
import { z } from 'zod';
import { PriceSchema } from './market.ts';
import { amountTypeError, DecimalAmountSchema, PageQuerySchema, pageOf, usdAmountSchema } from './money.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { SearchTextSchema } from './search.ts';
import { customerText } from './staff-texts.ts';
import { lotSizeSchema, TRADE_MESSAGES, TradeDirectionSchema, TradeSchema } from './trades.ts';

/*
 * The back office's trade contracts: every customer's trades, one trade's details, a close at the
 * market and a trade booked by the desk. Apart from trades.ts so that a customer's pages, which load
 * that one, do not build these schemas nor load the screening of staff texts they use.
 */

/** Seed §9: the administrators' All trades tab shows 10 a page. */
export const ADMIN_TRADES_PAGE_SIZE = 10;

export const AdminTradeSchema = TradeSchema.extend({
  userId: z.string(),
  email: z.string(),
  customerName: z.string(),
}).meta({ id: 'AdminTrade' });
export type AdminTrade = z.infer<typeof AdminTradeSchema>;

export const AdminTradeListQuerySchema = PageQuerySchema.extend({
  search: SearchTextSchema,
  /** Only this customer's trades (the open positions on /user/{id}). */
  userId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(TRADE_STATUSES).optional(),
  /** Only trades booked by the desk (with their proposal's state). */
  origin: z.enum(['desk']).optional(),
});
export type AdminTradeListQuery = z.infer<typeof AdminTradeListQuerySchema>;
export const AdminTradePageSchema = pageOf(AdminTradeSchema, 'AdminTradePage');
export type AdminTradePage = z.infer<typeof AdminTradePageSchema>;

/** One trade for an administrator, with the current price and the result closing now would give. */
export const AdminTradeDetailSchema = AdminTradeSchema.extend({
  /** The market's mid price now. */
  currentPrice: PriceSchema.nullable(),
  /** Where closing now would execute: the trade's closing side (bid for a BUY, ask for a SELL) under its own spread. */
  closePriceNow: PriceSchema.nullable(),
  priceStale: z.boolean(),
  resultAtCurrentPrice: DecimalAmountSchema.nullable(),
}).meta({ id: 'AdminTradeDetail' });
export type AdminTradeDetail = z.infer<typeof AdminTradeDetailSchema>;

export const AdminCloseTradeRequestSchema = z
  .object({
    /** The customer's trade carries it (`closeReason`). */
    reason: customerText(
      z.string().trim().min(1, REASON_REQUIRED).max(500, 'The reason can be at most 500 characters'),
    ),
  })
  .meta({ id: 'AdminCloseTradeRequest' });

/**
 * A price written as a decimal number above zero ("67050.25"; not "0", "-1" or "1e5"), told
 * `message` once whatever is wrong. No lookahead in the pattern: the API document carries it, and
 * what reads it (the API fuzz test's generator) need not know one.
 */
function positivePriceSchema(message: string) {
  return z
    .string({ error: amountTypeError(message) })
    .trim()
    .regex(/^\d+(\.\d+)?$/, { message, abort: true })
    .refine((text) => /[1-9]/.test(text), message);
}

/** POST /api/admin/users/:id/trades: a trade executed outside the platform, at recorded prices. */
export const BookTradeRequestSchema = z
  .object({
    symbol: z.string().trim().min(1, 'Choose an asset').max(20),
    direction: TradeDirectionSchema,
    amount: usdAmountSchema('Amount is required'),
    /** Checked against the customer's own maximum leverage by the server (their trading terms). */
    lotSize: lotSizeSchema(LEVERAGE_CEILING, TRADE_MESSAGES.lotSizeAboveCustomerLeverage),
    openedAt: z.iso.datetime({ error: 'Open time is required' }),
    openPrice: positivePriceSchema('Enter the open price as a positive number, such as 67050.25'),
    closedAt: z.iso.datetime({ error: 'Close time is required' }),
    closePrice: positivePriceSchema('Enter the close price as a positive number, such as 68050.75'),
    /** Shown to the customer with the proposal. */
    reason: customerText(
      z
        .string({ error: REASON_REQUIRED })
        .trim()
        .min(1, REASON_REQUIRED)
        .max(500, 'The reason can be at most 500 characters'),
    ),
  })
  .superRefine((value, ctx) => {
    if (Date.parse(value.closedAt) <= Date.parse(value.openedAt)) {
      ctx.addIssue({
        code: 'custom',
        path: ['closedAt'],
        message: 'The close time must be after the open time',
      });
    }
  })
  .meta({ id: 'BookTradeRequest' });
export type BookTradeRequest = z.infer<typeof BookTradeRequestSchema>;
