import type { UnverifiedLimits } from '@candor/contracts/approvals';
import { type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import { toMinorUnits } from '@candor/contracts/money';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { LIMITS_MESSAGES } from '@candor/contracts/settings';
import { isFourEyesOn, limitChangeOf } from '@candor/domain/approvals/approval-status';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { findWaitingSettingChange } from '../approvals/approvals.repository.ts';
import { requestApproval } from '../approvals/request-approval.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockSiteSettings, type SiteSettingsRow, updateSiteSettingsRow } from './settings.repository.ts';
import { toSiteSettings } from './site-settings-view.ts';

/** The two 30-day limits of unverified accounts, in cents. */
export type LimitsMinor = { deposit: bigint; withdrawal: bigint };

/** What a save does with the unverified account limits (decision 053, section of 2026-12-01). */
export type LimitsDecision =
  | { state: 'unchanged' }
  | {
      /** Applied at once: every limit asked for (lowered, or raised where nobody else is asked). */
      state: 'applied';
      limits: LimitsMinor;
      reason: string;
      /** Raised at once because nobody else can decide it; null otherwise. */
      fourEyes: FourEyesNote | null;
    }
  | {
      /** A raise waits; a lowering in the same save applies (`limits`). */
      state: 'awaiting_approval';
      limits: LimitsMinor;
      reason: string;
    };

/** The lower of two amounts in cents (Math.min takes no bigint). */
function lower(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function toDollars(limits: LimitsMinor): UnverifiedLimits {
  return { deposit: formatDecimal(limits.deposit), withdrawal: formatDecimal(limits.withdrawal) };
}

/** The limits in force on the settings row. */
export function limitsOf(
  row: Pick<SiteSettingsRow, 'unverifiedDepositLimitMinor' | 'unverifiedWithdrawalLimitMinor'>,
): LimitsMinor {
  return { deposit: row.unverifiedDepositLimitMinor, withdrawal: row.unverifiedWithdrawalLimitMinor };
}

/**
 * Decides what happens to requested limits of unverified accounts, the settings row being locked by
 * the caller, as decideIdentityRuleChange does for the identity rule: the same values, nothing;
 * otherwise a reason is required and no other change of them may be waiting (409
 * AWAITING_SECOND_APPROVAL). A lowered limit tightens: the caller applies it with the reason. A
 * raised one loosens: it waits as an approval of kind 'unverified_limits' (its `before` counts the
 * lowering applied in the same save), unless four-eyes is off (`thresholdMinor` 0) or nobody else
 * can decide it (then applied, marked 'no_second_decider').
 */
export async function decideLimitsChange({
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
  current: LimitsMinor;
  requested: { deposit: bigint | undefined; withdrawal: bigint | undefined };
  thresholdMinor: bigint;
  reason: string | undefined;
}): Promise<LimitsDecision> {
  const asked: LimitsMinor = {
    deposit: requested.deposit ?? current.deposit,
    withdrawal: requested.withdrawal ?? current.withdrawal,
  };
  const changes = [
    limitChangeOf(current.deposit, asked.deposit),
    limitChangeOf(current.withdrawal, asked.withdrawal),
  ];
  if (changes.every((change) => change === 'unchanged')) return { state: 'unchanged' };
  if (!reason) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED);
  if (await findWaitingSettingChange(tx, 'unverified_limits')) {
    throw new AppError('AWAITING_SECOND_APPROVAL', LIMITS_MESSAGES.changeWaiting);
  }
  if (!changes.includes('loosens') || !isFourEyesOn(thresholdMinor)) {
    return { state: 'applied', limits: asked, reason, fourEyes: null };
  }
  if (!(await hasSecondDecider(tx, { kind: 'unverified_limits', makerId: actor.id }))) {
    return { state: 'applied', limits: asked, reason, fourEyes: NO_SECOND_DECIDER };
  }
  // What applies now: each limit lowered; each raised stays as it is until approved.
  const applied: LimitsMinor = {
    deposit: lower(asked.deposit, current.deposit),
    withdrawal: lower(asked.withdrawal, current.withdrawal),
  };
  await requestApproval({
    tx,
    actor,
    now,
    kind: 'unverified_limits',
    request: { before: toDollars(applied), after: toDollars(asked) },
    reason,
  });
  return { state: 'awaiting_approval', limits: applied, reason };
}

/**
 * Carries out an approved raise (in the approval's transaction): `maker` asked for it with `reason`,
 * `approver` approved it. Refused (409 CONFLICT, nothing changes, the request still waits) if the
 * limits in force are no longer those it was asked against. Audited as 'settings.update' with the
 * maker as actor and the checker as approver.
 */
export async function applyApprovedLimitsChange({
  tx,
  maker,
  approver,
  now,
  before,
  after,
  reason,
  approvalId,
  approverReason,
}: ApprovedChange<UnverifiedLimits>): Promise<void> {
  const current = await lockSiteSettings(tx);
  const inForce = limitsOf(current);
  if (
    inForce.deposit !== toMinorUnits(before.deposit) ||
    inForce.withdrawal !== toMinorUnits(before.withdrawal)
  ) {
    throw new AppError('CONFLICT', LIMITS_MESSAGES.changedMeanwhile);
  }
  const changed = await updateSiteSettingsRow(
    tx,
    {
      unverifiedDepositLimitMinor: toMinorUnits(after.deposit),
      unverifiedWithdrawalLimitMinor: toMinorUnits(after.withdrawal),
    },
    now,
  );
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
