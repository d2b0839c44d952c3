import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Failed sign-ins, counted per client address and per account in a sliding window. */
export const authFailures = pgTable(
  'auth_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'ip:<address>' or 'account:<email>' */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_failures_key_created_idx').on(t.key, t.createdAt)],
);
