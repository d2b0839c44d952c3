import { type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { THRESHOLD_MESSAGES } from '@candor/contracts/settings';
import { thresholdChangeOf } from '@candor/domain/approvals/approval-status';
import { formatDecimal, parseMinorUnits } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { findWaitingSettingChange } from '../approvals/approvals.repository.ts';
import { requestApproval } from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockSiteSettings, updateSiteSettingsRow } from './settings.repository.ts';
import { toSiteSettings } from './site-settings-view.ts';

/** What a save does with the threshold it was sent (docs/decisions/053). */
export type ThresholdDecision =
  | { state: 'unchanged' }
  | {
      state: 'applied';
      thresholdMinor: bigint;
      reason: string;
      /** A loosening applied because nobody else can decide it (decision 053); null for a tightening. */
      fourEyes: FourEyesNote | null;
    }
  | { state: 'awaiting_approval' };

/**
 * Decides what happens to a requested four-eyes threshold, the settings row being locked by the
 * caller (saves, threshold approvals and changes of the deposit addresses take turns). The same
 * value: nothing. Otherwise a reason is required, and no other change of the threshold may be
 * waiting (409 AWAITING_SECOND_APPROVAL). A tightening (lowered, or turned on from 0) is for the
 * caller to apply with the reason; a loosening (raised, or 0 while on) is recorded as an approval of
 * kind 'four_eyes_threshold' and the threshold in force stays, unless no other staff member can
 * decide it: then it is for the caller to apply too, marked 'no_second_decider'.
 */
export async function decideThresholdChange({
  tx,
  actor,
  now,
  currentMinor,
  requestedMinor,
  reason,
}: {
  tx: Db;
  actor: Actor;
  now: Date;
  currentMinor: bigint;
  requestedMinor: bigint | undefined;
  reason: string | undefined;
}): Promise<ThresholdDecision> {
  if (requestedMinor === undefined) return { state: 'unchanged' };
  const change = thresholdChangeOf(currentMinor, requestedMinor);
  if (change === 'unchanged') return { state: 'unchanged' };
  if (!reason) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED);
  if (await findWaitingSettingChange(tx, 'four_eyes_threshold')) {
    throw new AppError('AWAITING_SECOND_APPROVAL', THRESHOLD_MESSAGES.changeWaiting);
  }
  if (change === 'tightens')
    return { state: 'applied', thresholdMinor: requestedMinor, reason, fourEyes: null };
  if (!(await hasSecondDecider(tx, { kind: 'four_eyes_threshold', makerId: actor.id }))) {
    return { state: 'applied', thresholdMinor: requestedMinor, reason, fourEyes: NO_SECOND_DECIDER };
  }
  await requestApproval({
    tx,
    actor,
    now,
    kind: 'four_eyes_threshold',
    request: { before: formatDecimal(currentMinor), after: formatDecimal(requestedMinor) },
    reason,
  });
  return { state: 'awaiting_approval' };
}

function requireMinor(text: string): bigint {
  const parsed = parseMinorUnits(text);
  if (!parsed.ok) throw new Error(`a threshold change holds an invalid amount: ${text}`);
  return parsed.value;
}

/**
 * Carries out an approved loosening of the threshold (in the approval's transaction): `maker` asked
 * for it with `reason`, `approver` approved it. Refused (409 CONFLICT, nothing changes, the request
 * still waits) if the threshold in force is no longer the one it was asked against. Audited as
 * 'settings.update' with the maker as actor and the checker as approver.
 */
export async function applyApprovedThresholdChange({
  tx,
  maker,
  approver,
  now,
  before,
  after,
  reason,
  approvalId,
  approverReason,
}: ApprovedChange<string>): Promise<void> {
  const current = await lockSiteSettings(tx);
  if (current.fourEyesThresholdMinor !== requireMinor(before)) {
    throw new AppError('CONFLICT', THRESHOLD_MESSAGES.changedMeanwhile);
  }
  const changed = await updateSiteSettingsRow(tx, { fourEyesThresholdMinor: requireMinor(after) }, now);
  await recordAudit(tx, {
    actor: maker,
    approver,
    action: 'settings.update',
    targetType: 'site_settings',
    targetId: String(changed.id),
    reason,
    before: toSiteSettings(current),
    after: { ...toSiteSettings(changed), approvalId, approverReason },
  });
}
