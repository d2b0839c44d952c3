import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets generated on first start and shared by every server on this database. */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
