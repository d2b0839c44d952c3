import { COINS } from '@candor/contracts/coins';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { checkOneOf } from './enum-check.ts';

/** The platform's deposit addresses, one per coin ('bitcoin' | 'ethereum' | 'usdt'). */
export const walletAddresses = pgTable(
  'wallet_addresses',
  {
    coin: text('coin', { enum: COINS }).primaryKey(),
    address: text('address').notNull(),
    updatedBy: text('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [checkOneOf('wallet_addresses_coin', t.coin, COINS)],
);
