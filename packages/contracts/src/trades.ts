import { INSTRUMENT_CLASSES } from '@candor/domain/market/instrument';
import { DESK_TRADE_STATUSES } from '@candor/domain/trading/desk-trade-status';
import { SPREAD_UNITS } from '@candor/domain/trading/spread';
import { LEVERAGE_CEILING, parseLotSize, TRADE_DIRECTIONS } from '@candor/domain/trading/trade-result';
import { TRADE_CLOSERS, TRADE_STATUSES } from '@candor/domain/trading/trade-status';
import { z } from 'zod';
import { PriceSchema } from './market.ts';
import { DecimalAmountSchema, PageQuerySchema, pageOf, usdAmountSchema } from './money.ts';

/** Seed §9: the customer's trade lists show 5 a page (the administrators' All trades tab: admin-trades.ts). */
export const TRADES_PAGE_SIZE = 5;

/** Seed §5 and §8 texts. */
export const TRADE_MESSAGES = {
  amountRequired: 'Input an amount',
  lotSizeRequired: 'Input your lot size',
  /** A lot size sent as anything but text (a JSON number), as amounts are told (AMOUNT_AS_TEXT_MESSAGE). */
  lotSizeAsText: 'Write the lot size as text, such as "1.00"',
  lotSizeNotNumber: 'Lot size must be a number',
  lotSizePositive: 'Lot size must be greater than zero',
  lotSizeAboveLeverage: (max: number) => `Lot size can be at most ${max} (your account's maximum leverage)`,
  /** The same refusal told to staff booking a trade for a customer. */
  lotSizeAboveCustomerLeverage: (max: number) =>
    `Lot size can be at most ${max} (the customer's maximum leverage)`,
  insufficient: 'Insufficient balance',
  placed: 'Trade Placed Successfully',
  failed: 'Failed to place trade',
} as const;

export const TradeDirectionSchema = z.enum(TRADE_DIRECTIONS);
export type TradeDirectionName = z.infer<typeof TradeDirectionSchema>;

/**
 * A lot size typed by a person: a number above zero with at most two decimals (step 0.01), and at
 * most `maxLeverage` (the account's maximum leverage; the server checks the account's own).
 */
export function lotSizeSchema(
  maxLeverage: number,
  aboveLeverage: (max: number) => string = TRADE_MESSAGES.lotSizeAboveLeverage,
) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? TRADE_MESSAGES.lotSizeRequired
          : TRADE_MESSAGES.lotSizeAsText,
    })
    .trim()
    .min(1, TRADE_MESSAGES.lotSizeRequired)
    .superRefine((text, ctx) => {
      if (!/^-?\d+(\.\d+)?$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.lotSizeNotNumber });
        return;
      }
      if (Number(text) <= 0) {
        ctx.addIssue({ code: 'custom', message: TRADE_MESSAGES.lotSizePositive });
        return;
      }
      // The leverage first: parseLotSize also refuses a size past its own ceiling (10,000), which
      // is no matter of decimals.
      if (Number(text) > maxLeverage) ctx.addIssue({ code: 'custom', message: aboveLeverage(maxLeverage) });
      else if (!parseLotSize(text).ok)
        ctx.addIssue({ code: 'custom', message: 'Lot size can have at most 2 decimals' });
    });
}

/** A lot size any account may ask for (at most the highest leverage a package can give). */
export const LotSizeSchema = lotSizeSchema(LEVERAGE_CEILING);

/** POST /api/trades. No price: the server opens at the market price of that moment. */
export const PlaceTradeRequestSchema = z
  .object({
    symbol: z.string().trim().min(1, 'Choose an asset').max(20),
    direction: TradeDirectionSchema,
    amount: usdAmountSchema(TRADE_MESSAGES.amountRequired),
    lotSize: LotSizeSchema,
  })
  .meta({ id: 'PlaceTradeRequest' });
export type PlaceTradeRequest = z.infer<typeof PlaceTradeRequestSchema>;

const SignedPriceSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

/** "1.2" pips (forex) or "0.12" percent (crypto and stocks). */
export const SpreadSchema = z
  .object({ unit: z.enum(SPREAD_UNITS), value: PriceSchema })
  .meta({ id: 'Spread' });
export type SpreadAnswer = z.infer<typeof SpreadSchema>;

/**
 * GET /api/trading-terms: the signed-in customer's maximum leverage (lot size cap) and spread,
 * from their active trading package or, without one, the Settings defaults.
 */
export const TradingTermsSchema = z
  .object({
    maxLeverage: z.number().int().min(1),
    /** Pips on forex pairs: "1.2". */
    forexSpreadPips: z.string(),
    /** Percent of the price on crypto and stocks: "0.12". */
    otherSpreadPercent: z.string(),
    source: z.enum(['package', 'default']),
    /** The trading package's name; null with the default terms. */
    packageName: z.string().nullable(),
    /** When the package ends; null for the defaults or a package without an end. */
    expiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'TradingTerms' });
export type TradingTermsAnswer = z.infer<typeof TradingTermsSchema>;

export const DeskTradeStatusSchema = z.enum(DESK_TRADE_STATUSES);
export type DeskTradeStatusName = z.infer<typeof DeskTradeStatusSchema>;

/** Texts of desk trades (PRODUCT.md §2: booked by the desk, accepted by the customer). */
export const DESK_TRADE_MESSAGES = {
  awaiting: 'A trade booked by the desk awaits your acceptance',
  bookedBy: 'Booked by desk',
  notFound: 'Trade not found',
  accepted: 'Trade accepted: its result is on your statement',
  rejected: 'Trade rejected: nothing was posted',
  alreadyDecided: (from: DeskTradeStatusName) => `This trade was already ${from}.`,
  /** The booking's toast for staff. */
  proposed: 'Trade booked: it is posted once the customer accepts it',
} as const;

/** How staff and the customer name each state. */
export const DESK_TRADE_STATUS_LABELS = {
  proposed: 'Awaiting acceptance',
  accepted: 'Accepted',
  rejected: 'Rejected',
  expired: 'Expired',
} as const satisfies Record<DeskTradeStatusName, string>;

/** A trade booked by the desk: a proposal until the customer accepts it. */
export const DeskTradeSchema = z
  .object({
    status: DeskTradeStatusSchema,
    /** Why the desk booked it (shown to the customer). */
    reason: z.string(),
    /** When it was booked. */
    bookedAt: z.iso.datetime(),
    /** When it expires unaccepted. */
    expiresAt: z.iso.datetime(),
    /** When it was accepted, rejected or expired. */
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DeskTrade' });
export type DeskTrade = z.infer<typeof DeskTradeSchema>;

/**
 * A follower's copy of a strategy provider's trade (issue 14): the provider's display name and how
 * far the copy was from the provider's own open and close. Nothing else of the provider's account.
 */
export const CopiedFromSchema = z
  .object({
    providerName: z.string(),
    providerTradeId: z.uuid(),
    /** The copy's open time − the provider's open time, in milliseconds. */
    openDelayMs: z.number().int(),
    /** The copy's executed open price − the provider's, signed ("12.50", "-0.00008"). */
    openPriceDifference: SignedPriceSchema,
    /** The copy's close time − the provider's; null until both are closed. */
    closeDelayMs: z.number().int().nullable(),
    /** The copy's executed close price − the provider's; null until both are closed. */
    closePriceDifference: SignedPriceSchema.nullable(),
  })
  .meta({ id: 'CopiedFrom' });
export type CopiedFrom = z.infer<typeof CopiedFromSchema>;

export const TradeSchema = z
  .object({
    id: z.uuid(),
    symbol: z.string(),
    instrumentClass: z.enum(INSTRUMENT_CLASSES),
    direction: TradeDirectionSchema,
    /** Margin in dollars. */
    amount: DecimalAmountSchema,
    /** "1.00" */
    lotSize: z.string(),
    /** amount × lot size ("Amount traded"). */
    exposure: DecimalAmountSchema,
    openPrice: PriceSchema,
    openedAt: z.iso.datetime(),
    status: z.enum(TRADE_STATUSES),
    closePrice: PriceSchema.nullable(),
    closedAt: z.iso.datetime().nullable(),
    /** Signed result in dollars, fixed at close ("Outcome"). */
    result: DecimalAmountSchema.nullable(),
    closedBy: z.enum(TRADE_CLOSERS).nullable(),
    closeReason: z.string().nullable(),
    /** Shown to the customer as "Booked by desk". */
    bookedByDesk: z.boolean(),
    /** A desk trade's proposal (its state, reason and expiry); null for every other trade. */
    desk: DeskTradeSchema.nullable(),
    priceSource: z.string(),
    /** The market's mid price when the trade opened (a BUY opened at mid + half the spread, a SELL at mid − half); null for trades opened before spreads and desk trades. */
    openMidPrice: PriceSchema.nullable(),
    /** The market's mid price when it closed; null while open and for trades without a spread. */
    closeMidPrice: PriceSchema.nullable(),
    /** The spread the trade was opened with and closes with (its own terms, whatever the account's are now). */
    spread: SpreadSchema.nullable(),
    /** A copy of a strategy provider's trade, with its delay and price difference; null for every other trade. */
    copiedFrom: CopiedFromSchema.nullable(),
  })
  .meta({ id: 'Trade' });
export type Trade = z.infer<typeof TradeSchema>;

/**
 * Who closed a trade, in the words every screen, statement line and notice uses (the customer's
 * trade list, a trade's details, the notice of a staff close).
 */
export const CLOSED_BY_LABELS = {
  customer: 'Closed by the customer',
  admin: 'Closed by an administrator',
  stop_out: 'Stopped out (the loss reached the amount)',
  desk: 'Booked by desk',
  copy: 'Closed with the strategy provider',
  copy_stop_loss: 'Closed by the copy stop-loss',
} as const satisfies Record<NonNullable<Trade['closedBy']>, string>;

export const TradeListQuerySchema = PageQuerySchema.extend({
  status: z.enum(TRADE_STATUSES).default('closed'),
});
export type TradeListQuery = z.infer<typeof TradeListQuerySchema>;
export const TradePageSchema = pageOf(TradeSchema, 'TradePage');
export type TradePage = z.infer<typeof TradePageSchema>;

/** GET /api/desk-trades: the signed-in customer's desk trades, awaiting ones first (10 a page). */
export const DESK_TRADES_PAGE_SIZE = 10;
export const DeskTradeListQuerySchema = PageQuerySchema;
export type DeskTradeListQuery = z.infer<typeof DeskTradeListQuerySchema>;
export const DeskTradePageSchema = pageOf(TradeSchema, 'DeskTradePage');
export type DeskTradePage = z.infer<typeof DeskTradePageSchema>;

/** GET /api/desk-trades/summary: how many desk trades await the customer (the banner). */
export const DeskTradeSummarySchema = z
  .object({ awaiting: z.number().int().min(0) })
  .meta({ id: 'DeskTradeSummary' });
export type DeskTradeSummary = z.infer<typeof DeskTradeSummarySchema>;
