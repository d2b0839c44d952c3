import type { FourEyesNote, UnverifiedLimits } from '@candor/contracts/approvals';
import { toMinorUnits } from '@candor/contracts/money';
import { LIMITS_MESSAGES } from '@candor/contracts/settings';
import { isFourEyesOn, limitChangeOf, type ThresholdChange } from '@candor/domain/approvals/approval-status';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ApprovedChange } from '../../lib/approved-change.ts';
import { applyApprovedSettingChange, decideGuardedChange } from './guarded-setting-change.ts';
import type { SiteSettingsRow } from './settings.repository.ts';

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

/** How the asked limits compare with those in force: a raise of either loosens. */
function limitsChangeOf(current: LimitsMinor, asked: LimitsMinor): ThresholdChange {
  const changes = [
    limitChangeOf(current.deposit, asked.deposit),
    limitChangeOf(current.withdrawal, asked.withdrawal),
  ];
  if (changes.includes('loosens')) return 'loosens';
  return changes.includes('tightens') ? 'tightens' : 'unchanged';
}

/**
 * Decides what happens to requested limits of unverified accounts, the settings row being locked by
 * the caller, by the steps of every guarded setting (decideGuardedChange). A lowered limit tightens:
 * the caller applies it with the reason. A raised one loosens: it waits as an approval of kind
 * 'unverified_limits' (its `before` counts the lowering applied in the same save), unless four-eyes
 * is off (`thresholdMinor` 0) or nobody else can decide it (then applied, marked
 * 'no_second_decider').
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
  // What applies now if a raise waits: each limit lowered; each raised stays as it is until approved.
  const lowered: LimitsMinor = {
    deposit: lower(asked.deposit, current.deposit),
    withdrawal: lower(asked.withdrawal, current.withdrawal),
  };
  const decision = await decideGuardedChange({
    tx,
    actor,
    now,
    kind: 'unverified_limits',
    direction: limitsChangeOf(current, asked),
    reason,
    changeWaiting: LIMITS_MESSAGES.changeWaiting,
    fourEyesOn: isFourEyesOn(thresholdMinor),
    request: () => ({ before: toDollars(lowered), after: toDollars(asked) }),
  });
  if (decision.state === 'unchanged') return decision;
  if (decision.state === 'applied') return { ...decision, limits: asked };
  return { ...decision, limits: lowered };
}

/**
 * Carries out an approved raise (in the approval's transaction), refused (409 CONFLICT) if the
 * limits in force are no longer those it was asked against (applyApprovedSettingChange).
 */
export async function applyApprovedLimitsChange(approved: ApprovedChange<UnverifiedLimits>): Promise<void> {
  const { before, after } = approved;
  await applyApprovedSettingChange(approved, {
    stillAsked: (row) => {
      const inForce = limitsOf(row);
      return (
        inForce.deposit === toMinorUnits(before.deposit) &&
        inForce.withdrawal === toMinorUnits(before.withdrawal)
      );
    },
    changedMeanwhile: LIMITS_MESSAGES.changedMeanwhile,
    change: {
      unverifiedDepositLimitMinor: toMinorUnits(after.deposit),
      unverifiedWithdrawalLimitMinor: toMinorUnits(after.withdrawal),
    },
  });
}
