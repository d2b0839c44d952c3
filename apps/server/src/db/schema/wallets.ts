import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The platform's deposit addresses, one per coin ('bitcoin' | 'ethereum' | 'usdt'). */
export const walletAddresses = pgTable('wallet_addresses', {
  coin: text('coin').primaryKey(),
  address: text('address').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
