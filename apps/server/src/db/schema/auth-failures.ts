import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Attempts counted in a sliding window: failed sign-ins per client address and per account, and
 * password reset requests per client address and per e-mail.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'ip:<address>', 'account:<email>', 'reset-ip:<address>' or 'reset-email:<email>' */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_created_idx').on(t.key, t.createdAt)],
);
