import { type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { IDENTITY_RULE_MESSAGES } from '@candor/contracts/settings';
import { identityRuleChangeOf, isFourEyesOn } from '@candor/domain/approvals/approval-status';
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

/** What a save does with "withdrawals need a verified identity" (decision 053, section of 2026-11-30). */
export type IdentityRuleDecision =
  | { state: 'unchanged' }
  | {
      state: 'applied';
      required: boolean;
      reason: string;
      /** Turned off at once because nobody else can decide it; null otherwise. */
      fourEyes: FourEyesNote | null;
    }
  | { state: 'awaiting_approval' };

/**
 * Decides what happens to a requested value of "withdrawals need a verified identity", the settings
 * row being locked by the caller, as decideThresholdChange does for the threshold: the same value,
 * nothing; otherwise a reason is required and no other change of it may be waiting (409
 * AWAITING_SECOND_APPROVAL). Turning it on tightens: the caller applies it with the reason. Turning
 * it off loosens: it waits as an approval of kind 'identity_for_withdrawals', unless four-eyes is off
 * (`thresholdMinor` 0, as a change of the deposit addresses) or nobody else can decide it (then
 * applied, marked 'no_second_decider').
 */
export async function decideIdentityRuleChange({
  tx,
  actor,
  now,
  current,
  requested,
  thresholdMinor,
  reason,
}: {
  tx: Db;
  actor: Actor;
  now: Date;
  current: boolean;
  requested: boolean | undefined;
  thresholdMinor: bigint;
  reason: string | undefined;
}): Promise<IdentityRuleDecision> {
  if (requested === undefined) return { state: 'unchanged' };
  const change = identityRuleChangeOf(current, requested);
  if (change === 'unchanged') return { state: 'unchanged' };
  if (!reason) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED);
  if (await findWaitingSettingChange(tx, 'identity_for_withdrawals')) {
    throw new AppError('AWAITING_SECOND_APPROVAL', IDENTITY_RULE_MESSAGES.changeWaiting);
  }
  if (change === 'tightens' || !isFourEyesOn(thresholdMinor)) {
    return { state: 'applied', required: requested, reason, fourEyes: null };
  }
  if (!(await hasSecondDecider(tx, { kind: 'identity_for_withdrawals', makerId: actor.id }))) {
    return { state: 'applied', required: requested, reason, fourEyes: NO_SECOND_DECIDER };
  }
  await requestApproval({
    tx,
    actor,
    now,
    kind: 'identity_for_withdrawals',
    request: { before: current, after: requested },
    reason,
  });
  return { state: 'awaiting_approval' };
}

/**
 * Carries out an approved change (in the approval's transaction): `maker` asked for it with `reason`,
 * `approver` approved it. Refused (409 CONFLICT, nothing changes, the request still waits) if the
 * value in force is no longer the one it was asked against. Audited as 'settings.update' with the
 * maker as actor and the checker as approver.
 */
export async function applyApprovedIdentityRuleChange({
  tx,
  maker,
  approver,
  now,
  before,
  after,
  reason,
  approvalId,
  approverReason,
}: ApprovedChange<boolean>): Promise<void> {
  const current = await lockSiteSettings(tx);
  if (current.withdrawalsNeedVerifiedIdentity !== before) {
    throw new AppError('CONFLICT', IDENTITY_RULE_MESSAGES.changedMeanwhile);
  }
  const changed = await updateSiteSettingsRow(tx, { withdrawalsNeedVerifiedIdentity: after }, now);
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
