import {
  ADJUSTMENT_MESSAGES,
  ADMIN_RECENT_ENTRIES,
  type Adjustment,
  type AdjustmentDirection,
  type AdminUser,
  type CreateAdjustmentRequest,
} from '@candor/contracts/admin-users';
import { NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import type { Balances } from '@candor/contracts/ledger';
import { toMinorUnits } from '@candor/contracts/money';
import { debitFitsBalance } from '@candor/domain/approvals/approval-status';
import { adjustmentEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { selectWaitingCashClaims } from '../approvals/approvals.repository.ts';
import { requestApproval, staffMoveRequiresSecondApproval } from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { type LockedAccount, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { readBalances, readStatement } from '../ledger/ledger.service.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { readRecentSignIns } from '../user-activity/user-activity.service.ts';
import { lockUserForShare, type UserRow } from '../users/users.repository.ts';
import { requireCustomerAccount, requireUser } from '../users/users.service.ts';
import { adjustmentNotice } from './adjustment-notice.ts';

/** A customer's details, balances, latest ledger entries and sign-ins for the admin user page. */
export async function requireAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const row = await requireUser(db, userId);
  const [balances, recentEntries, recentSignIns] = await Promise.all([
    readBalances(db, userId),
    readStatement(db, userId, 1, { pageSize: ADMIN_RECENT_ENTRIES, reader: 'staff' }),
    readRecentSignIns(db, userId),
  ]);
  return {
    id: row.id,
    fullName: row.name,
    username: row.displayUsername ?? row.username ?? '',
    email: row.email,
    status: row.status,
    statusReason: row.statusReason,
    role: row.role,
    identityStatus: row.identityStatus,
    createdAt: row.createdAt.toISOString(),
    balances,
    recentEntries,
    recentSignIns,
  };
}

/** The customer a staff member moves money for: USER_NOT_FOUND, or ACCOUNT_CLOSED once closed. */
export async function requireOpenCustomer(db: Db, userId: string): Promise<UserRow> {
  return requireNotClosed(await requireUser(db, userId));
}

/**
 * `requireOpenCustomer` with the user row share-locked, before the customer's ledger accounts
 * (docs/decisions/055): a close under way holds that row, so money about to move for the customer
 * waits for it and then sees the account closed, instead of landing on the closed account. And it is
 * a customer's: a staff account holds no money (403 FORBIDDEN, docs/decisions/062), its role read
 * under the same lock a staff role takes.
 */
export async function requireLockedOpenCustomer(tx: Db, userId: string): Promise<UserRow> {
  const user = await lockUserForShare(tx, userId);
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  requireNotClosed(user);
  requireCustomerAccount(user);
  return user;
}

function requireNotClosed(user: UserRow): UserRow {
  if (user.status === 'closed') throw new AppError('ACCOUNT_CLOSED', 'This account is closed');
  return user;
}

/**
 * A manual adjustment by a staff member. When, with the customer's manual adjustments and desk trades
 * of the last 24 hours (completed, proposed or awaiting), it is above the four-eyes threshold
 * (Settings), it is recorded as awaiting a second approval and nothing moves (state
 * 'awaiting_approval'); otherwise it is carried out at once (state 'completed'): see postAdjustment.
 * A debit the customer's cash cannot cover, with the debits already waiting, is refused either way
 * (requireDebitFits). The customer's accounts are locked before the sums are read, so two
 * adjustments, or an adjustment and a desk booking, at once take turns and the second counts the
 * first (docs/decisions/048, 054).
 * Above the threshold with nobody else able to decide it, it is carried out at once too, and its
 * answer and audit row say why (`fourEyes: 'no_second_decider'`, decision 053).
 */
export async function adjustBalance({
  tx,
  actor,
  now,
  outbox,
  userId,
  input,
}: Command<{ userId: string; input: CreateAdjustmentRequest; outbox: Outbox }>): Promise<Adjustment> {
  const customer = await requireLockedOpenCustomer(tx, userId);
  const amount = toMinorUnits(input.amount);
  const accounts = await lockCustomerAccounts(tx, [userId]);
  if (input.direction === 'debit') await requireDebitFits(tx, { userId, amount, accounts });
  const aboveThreshold = await staffMoveRequiresSecondApproval(tx, { userId, amountMinor: amount, now });
  if (aboveThreshold && (await hasSecondDecider(tx, { kind: 'adjustment', makerId: actor.id }))) {
    const approval = await requestApproval({
      tx,
      actor,
      now,
      kind: 'adjustment',
      userId,
      amountMinor: amount,
      request: { direction: input.direction, reason: input.reason },
      reason: input.reason,
    });
    return {
      state: 'awaiting_approval',
      entryId: null,
      approval,
      balances: await readBalances(tx, userId),
      fourEyes: null,
    };
  }
  const fourEyes = aboveThreshold ? NO_SECOND_DECIDER : null;
  const done = await postAdjustment({
    tx,
    actor,
    outbox,
    customer,
    direction: input.direction,
    amount,
    reason: input.reason,
    ...(fourEyes ? { auditDetails: { fourEyes } } : {}),
  });
  return { state: 'completed', entryId: done.entryId, approval: null, balances: done.balances, fourEyes };
}

/**
 * A debit is refused when it is asked (422 INSUFFICIENT_FUNDS, the words of a debit carried out at
 * once) unless the customer's cash covers it together with what already awaits a second approval for
 * them (their debits, and their desk bookings' losses): a debit that no approval could carry out
 * never waits, and never counts in the four-eyes total (docs/decisions/048, section of 2026-11-29).
 * The caller holds the lock on the customer's accounts (`accounts`, their cash read under it), which
 * bookings take too: two requests at once take turns, and the second counts the first.
 */
async function requireDebitFits(
  tx: Db,
  { userId, amount, accounts }: { userId: string; amount: bigint; accounts: readonly LockedAccount[] },
): Promise<void> {
  const cash = accounts.find((account) => account.kind === 'customer_cash')?.balanceMinor ?? 0n;
  const waiting = await selectWaitingCashClaims(tx, userId);
  if (!debitFitsBalance(amount, waiting, cash))
    throw new AppError('INSUFFICIENT_FUNDS', ADJUSTMENT_MESSAGES.belowZero);
}

/**
 * Carries an adjustment out: one ledger entry of kind "adjustment" whose description is what the
 * customer reads on their statement (the reason; after a second approval, also who made and who
 * approved it). A debit that would take the cash balance below zero is refused and writes nothing.
 * Audited with the balances before and after: `actor` made it, `approver` (four-eyes) approved it.
 * The customer is mailed in the same transaction (the amount, the reason as written, when; no staff
 * name): no money moves on their account without their being told (docs/decisions/046).
 */
export async function postAdjustment({
  tx,
  actor,
  approver,
  outbox,
  customer,
  direction,
  amount,
  reason,
  description = reason,
  reference,
  auditDetails,
}: {
  tx: Db;
  actor: Actor;
  approver?: Actor;
  outbox: Outbox;
  /** The customer whose cash moves, as read before (open). */
  customer: Pick<UserRow, 'id' | 'email' | 'name'>;
  direction: AdjustmentDirection;
  amount: bigint;
  reason: string;
  description?: string;
  reference?: Record<string, string>;
  auditDetails?: Record<string, string>;
}): Promise<{ entryId: string; balances: Balances }> {
  const userId = customer.id;
  // Lock the customer's accounts first, so "before" is the balance this adjustment moves from.
  await lockCustomerAccounts(tx, [userId]);
  const before = await readBalances(tx, userId);
  const draft = { ...adjustmentEntry({ userId, direction, amount, reason: description }), reference };
  const posted = await postEntries(tx, [draft], actor);
  if (!posted.ok) throw new AppError('INSUFFICIENT_FUNDS', ADJUSTMENT_MESSAGES.belowZero);
  const [entry] = posted.value;
  if (!entry) throw new Error('the adjustment entry was not posted');
  const after = await readBalances(tx, userId);
  outbox.queue(
    adjustmentNotice({
      userId,
      to: customer.email,
      name: customer.name,
      direction,
      amount,
      reason,
      at: entry.createdAt,
      siteName: await readSiteName(tx),
    }),
  );
  await recordAudit(tx, {
    actor,
    approver: approver ?? null,
    action: 'user.adjustment',
    targetType: 'user',
    targetId: userId,
    reason,
    before: { balances: before },
    after: {
      balances: after,
      entryId: String(entry.id),
      direction,
      amount: formatDecimal(amount),
      ...auditDetails,
    },
  });
  return { entryId: String(entry.id), balances: after };
}
