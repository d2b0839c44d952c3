import type { Approval } from '@candor/contracts/approvals';
import { type ApprovalKind, needsSecondApproval } from '@candor/domain/approvals/approval-status';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { toOneApproval } from './approval-rows.ts';
import { insertApproval } from './approvals.repository.ts';

/**
 * Whether an amount (minor units) must wait for a second staff member: strictly above the Settings
 * threshold (site_settings.four_eyes_threshold_minor); a threshold of 0 turns four-eyes off.
 */
export async function requiresSecondApproval(db: Db, amountMinor: bigint): Promise<boolean> {
  const settings = await requireSiteSettings(db);
  return needsSecondApproval(amountMinor, settings.fourEyesThresholdMinor);
}

/**
 * Records a staff action as awaiting a second approval instead of carrying it out: nothing moves.
 * The maker's request is audited (action 'approval.request'); the checker's decision is audited
 * when it is taken.
 */
export async function requestApproval({
  tx,
  actor,
  now,
  kind,
  userId,
  withdrawalId,
  amountMinor,
  request,
  reason,
}: Command<{
  kind: ApprovalKind;
  userId: string;
  withdrawalId?: string;
  amountMinor: bigint;
  /** What to carry out once approved (an adjustment's direction and reason). */
  request: Record<string, string>;
  reason: string;
}>): Promise<Approval> {
  const row = await insertApproval(tx, {
    kind,
    userId,
    withdrawalId: withdrawalId ?? null,
    amountMinor,
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
    subjectUserId: userId,
    reason,
    before: null,
    after: {
      kind,
      status: row.status,
      amount: formatDecimal(amountMinor),
      ...(withdrawalId ? { withdrawalId } : {}),
      ...request,
    },
  });
  return toOneApproval(tx, row);
}
