import type { FourEyesNote } from '@candor/contracts/approvals';
import { IDENTITY_RULE_MESSAGES } from '@candor/contracts/settings';
import { identityRuleChangeOf, isFourEyesOn } from '@candor/domain/approvals/approval-status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { applyApprovedSettingChange, decideGuardedChange } from './guarded-setting-change.ts';

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
 * row being locked by the caller, by the steps of every guarded setting (decideGuardedChange).
 * Turning it on tightens: the caller applies it with the reason. Turning it off loosens: it waits as
 * an approval of kind 'identity_for_withdrawals', unless four-eyes is off (`thresholdMinor` 0, as a
 * change of the deposit addresses) or nobody else can decide it (then applied, marked
 * 'no_second_decider').
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
  const decision = await decideGuardedChange({
    tx,
    actor,
    now,
    kind: 'identity_for_withdrawals',
    direction: identityRuleChangeOf(current, requested),
    reason,
    changeWaiting: IDENTITY_RULE_MESSAGES.changeWaiting,
    fourEyesOn: isFourEyesOn(thresholdMinor),
    request: () => ({ before: current, after: requested }),
  });
  if (decision.state !== 'applied') return { state: decision.state };
  return { ...decision, required: requested };
}

/**
 * Carries out an approved change (in the approval's transaction), refused (409 CONFLICT) if the
 * value in force is no longer the one it was asked against (applyApprovedSettingChange).
 */
export async function applyApprovedIdentityRuleChange(approved: ApprovedChange<boolean>): Promise<void> {
  await applyApprovedSettingChange(approved, {
    stillAsked: (inForce) => inForce.withdrawalsNeedVerifiedIdentity === approved.before,
    changedMeanwhile: IDENTITY_RULE_MESSAGES.changedMeanwhile,
    change: { withdrawalsNeedVerifiedIdentity: approved.after },
  });
}
