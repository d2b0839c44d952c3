import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests counted per key in fixed windows (docs/decisions/022-rate-limits.md): one row per key
 * and window, raised by an upsert, so every server of a deployment sees the same count.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    /** '<policy>:<method> <route>:account:<user id>' or '…:address:<client address>' */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    /** The end of the window: rows past it are deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart] }),
    index('rate_limit_hits_expires_idx').on(t.expiresAt),
  ],
);
