import { PRICE_SOURCE_IDS } from '@candor/contracts/market';
import { INSTRUMENT_CLASSES } from '@candor/domain/market/instrument';
import { DESK_TRADE_STATUSES } from '@candor/domain/trading/desk-trade-status';
import { SPREAD_UNITS } from '@candor/domain/trading/spread';
import { TRADE_DIRECTIONS } from '@candor/domain/trading/trade-result';
import { TRADE_CLOSERS, TRADE_STATUSES } from '@candor/domain/trading/trade-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { journalEntries } from './ledger.ts';

/**
 * A position: opened at the market price with its amount reserved as margin, closed at the
 * market price (by the customer, an administrator, the stop-out or, for trades booked by the desk,
 * at recorded prices) with its result posted to the ledger. open → closed, final.
 */
export const trades = pgTable(
  'trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    instrumentClass: text('instrument_class', { enum: INSTRUMENT_CLASSES }).notNull(),
    direction: text('direction', { enum: TRADE_DIRECTIONS }).notNull(),
    /** The margin in cents. */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Lot size in hundredths (1.00 = 100). */
    lotHundredths: integer('lot_hundredths').notNull(),
    /** amount × lot size, in cents. */
    exposureMinor: bigint('exposure_minor', { mode: 'bigint' }).notNull(),
    /** The executed open price: the ask for a BUY, the bid for a SELL (the mid before spreads). */
    openPrice: numeric('open_price').notNull(),
    /** The market's mid price at the open; null for trades opened before spreads and desk trades. */
    openMidPrice: numeric('open_mid_price'),
    /**
     * The spread the trade opened with and closes with (issue 13): pips on forex, percent of the
     * price otherwise. Null (both) for trades opened before spreads (they close at the mid) and desk trades.
     */
    spreadUnit: text('spread_unit', { enum: SPREAD_UNITS }),
    spreadValue: numeric('spread_value'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /**
     * The MID price at which the executable close price (bid for a BUY, ask for a SELL) reaches the
     * loss of the whole amount: the stop-out monitor's pre-filter. Null when it can never be reached.
     */
    stopOutPrice: numeric('stop_out_price'),
    status: text('status', { enum: TRADE_STATUSES }).notNull(),
    /** The executed close price: the bid for a BUY, the ask for a SELL, under the trade's own spread. */
    closePrice: numeric('close_price'),
    /** The market's mid price at the close (null for trades without a spread). */
    closeMidPrice: numeric('close_mid_price'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The result in cents, fixed at close. */
    resultMinor: bigint('result_minor', { mode: 'bigint' }),
    closedBy: text('closed_by', { enum: TRADE_CLOSERS }),
    closedByUserId: text('closed_by_user_id'),
    closeReason: text('close_reason'),
    /** Booked by an administrator for a trade executed outside the platform. */
    bookedByDesk: boolean('booked_by_desk').notNull().default(false),
    bookedBy: text('booked_by'),
    /**
     * A desk trade is a proposal until the customer accepts it (only then is its result posted):
     * proposed → accepted | rejected | expired. Null for every other trade.
     */
    deskStatus: text('desk_status', { enum: DESK_TRADE_STATUSES }),
    /** Why the desk booked it; shown to the customer. */
    deskReason: text('desk_reason'),
    /** When an unaccepted proposal expires (7 days after booking). */
    deskExpiresAt: timestamp('desk_expires_at', { withTimezone: true }),
    /** When the customer accepted or rejected it, or it expired. */
    deskDecidedAt: timestamp('desk_decided_at', { withTimezone: true }),
    /** The result's journal entry, posted on acceptance (none for a zero result). */
    deskEntryId: bigint('desk_entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    priceSource: text('price_source', { enum: PRICE_SOURCE_IDS }).notNull(),
    marginEntryId: bigint('margin_entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    /** A copy (issue 14): the strategy provider's trade it copies, and the follower's copy relation. */
    copiedFromTradeId: uuid('copied_from_trade_id'),
    copyRelationId: uuid('copy_relation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trades_user_idx').on(t.userId, t.status, t.openedAt),
    index('trades_open_stop_out_idx')
      .on(t.symbol, t.direction, t.stopOutPrice)
      .where(sql`${t.status} = 'open'`),
    index('trades_opened_idx').on(t.openedAt),
    index('trades_desk_proposed_idx').on(t.userId, t.deskExpiresAt).where(sql`${t.deskStatus} = 'proposed'`),
    index('trades_desk_expiry_idx').on(t.deskExpiresAt).where(sql`${t.deskStatus} = 'proposed'`),
    // A customer's desk trades by booking time: four-eyes counts those of the last 24 hours (decision 054).
    index('trades_desk_booked_idx').on(t.userId, t.createdAt).where(sql`${t.bookedByDesk}`),
    // A provider's trade is copied at most once per relation (the copy job is at-least-once).
    uniqueIndex('trades_copy_idx').on(t.copiedFromTradeId, t.copyRelationId),
    // A relation's copies (its realised loss and open copies: the copy stop-loss, issue 14).
    index('trades_copy_relation_idx')
      .on(t.copyRelationId, t.status)
      .where(sql`${t.copyRelationId} is not null`),
    // The open copies of a symbol: the relations whose loss a price move changes.
    index('trades_open_copy_idx')
      .on(t.symbol, t.copyRelationId)
      .where(sql`${t.status} = 'open' and ${t.copyRelationId} is not null`),
    check('trades_copy', sql`(${t.copiedFromTradeId} is null) = (${t.copyRelationId} is null)`),
    check('trades_status', sql`${t.status} in ('open', 'closed')`),
    check('trades_direction', sql`${t.direction} in ('buy', 'sell')`),
    check('trades_amounts', sql`${t.amountMinor} > 0 and ${t.lotHundredths} > 0`),
    check('trades_result_cap', sql`${t.resultMinor} is null or ${t.resultMinor} >= -${t.amountMinor}`),
    checkOneOf('trades_spread_unit', t.spreadUnit, SPREAD_UNITS),
    check('trades_spread', sql`(${t.spreadUnit} is null) = (${t.spreadValue} is null)`),
    checkOneOf('trades_instrument_class', t.instrumentClass, INSTRUMENT_CLASSES),
    checkOneOf('trades_closed_by', t.closedBy, TRADE_CLOSERS),
    checkOneOf('trades_price_source', t.priceSource, PRICE_SOURCE_IDS),
    checkOneOf('trades_desk_status', t.deskStatus, DESK_TRADE_STATUSES),
  ],
);
