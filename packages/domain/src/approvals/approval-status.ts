import { absoluteMinor } from '../money/money.ts';

/**
 * Four-eyes approval (issue 10): a staff action above the threshold is recorded as awaiting a second
 * staff member, who approves it (then it takes effect) or rejects it (nothing moves). Both are final.
 */
export const APPROVAL_STATUSES = ['awaiting', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_NEXT = {
  awaiting: ['approved', 'rejected'],
  approved: [],
  rejected: [],
} as const satisfies Record<ApprovalStatus, readonly ApprovalStatus[]>;

/**
 * What can wait for a second approval: a manual adjustment, a withdrawal approval, a change of
 * the platform's deposit addresses (docs/decisions/048), a change of the four-eyes threshold
 * that loosens it (docs/decisions/053), and a desk booking whose result is above the threshold
 * (docs/decisions/054).
 */
export const APPROVAL_KINDS = [
  'adjustment',
  'withdrawal_approval',
  'wallet_change',
  'four_eyes_threshold',
  'desk_trade',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Whether four-eyes is on at all: a threshold of 0 turns it off (a one-person install). */
export function isFourEyesOn(thresholdMinor: bigint): boolean {
  return thresholdMinor > 0n;
}

/**
 * What a new four-eyes threshold does to the control (docs/decisions/053): 'loosens' (raised, or set
 * to 0 while on: it waits for a second staff member), 'tightens' (lowered but still on, or turned on
 * from 0: it applies at once), or 'unchanged'. While the threshold is 0 no second person is
 * required, so turning it on is always a tightening: a one-person install can switch four-eyes on.
 */
export type ThresholdChange = 'unchanged' | 'tightens' | 'loosens';

export function thresholdChangeOf(fromMinor: bigint, toMinor: bigint): ThresholdChange {
  if (toMinor === fromMinor) return 'unchanged';
  if (!isFourEyesOn(fromMinor)) return 'tightens';
  if (!isFourEyesOn(toMinor) || toMinor > fromMinor) return 'loosens';
  return 'tightens';
}

/**
 * Whether an amount (minor units) needs a second staff member: strictly above the threshold; a
 * threshold of 0 turns four-eyes off.
 */
export function needsSecondApproval(amountMinor: bigint, thresholdMinor: bigint): boolean {
  return isFourEyesOn(thresholdMinor) && amountMinor > thresholdMinor;
}

/**
 * How far back a customer's manual adjustments count towards the four-eyes threshold: one staff
 * member cannot split a large adjustment into small ones (docs/decisions/048).
 */
export const FOUR_EYES_WINDOW_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** The start of the window that ends at `now`: adjustments made after it count (the start itself does not). */
export function fourEyesWindowStart(now: Date): Date {
  return new Date(now.getTime() - FOUR_EYES_WINDOW_HOURS * HOUR_MS);
}

/**
 * Whether a manual adjustment of `amountMinor` needs a second staff member: the absolute amounts of
 * the customer's manual adjustments completed or awaiting within the window (`recentMinor`, credits
 * and debits alike), plus this one, are strictly above the threshold. A threshold of 0 turns it off.
 */
export function adjustmentNeedsSecondApproval(
  amountMinor: bigint,
  recentMinor: readonly bigint[],
  thresholdMinor: bigint,
): boolean {
  const total = recentMinor.reduce((sum, amount) => sum + absoluteMinor(amount), absoluteMinor(amountMinor));
  return needsSecondApproval(total, thresholdMinor);
}
