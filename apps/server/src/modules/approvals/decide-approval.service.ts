import {
  APPROVAL_KIND_LABELS,
  APPROVAL_MESSAGES,
  APPROVALS_PAGE_SIZE,
  type Approval,
  type ApprovalListQuery,
  type ApprovalPage,
  approvedAdjustmentDescription,
} from '@candor/contracts/approvals';
import { hasPermission } from '@candor/contracts/staff';
import { findCustomerTextProblem } from '@candor/contracts/staff-texts';
import { APPROVAL_NEXT, type ApprovalStatus } from '@candor/domain/approvals/approval-status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { postAdjustment, requireLockedOpenCustomer } from '../admin-users/admin-users.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { applyApprovedIdentityRuleChange } from '../settings/identity-rule-change.service.ts';
import { applyApprovedLimitsChange } from '../settings/limits-change.service.ts';
import { applyApprovedThresholdChange } from '../settings/threshold-change.service.ts';
import { applyApprovedWalletChange } from '../wallets/wallets.service.ts';
import { settleApprovedWithdrawal } from '../withdrawals/admin-withdrawals.service.ts';
import { APPROVAL_KIND_PERMISSION } from './approval-deciders.ts';
import {
  adjustmentRequestOf,
  amountOf,
  approvalAuditAfter,
  approvalAuditBefore,
  customerOf,
  identityRuleChangeRequestOf,
  limitsChangeRequestOf,
  thresholdChangeRequestOf,
  toApprovals,
  toOneApproval,
  walletChangeRequestOf,
} from './approval-rows.ts';
import {
  type ApprovalChange,
  type ApprovalRow,
  findApproval,
  selectApprovalPage,
  selectApprovalPeople,
  updateApproval,
} from './approvals.repository.ts';
import { applyApprovedDeskTrade } from './desk-trade-approval.service.ts';

const TRANSITIONS: Transitions<ApprovalStatus> = {
  next: APPROVAL_NEXT,
  alreadyDecided: (from) => APPROVAL_MESSAGES.alreadyDecided(from),
  invalid: (from) => APPROVAL_MESSAGES.alreadyDecided(from),
};

/** The Approvals tab: waiting requests first (oldest first), then decided ones (newest first). */
export async function listApprovals(db: Db, { page }: ApprovalListQuery): Promise<ApprovalPage> {
  const found = await selectApprovalPage(db, { page, pageSize: APPROVALS_PAGE_SIZE });
  return { ...found, items: await toApprovals(db, found.items) };
}

/** Locks the approval (racing decisions take turns: the second finds it decided); 404 when there is none. */
async function lockApproval(tx: Db, id: string): Promise<ApprovalRow> {
  const row = await findApproval(tx, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', APPROVAL_MESSAGES.notFound);
  return row;
}

/**
 * Locks the approval and checks the checker: they hold the permission of the original action, and
 * they are not its maker.
 */
async function lockForDecision(tx: Db, checker: Actor, id: string, to: ApprovalStatus): Promise<ApprovalRow> {
  const row = await lockApproval(tx, id);
  if (!hasPermission(checker.role, APPROVAL_KIND_PERMISSION[row.kind])) {
    throw new AppError(
      'FORBIDDEN',
      APPROVAL_MESSAGES.roleCannotDecide(APPROVAL_KIND_LABELS[row.kind].toLowerCase()),
    );
  }
  if (row.makerId === checker.id)
    throw new AppError('MAKER_CANNOT_APPROVE', APPROVAL_MESSAGES.makerCannotDecide);
  requireTransition(TRANSITIONS, row.status, to);
  return row;
}

/**
 * The text the customer reads once the approval is carried out: an adjustment's reason (its
 * statement line and mail) and a desk booking's reason (the trade the customer is asked to accept).
 * A withdrawal approval's reason is read only by staff (the audit log, docs/decisions/044), and a
 * change of the deposit addresses or of the threshold has none.
 */
function customerTextOf(row: ApprovalRow): string | undefined {
  if (row.kind === 'adjustment') return adjustmentRequestOf(row).reason;
  if (row.kind === 'desk_trade') return row.makerReason;
  return undefined;
}

/**
 * Screens the customer's text again as it is carried out (docs/decisions/050): it was screened
 * when it was asked for, by the screen of that day, and it may have been stored before the screen
 * refused it. A text refused now refuses the approval with the error its request would get (422
 * PAYMENT_DEMAND) and nothing changes: the approval keeps waiting, to be rejected.
 */
function requireScreenedCustomerText(row: ApprovalRow): void {
  const text = customerTextOf(row);
  const problem = text === undefined ? undefined : findCustomerTextProblem(text);
  if (problem) throw new AppError('PAYMENT_DEMAND', problem);
}

/**
 * The second staff member approves: in this same transaction the original action runs (re-checked
 * now: the customer's text passes today's screen; the customer's account is open and still a
 * customer's, not staff (decision 062), and a debit still cannot go below zero; the withdrawal is
 * still pending; the deposit addresses, or the four-eyes threshold, are still those the change was
 * asked against; a desk booking passes its checks again, by today's clock), then the approval is
 * marked approved. The action's audit row names the maker as actor and the checker as approver; an
 * approved adjustment's statement line names both.
 */
export async function approveApproval({
  tx,
  actor,
  now,
  outbox,
  market,
  id,
  reason,
}: Command<{ id: string; reason: string; outbox: Outbox; market: MarketService }>): Promise<Approval> {
  const row = await lockForDecision(tx, actor, id, 'approved');
  requireScreenedCustomerText(row);
  const maker: Actor = { id: row.makerId, role: row.makerRole as Actor['role'] };
  const decided = {
    status: 'approved' as const,
    checkerId: actor.id,
    checkerRole: actor.role,
    checkerReason: reason,
    decidedAt: now,
  };
  /** A settings change: carried out with both names and reasons, the approval marked first. */
  const approveChange = async <T>(
    change: { before: T; after: T },
    apply: (input: ApprovedChange<T>) => Promise<void>,
  ): Promise<Approval> => {
    const approved = await updateApproval(tx, row.id, decided);
    await apply({
      tx,
      maker,
      approver: actor,
      now,
      before: change.before,
      after: change.after,
      reason: row.makerReason,
      approvalId: row.id,
      approverReason: reason,
    });
    return toOneApproval(tx, approved);
  };
  if (row.kind === 'wallet_change')
    return approveChange(walletChangeRequestOf(row), applyApprovedWalletChange);
  if (row.kind === 'four_eyes_threshold') {
    return approveChange(thresholdChangeRequestOf(row), applyApprovedThresholdChange);
  }
  if (row.kind === 'identity_for_withdrawals') {
    return approveChange(identityRuleChangeRequestOf(row), applyApprovedIdentityRuleChange);
  }
  if (row.kind === 'unverified_limits') {
    return approveChange(limitsChangeRequestOf(row), applyApprovedLimitsChange);
  }
  if (row.kind === 'desk_trade') {
    const approved = await applyApprovedDeskTrade({ tx, actor, now, outbox, market, row, decided });
    return toOneApproval(tx, approved);
  }
  if (row.kind === 'adjustment') {
    const request = adjustmentRequestOf(row);
    const customer = await requireLockedOpenCustomer(tx, customerOf(row));
    const people = new Map(
      (await selectApprovalPeople(tx, [row.makerId, actor.id])).map((p) => [p.id, p.name]),
    );
    // The approval is marked first: the adjustment's audit row is the transaction's last write.
    const approved = await updateApproval(tx, row.id, decided);
    const done = await postAdjustment({
      tx,
      actor: maker,
      approver: actor,
      outbox,
      customer,
      direction: request.direction,
      amount: amountOf(row),
      reason: request.reason,
      description: approvedAdjustmentDescription(
        request.reason,
        people.get(row.makerId) || row.makerId,
        people.get(actor.id) || actor.id,
      ),
      reference: { approval: row.id },
      auditDetails: { approvalId: row.id, approverReason: reason },
    });
    const withEntry = await updateApproval(tx, approved.id, { entryId: BigInt(done.entryId) });
    return toOneApproval(tx, withEntry);
  }
  if (!row.withdrawalId) throw new Error(`withdrawal approval ${row.id} names no withdrawal`);
  const approved = await updateApproval(tx, row.id, decided);
  await settleApprovedWithdrawal({
    tx,
    actor: maker,
    now,
    outbox,
    id: row.withdrawalId,
    reason: row.makerReason,
    fourEyes: { approver: actor, approvalId: row.id, reason },
  });
  return toOneApproval(tx, approved);
}

/**
 * The second staff member rejects, with a reason: nothing moves (a withdrawal stays pending, to be
 * approved again or rejected). The maker cannot reject their own request either (the checker must
 * be a different person); audited as 'approval.reject'.
 */
export async function rejectApproval({
  tx,
  actor,
  now,
  id,
  reason,
}: Command<{ id: string; reason: string }>): Promise<Approval> {
  const row = await lockForDecision(tx, actor, id, 'rejected');
  return closeUnmoved(tx, actor, row, reason, {
    status: 'rejected',
    checkerId: actor.id,
    checkerRole: actor.role,
    checkerReason: reason,
    decidedAt: now,
  });
}

/** Closes a waiting request with nothing carried out (rejected or cancelled), audited with its reason. */
async function closeUnmoved(
  tx: Db,
  actor: Actor,
  row: ApprovalRow,
  reason: string,
  change: ApprovalChange & { status: 'rejected' | 'cancelled' },
): Promise<Approval> {
  const closed = await updateApproval(tx, row.id, change);
  await recordAudit(tx, {
    actor,
    action: change.status === 'rejected' ? 'approval.reject' : 'approval.cancel',
    targetType: 'approval',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: approvalAuditBefore(row),
    after: approvalAuditAfter(closed),
  });
  return toOneApproval(tx, closed);
}

/**
 * The maker withdraws their own request while it waits (docs/decisions/057): nothing moves, and the
 * request is closed as 'cancelled' with their reason and no checker. Anyone else who may decide it
 * rejects it instead (403). Racing decisions take turns on the row lock: the later finds it final.
 * Audited as 'approval.cancel' with the maker as actor.
 */
export async function cancelApproval({
  tx,
  actor,
  now,
  id,
  reason,
}: Command<{ id: string; reason: string }>): Promise<Approval> {
  const row = await lockApproval(tx, id);
  if (row.makerId !== actor.id) throw new AppError('FORBIDDEN', APPROVAL_MESSAGES.onlyMakerCancels);
  requireTransition(TRANSITIONS, row.status, 'cancelled');
  return closeUnmoved(tx, actor, row, reason, {
    status: 'cancelled',
    cancelledBy: 'maker',
    checkerReason: reason,
    decidedAt: now,
  });
}
