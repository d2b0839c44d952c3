import type { FourEyesNote } from '@candor/contracts/approvals';
import { THRESHOLD_MESSAGES } from '@candor/contracts/settings';
import { thresholdChangeOf } from '@candor/domain/approvals/approval-status';
import { formatDecimal, parseMinorUnits } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { applyApprovedSettingChange, decideGuardedChange } from './guarded-setting-change.ts';

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
 * caller, by the steps of every guarded setting (decideGuardedChange). A tightening (lowered, or
 * turned on from 0) is for the caller to apply with the reason; a loosening (raised, or 0 while on)
 * is recorded as an approval of kind 'four_eyes_threshold' and the threshold in force stays, unless
 * no other staff member can decide it: then it is for the caller to apply too, marked
 * 'no_second_decider'.
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
  const decision = await decideGuardedChange({
    tx,
    actor,
    now,
    kind: 'four_eyes_threshold',
    direction: thresholdChangeOf(currentMinor, requestedMinor),
    reason,
    changeWaiting: THRESHOLD_MESSAGES.changeWaiting,
    // A loosening of the threshold itself always asks: only a threshold that was on can loosen.
    fourEyesOn: true,
    request: () => ({ before: formatDecimal(currentMinor), after: formatDecimal(requestedMinor) }),
  });
  if (decision.state !== 'applied') return { state: decision.state };
  return { ...decision, thresholdMinor: requestedMinor };
}

function requireMinor(text: string): bigint {
  const parsed = parseMinorUnits(text);
  if (!parsed.ok) throw new Error(`a threshold change holds an invalid amount: ${text}`);
  return parsed.value;
}

/**
 * Carries out an approved loosening of the threshold (in the approval's transaction), refused (409
 * CONFLICT) if the threshold in force is no longer the one it was asked against
 * (applyApprovedSettingChange).
 */
export async function applyApprovedThresholdChange(approved: ApprovedChange<string>): Promise<void> {
  await applyApprovedSettingChange(approved, {
    stillAsked: (inForce) => inForce.fourEyesThresholdMinor === requireMinor(approved.before),
    changedMeanwhile: THRESHOLD_MESSAGES.changedMeanwhile,
    change: { fourEyesThresholdMinor: requireMinor(approved.after) },
  });
}
