import type { Approval, DeskTradeBooking } from '@candor/contracts/approvals';
import {
  fourEyesWindowStart,
  isFourEyesOn,
  totalNeedsSecondApproval,
} from '@candor/domain/approvals/approval-status';
import { absoluteMinor, formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { selectAdjustmentAmountsSince } from '../ledger/ledger.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { selectDeskResultsSince } from '../trades/trades.repository.ts';
import { toOneApproval } from './approval-rows.ts';
import { insertApproval, selectWaitingStaffMoveAmountsSince } from './approvals.repository.ts';

/** Whether four-eyes is on: the Settings threshold (site_settings.four_eyes_threshold_minor) is above 0. */
export async function isSecondApprovalOn(db: Db): Promise<boolean> {
  const settings = await requireSiteSettings(db);
  return isFourEyesOn(settings.fourEyesThresholdMinor);
}

/**
 * Whether a staff member's move of a customer's money on their own word must wait for a second staff
 * member: a manual adjustment of `amountMinor` (docs/decisions/048), or a desk booking whose result
 * is `amountMinor` (signed; docs/decisions/054). It waits when, with what staff moved for the customer
 * in the last FOUR_EYES_WINDOW_HOURS, its size is strictly above the Settings threshold (0 turns
 * four-eyes off). What counts: the customer's posted manual adjustments, their desk trades proposed
 * or accepted, and their adjustments and desk bookings awaiting a second approval; credits and debits,
 * profits and losses alike, by size. The caller holds the lock on the customer's accounts, which every
 * adjustment and every booking takes first: two at once take turns, and the second counts the first.
 */
export async function staffMoveRequiresSecondApproval(
  tx: Db,
  { userId, amountMinor, now }: { userId: string; amountMinor: bigint; now: Date },
): Promise<boolean> {
  const { fourEyesThresholdMinor: threshold } = await requireSiteSettings(tx);
  if (!isFourEyesOn(threshold)) return false;
  const since = fourEyesWindowStart(now);
  const [adjusted, booked, waiting] = await Promise.all([
    selectAdjustmentAmountsSince(tx, userId, since),
    selectDeskResultsSince(tx, userId, since),
    selectWaitingStaffMoveAmountsSince(tx, userId, since),
  ]);
  return totalNeedsSecondApproval(amountMinor, [...adjusted, ...booked, ...waiting], threshold);
}

/**
 * A desk booking above the threshold waits instead of reaching the customer: no trade is stored, no
 * mail is sent, nothing is posted. The approval names the customer and the result's size; its
 * request is the booking, its reason the maker's (the one the customer reads once it is proposed).
 */
export function requestDeskTradeApproval({
  tx,
  actor,
  now,
  userId,
  booking,
  resultMinor,
  reason,
}: Command<{
  userId: string;
  booking: DeskTradeBooking;
  /** The booking's result in cents (signed). */
  resultMinor: bigint;
  reason: string;
}>): Promise<Approval> {
  return requestApproval({
    tx,
    actor,
    now,
    kind: 'desk_trade',
    userId,
    amountMinor: absoluteMinor(resultMinor),
    request: booking,
    reason,
  });
}

/**
 * What a request names: the customer and amount of a money request; nothing for a change of the
 * deposit addresses or of the four-eyes threshold.
 */
type ApprovalSubject =
  | {
      kind: 'adjustment' | 'withdrawal_approval' | 'desk_trade';
      userId: string;
      withdrawalId?: string;
      amountMinor: bigint;
    }
  | {
      kind: 'wallet_change' | 'four_eyes_threshold' | 'identity_for_withdrawals' | 'unverified_limits';
      userId?: undefined;
      withdrawalId?: undefined;
      amountMinor?: undefined;
    };

/**
 * Records a staff action as awaiting a second approval instead of carrying it out: nothing moves.
 * The maker's request is audited (action 'approval.request'); the checker's decision is audited
 * when it is taken.
 */
export async function requestApproval({
  tx,
  actor,
  now,
  request,
  reason,
  ...subject
}: Command<
  ApprovalSubject & {
    /**
     * What to carry out once approved (an adjustment's direction and reason; a wallet change's
     * addresses; a threshold change's dollars before and after; a desk trade's booking).
     */
    request: Record<string, unknown> | DeskTradeBooking;
    reason: string;
  }
>): Promise<Approval> {
  const { kind, userId, withdrawalId, amountMinor } = subject;
  const row = await insertApproval(tx, {
    kind,
    userId: userId ?? null,
    withdrawalId: withdrawalId ?? null,
    amountMinor: amountMinor ?? null,
    request,
    makerId: actor.id,
    makerRole: actor.role,
    makerReason: reason,
    createdAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'approval.request',
    targetType: 'approval',
    targetId: row.id,
    subjectUserId: userId ?? null,
    reason,
    before: null,
    after: {
      kind,
      status: row.status,
      ...(amountMinor === undefined ? {} : { amount: formatDecimal(amountMinor) }),
      ...(withdrawalId ? { withdrawalId } : {}),
      // A booking has an amount of its own (the trade's margin): kept apart from the approval's.
      ...(kind === 'desk_trade' ? { booking: request } : request),
    },
  });
  return toOneApproval(tx, row);
}
