import { PRICE_SOURCE_IDS } from '@candor/contracts/market';
import { numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One-minute candles of the live prices the server served (docs/decisions/007-candles.md).
 * Longer intervals are aggregated from these; prices are exact decimals.
 */
export const candles1m = pgTable(
  'candles_1m',
  {
    symbol: text('symbol').notNull(),
    /** Start of the minute. */
    time: timestamp('time', { withTimezone: true }).notNull(),
    open: numeric('open').notNull(),
    high: numeric('high').notNull(),
    low: numeric('low').notNull(),
    close: numeric('close').notNull(),
    /** The price source that produced the ticks. */
    source: text('source', { enum: PRICE_SOURCE_IDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.symbol, t.time] })],
);
