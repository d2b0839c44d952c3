import { ACCOUNT_KINDS } from '@candor/domain/ledger/accounts';
import { ENTRY_KINDS } from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';

/**
 * The accounts of the double-entry ledger. Customer accounts (`customer_cash`,
 * `customer_reserved`, `customer_loan`) keep a cached balance, changed only in the transaction that
 * posts to them, under a row lock; cash and reserved never go below zero, a loan never above it. Platform accounts are touched by every movement,
 * so their balance is never cached: it is the sum of their postings (docs/decisions/009).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** ACCOUNT_KINDS: customer_cash, customer_reserved, customer_loan, platform_… */
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: text('user_id').references(() => users.id),
    /** Cached sum of the postings (customer accounts only; always 0 on platform accounts). */
    balanceMinor: bigint('balance_minor', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_kind_idx').on(t.userId, t.kind),
    // The Users tab sorted by cash balance reads this index in order (every customer has a cash
    // account from sign-up on: a trigger on users makes it, migration users_list_counts).
    index('ledger_accounts_kind_balance_idx').on(t.kind, t.balanceMinor.desc(), t.userId.desc()),
    check(
      'ledger_accounts_customer_not_negative',
      sql`${t.kind} not like 'customer%' or ${t.kind} = 'customer_loan' or ${t.balanceMinor} >= 0`,
    ),
    // What a customer owes is −balance of their loan account: never negative.
    check('ledger_accounts_loan_not_positive', sql`${t.kind} <> 'customer_loan' or ${t.balanceMinor} <= 0`),
    check('ledger_accounts_owner', sql`(${t.kind} like 'customer%') = (${t.userId} is not null)`),
    checkOneOf('ledger_accounts_kind', t.kind, ACCOUNT_KINDS),
  ],
);

/** One movement of money with its cause. Append-only: a correction is a new entry. */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** 'deposit' | 'withdrawal' | 'withdrawal_fee' | 'reservation' | 'release' | 'adjustment' */
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    description: text('description').notNull(),
    /** The customer the entry concerns. */
    userId: text('user_id').references(() => users.id),
    /** Who caused it: a user id, 'cli' or 'system'. */
    actorId: text('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    /** What it belongs to, e.g. { deposit: id } or { withdrawal: id }. */
    reference: jsonb('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_user_idx').on(t.userId, t.id),
    // Four-eyes sums a customer's manual adjustments of the last 24 hours (docs/decisions/048):
    // only adjustments are indexed, by customer and time.
    index('journal_entries_adjustments_idx').on(t.userId, t.createdAt).where(sql`${t.kind} = 'adjustment'`),
    // A withdrawal's details list its entries (reservation, payout, fee, release) by this key.
    index('journal_entries_withdrawal_idx')
      .on(sql`(${t.reference}->>'withdrawal')`)
      .where(sql`${t.reference}->>'withdrawal' is not null`),
    checkOneOf('journal_entries_kind', t.kind, ENTRY_KINDS),
  ],
);

/** The legs of an entry: the amounts of one entry sum to zero. Append-only. */
export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The account's balance after this posting (customer accounts only). */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }),
  },
  (t) => [
    index('postings_account_entry_idx').on(t.accountId, t.entryId),
    index('postings_entry_idx').on(t.entryId),
    check('postings_amount_not_zero', sql`${t.amountMinor} <> 0`),
  ],
);
