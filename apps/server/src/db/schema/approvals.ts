import {
  APPROVAL_CANCELLERS,
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  EXPIRING_APPROVAL_KINDS,
} from '@candor/domain/approvals/approval-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { trades } from './trades.ts';
import { withdrawals } from './withdrawals.ts';

/**
 * Four-eyes requests: a staff action above the threshold, recorded by its maker and waiting for a
 * different staff member (the checker). Nothing moves until it is approved. A change of the deposit
 * addresses ('wallet_change', docs/decisions/048) and a change that loosens the four-eyes threshold
 * ('four_eyes_threshold', docs/decisions/053), like turning off "withdrawals need a verified
 * identity" ('identity_for_withdrawals', decision 053's section of 2026-11-30) and raising a limit of
 * unverified accounts ('unverified_limits', its section of 2026-12-01), name no customer and no amount. A desk booking above
 * the threshold ('desk_trade', docs/decisions/054) names the customer and its result's size; its
 * trade exists only once approved.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * 'adjustment' | 'withdrawal_approval' | 'wallet_change' | 'four_eyes_threshold' | 'desk_trade' |
     * 'identity_for_withdrawals' (turning off "withdrawals need a verified identity") |
     * 'unverified_limits' (raising a 30-day limit of unverified accounts)
     */
    kind: text('kind', { enum: APPROVAL_KINDS }).notNull(),
    /**
     * 'awaiting' | 'approved' | 'rejected' | 'expired' (a desk booking past its booking window) |
     * 'cancelled' (withdrawn by its maker while it waited, or its withdrawal cancelled by the
     * customer; no checker, `cancelled_by` says who)
     */
    status: text('status', { enum: APPROVAL_STATUSES }).notNull().default('awaiting'),
    /** The customer whose money it moves (null for a wallet or threshold change). */
    userId: text('user_id').references(() => users.id),
    /** The withdrawal to approve (kind 'withdrawal_approval'). */
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    /** The amount it moves; a desk trade's result, unsigned (null for a wallet or threshold change). */
    amountMinor: bigint('amount_minor', { mode: 'bigint' }),
    /**
     * The request as the maker made it: an adjustment's direction and reason; a wallet change's
     * addresses before (in force when it was asked) and after; a threshold change's dollars before
     * and after; a desk trade's booking and result.
     */
    request: jsonb('request').notNull(),
    makerId: text('maker_id').notNull(),
    makerRole: text('maker_role').notNull(),
    makerReason: text('maker_reason').notNull(),
    checkerId: text('checker_id'),
    checkerRole: text('checker_role'),
    checkerReason: text('checker_reason'),
    /**
     * Who cancelled it (status 'cancelled' only): 'maker' (docs/decisions/057) or 'customer' (they
     * cancelled the withdrawal it waited for). Its reason is in `checker_reason`.
     */
    cancelledBy: text('cancelled_by', { enum: APPROVAL_CANCELLERS }),
    /** The ledger entry that carried it out, once approved. */
    entryId: bigint('entry_id', { mode: 'bigint' }),
    /** The trade an approved desk booking proposed to the customer (kind 'desk_trade'). */
    tradeId: uuid('trade_id').references(() => trades.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('approvals_status_idx').on(t.status, t.createdAt),
    index('approvals_user_idx').on(t.userId, t.createdAt),
    // One waiting approval per withdrawal: a second request for the same one is refused.
    uniqueIndex('approvals_one_waiting_per_withdrawal')
      .on(t.withdrawalId)
      .where(sql`${t.status} = 'awaiting'`),
    // One waiting change of the deposit addresses: the next is asked once it is decided.
    uniqueIndex('approvals_one_waiting_wallet_change')
      .on(t.kind)
      .where(sql`${t.kind} = 'wallet_change' and ${t.status} = 'awaiting'`),
    // One waiting change of the four-eyes threshold.
    uniqueIndex('approvals_one_waiting_threshold_change')
      .on(t.kind)
      .where(sql`${t.kind} = 'four_eyes_threshold' and ${t.status} = 'awaiting'`),
    // One waiting change of "withdrawals need a verified identity" (decision 053, 2026-11-30).
    uniqueIndex('approvals_one_waiting_identity_change')
      .on(t.kind)
      .where(sql`${t.kind} = 'identity_for_withdrawals' and ${t.status} = 'awaiting'`),
    // One waiting raise of the unverified account limits (decision 053, 2026-12-01).
    uniqueIndex('approvals_one_waiting_limits_change')
      .on(t.kind)
      .where(sql`${t.kind} = 'unverified_limits' and ${t.status} = 'awaiting'`),
    checkOneOf('approvals_kind', t.kind, APPROVAL_KINDS),
    checkOneOf('approvals_status', t.status, APPROVAL_STATUSES),
    check('approvals_amount_positive', sql`${t.amountMinor} > 0`),
    // Money requests name a customer and an amount; a settings change (wallet, threshold, identity
    // rule, unverified limits) names neither.
    check(
      'approvals_subject',
      sql`(${t.kind} in ('wallet_change', 'four_eyes_threshold', 'identity_for_withdrawals', 'unverified_limits')) = (${t.userId} is null and ${t.amountMinor} is null) and (${t.userId} is null) = (${t.amountMinor} is null)`,
    ),
    // Only an approved desk booking names the trade it proposed.
    check(
      'approvals_trade',
      sql`${t.tradeId} is null or (${t.kind} = 'desk_trade' and ${t.status} = 'approved')`,
    ),
    // Only a desk booking expires (its open ages out of the booking window, docs/decisions/054).
    check(
      'approvals_expired',
      sql`${t.status} <> 'expired' or ${t.kind} in (${sql.raw(EXPIRING_APPROVAL_KINDS.map((kind) => `'${kind}'`).join(', '))})`,
    ),
    check('approvals_checker_not_maker', sql`${t.checkerId} is null or ${t.checkerId} <> ${t.makerId}`),
    // A cancelled request was withdrawn by its maker, or its withdrawal by the customer: nobody else decided it.
    check('approvals_cancelled', sql`${t.status} <> 'cancelled' or ${t.checkerId} is null`),
    checkOneOf('approvals_cancelled_by', t.cancelledBy, APPROVAL_CANCELLERS),
    // Only a cancelled request says who cancelled it, and the customer cancels only a withdrawal's.
    check(
      'approvals_cancelled_by_who',
      sql`(${t.status} = 'cancelled') = (${t.cancelledBy} is not null) and (${t.cancelledBy} is distinct from 'customer' or ${t.kind} = 'withdrawal_approval')`,
    ),
    // The checker is a staff member (or the system, for an expired request), never a customer.
    check('approvals_checker_staff', sql`${t.checkerRole} is null or ${t.checkerRole} <> 'client'`),
  ],
);
