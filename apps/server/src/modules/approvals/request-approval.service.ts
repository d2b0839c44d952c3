import type { Approval } from '@candor/contracts/approvals';
import {
  adjustmentNeedsSecondApproval,
  fourEyesWindowStart,
  isFourEyesOn,
} from '@candor/domain/approvals/approval-status';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { selectAdjustmentAmountsSince } from '../ledger/ledger.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { toOneApproval } from './approval-rows.ts';
import { insertApproval, selectWaitingAdjustmentAmountsSince } from './approvals.repository.ts';

/** Whether four-eyes is on: the Settings threshold (site_settings.four_eyes_threshold_minor) is above 0. */
export async function isSecondApprovalOn(db: Db): Promise<boolean> {
  const settings = await requireSiteSettings(db);
  return isFourEyesOn(settings.fourEyesThresholdMinor);
}

/**
 * Whether a manual adjustment of `amountMinor` for the customer must wait for a second staff member:
 * with the customer's manual adjustments completed or awaiting in the last FOUR_EYES_WINDOW_HOURS,
 * it is strictly above the Settings threshold (0 turns four-eyes off; docs/decisions/048). The
 * caller holds the lock on the customer's accounts, which every adjustment takes first: two at once
 * take turns, and the second counts the first.
 */
export async function adjustmentRequiresSecondApproval(
  tx: Db,
  { userId, amountMinor, now }: { userId: string; amountMinor: bigint; now: Date },
): Promise<boolean> {
  const { fourEyesThresholdMinor: threshold } = await requireSiteSettings(tx);
  if (!isFourEyesOn(threshold)) return false;
  const since = fourEyesWindowStart(now);
  const [completed, waiting] = await Promise.all([
    selectAdjustmentAmountsSince(tx, userId, since),
    selectWaitingAdjustmentAmountsSince(tx, userId, since),
  ]);
  return adjustmentNeedsSecondApproval(amountMinor, [...completed, ...waiting], threshold);
}

/**
 * What a request names: the customer and amount of a money request; nothing for a change of the
 * deposit addresses or of the four-eyes threshold.
 */
type ApprovalSubject =
  | { kind: 'adjustment' | 'withdrawal_approval'; userId: string; withdrawalId?: string; amountMinor: bigint }
  | {
      kind: 'wallet_change' | 'four_eyes_threshold';
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
     * addresses; a threshold change's dollars before and after).
     */
    request: Record<string, unknown>;
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
      ...request,
    },
  });
  return toOneApproval(tx, row);
}
