import { type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import type { ThresholdChange } from '@candor/domain/approvals/approval-status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { findWaitingSettingChange, type SettingChangeKind } from '../approvals/approvals.repository.ts';
import { requestApproval } from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  lockSiteSettings,
  type SiteSettingsChange,
  type SiteSettingsRow,
  updateSiteSettingsRow,
} from './settings.repository.ts';
import { toSiteSettings } from './site-settings-view.ts';

/** The settings guarded by four-eyes, each changed with a reason (docs/decisions/053). */
export type GuardedSettingKind = Exclude<SettingChangeKind, 'wallet_change'>;

/** What a save does with one guarded setting. */
export type GuardedChangeDecision =
  | { state: 'unchanged' }
  | {
      /** For the caller to apply now, with the reason on the audit row. */
      state: 'applied';
      reason: string;
      /** A loosening applied because nobody else can decide it; null otherwise. */
      fourEyes: FourEyesNote | null;
    }
  | { state: 'awaiting_approval'; reason: string };

/**
 * The steps every guarded setting takes on a save, the settings row being locked by the caller
 * (saves, approvals and changes of the deposit addresses take turns): the same value, nothing;
 * otherwise a reason is required, and no other change of the same kind may be waiting (409
 * AWAITING_SECOND_APPROVAL, `changeWaiting`). A tightening, or any change while four-eyes is off, is
 * for the caller to apply. A loosening is recorded as an approval of `kind` with `request` and
 * waits, unless no other staff member can decide it: then it is for the caller to apply, marked
 * 'no_second_decider'.
 */
export async function decideGuardedChange({
  tx,
  actor,
  now,
  kind,
  direction,
  reason,
  changeWaiting,
  fourEyesOn,
  request,
}: {
  tx: Db;
  actor: Actor;
  now: Date;
  kind: GuardedSettingKind;
  /** How the requested value compares with the one in force. */
  direction: ThresholdChange;
  reason: string | undefined;
  /** The kind's message when another change of it waits. */
  changeWaiting: string;
  /** Whether four-eyes is on once this save is done. */
  fourEyesOn: boolean;
  /** What the approval carries out, asked only when one is recorded. */
  request: () => Record<string, unknown>;
}): Promise<GuardedChangeDecision> {
  if (direction === 'unchanged') return { state: 'unchanged' };
  if (!reason) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED);
  if (await findWaitingSettingChange(tx, kind)) {
    throw new AppError('AWAITING_SECOND_APPROVAL', changeWaiting);
  }
  if (direction === 'tightens' || !fourEyesOn) return { state: 'applied', reason, fourEyes: null };
  if (!(await hasSecondDecider(tx, { kind, makerId: actor.id }))) {
    return { state: 'applied', reason, fourEyes: NO_SECOND_DECIDER };
  }
  await requestApproval({ tx, actor, now, kind, request: request(), reason });
  return { state: 'awaiting_approval', reason };
}

/**
 * Carries out an approved change of a guarded setting (in the approval's transaction): `maker`
 * asked for it with `reason`, `approver` approved it. Refused (409 CONFLICT, `changedMeanwhile`,
 * nothing changes, the request still waits) if `stillAsked` says the row in force is no longer the
 * one it was asked against. Audited as 'settings.update' with the maker as actor and the checker as
 * approver.
 */
export async function applyApprovedSettingChange<T>(
  { tx, maker, approver, now, reason, approvalId, approverReason }: ApprovedChange<T>,
  {
    stillAsked,
    changedMeanwhile,
    change,
  }: {
    stillAsked: (inForce: SiteSettingsRow) => boolean;
    changedMeanwhile: string;
    change: SiteSettingsChange;
  },
): Promise<void> {
  const current = await lockSiteSettings(tx);
  if (!stillAsked(current)) throw new AppError('CONFLICT', changedMeanwhile);
  const changed = await updateSiteSettingsRow(tx, change, now);
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
