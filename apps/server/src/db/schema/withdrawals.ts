import { WITHDRAWAL_METHODS } from '@candor/contracts/withdrawals';
import { WITHDRAWAL_STATUSES } from '@candor/domain/withdrawals/withdrawal-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { journalEntries } from './ledger.ts';

/**
 * A withdrawal request. The amount is reserved when it is recorded.
 * awaiting_confirmation → pending | on_hold; on_hold → pending; pending → approved | rejected;
 * the customer may cancel any of the first three (→ cancelled).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The fee rate at the time of the request, in basis points. */
    feeBps: integer('fee_bps').notNull(),
    feeMinor: bigint('fee_minor', { mode: 'bigint' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'bigint' }).notNull(),
    method: text('method', { enum: WITHDRAWAL_METHODS }).notNull(),
    /** The payout details of the method (see contracts/withdrawals). */
    details: jsonb('details').notNull(),
    status: text('status', { enum: WITHDRAWAL_STATUSES }).notNull(),
    holdReason: text('hold_reason'),
    /** SHA-256 of the withdrawal id and the e-mailed confirmation code, its expiry and the wrong tries. */
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    /** The staff member who released the hold, and when (the release's note is in the audit log). */
    holdReleasedBy: text('hold_released_by'),
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionReason: text('decision_reason'),
    reservationEntryId: bigint('reservation_entry_id', { mode: 'bigint' }).references(
      () => journalEntries.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_created_idx').on(t.createdAt),
    check(
      'withdrawals_amounts',
      sql`${t.amountMinor} > 0 and ${t.feeMinor} >= 0 and ${t.netMinor} = ${t.amountMinor} - ${t.feeMinor}`,
    ),
    check(
      'withdrawals_status',
      sql`${t.status} in ('awaiting_confirmation', 'on_hold', 'pending', 'approved', 'rejected', 'cancelled')`,
    ),
    checkOneOf('withdrawals_method', t.method, WITHDRAWAL_METHODS),
  ],
);

/** Per-customer withdrawal settings that an administrator sets on /user/{id}. */
export const withdrawalSettings = pgTable('withdrawal_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  holdEnabled: boolean('hold_enabled').notNull().default(false),
  /** Shown to the customer while the hold is on. */
  holdReason: text('hold_reason'),
  requireCode: boolean('require_code').notNull().default(false),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
