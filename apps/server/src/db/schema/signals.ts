import { SIGNAL_INTERVALS } from '@candor/domain/plans/plan-kinds';
import { RATING_ALERT_DIRECTIONS } from '@candor/domain/signals/rating-alert';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';

/**
 * The instruments a customer chose for their signals list (issue 13 item 2), in their order. No row
 * = the default list. A plan's instrument count caps what is rated (the first ones, by position).
 */
export const signalInstruments = pgTable(
  'signal_instruments',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.symbol] })],
);

/**
 * A rating alert: the customer is told (in the app and by e-mail) when the computed rating of an
 * instrument on an interval crosses the threshold in the direction named. The job keeps the last
 * rating it saw, so it fires once per crossing.
 */
export const signalAlerts = pgTable(
  'signal_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    interval: text('interval', { enum: SIGNAL_INTERVALS }).notNull(),
    threshold: integer('threshold').notNull(),
    direction: text('direction', { enum: RATING_ALERT_DIRECTIONS }).notNull(),
    lastRating: integer('last_rating'),
    /** When the rating last seen was computed (the close of its last candle). */
    lastRatedAt: timestamp('last_rated_at', { withTimezone: true }),
    lastNotifiedAt: timestamp('last_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('signal_alerts_user_idx').on(t.userId, t.createdAt),
    checkOneOf('signal_alerts_interval', t.interval, SIGNAL_INTERVALS),
    checkOneOf('signal_alerts_direction', t.direction, RATING_ALERT_DIRECTIONS),
    check('signal_alerts_threshold', sql`${t.threshold} between 1 and 99`),
  ],
);
