import { COINS } from '@candor/contracts/coins';
import { RATE_SOURCES } from '@candor/contracts/deposits';
import { DEPOSIT_STATUSES } from '@candor/domain/deposits/deposit-status';
import { sql } from 'drizzle-orm';
import { bigint, check, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { files } from './files.ts';
import { journalEntries } from './ledger.ts';

/**
 * A conversion quote shown at deposit step 2/3: the USD amount, the coin amount to send, the rate
 * and its source, and the address shown. A deposit can be submitted on it until it expires.
 */
export const depositQuotes = pgTable(
  'deposit_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    coin: text('coin', { enum: COINS }).notNull(),
    /** The coin amount in its smallest unit (satoshi, wei, micro-USDT). */
    cryptoAmountBaseUnits: numeric('crypto_amount_base_units', { precision: 40, scale: 0 }).notNull(),
    /** USD per coin, exact decimal. */
    rate: numeric('rate').notNull(),
    rateSource: text('rate_source', { enum: RATE_SOURCES }).notNull(),
    address: text('address').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposit_quotes_user_idx').on(t.userId),
    check('deposit_quotes_amount', sql`${t.amountMinor} > 0`),
    checkOneOf('deposit_quotes_coin', t.coin, COINS),
    checkOneOf('deposit_quotes_rate_source', t.rateSource, RATE_SOURCES),
  ],
);

/** A customer's deposit with proof of payment: pending → approved | rejected (final). */
export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** One deposit per quote. */
    quoteId: uuid('quote_id')
      .notNull()
      .unique()
      .references(() => depositQuotes.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    coin: text('coin', { enum: COINS }).notNull(),
    cryptoAmountBaseUnits: numeric('crypto_amount_base_units', { precision: 40, scale: 0 }).notNull(),
    rate: numeric('rate').notNull(),
    rateSource: text('rate_source', { enum: RATE_SOURCES }).notNull(),
    address: text('address').notNull(),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }).notNull(),
    proofFileId: uuid('proof_file_id')
      .notNull()
      .references(() => files.id),
    transactionHash: text('transaction_hash'),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('pending'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    /** The ledger entry that credited the customer (approved deposits). */
    entryId: bigint('entry_id', { mode: 'bigint' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_created_idx').on(t.createdAt),
    check('deposits_amount', sql`${t.amountMinor} > 0`),
    check('deposits_status', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    checkOneOf('deposits_coin', t.coin, COINS),
    checkOneOf('deposits_rate_source', t.rateSource, RATE_SOURCES),
  ],
);
