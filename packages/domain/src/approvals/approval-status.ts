import { absoluteMinor } from '../money/money.ts';
import type { DeskTradeStatus } from '../trading/desk-trade-status.ts';

/**
 * Four-eyes approval (issue 10): a staff action above the threshold is recorded as awaiting a second
 * staff member, who approves it (then it takes effect) or rejects it (nothing moves). A desk booking
 * that can no longer be approved (its open is past the booking window) expires: nothing moves, and
 * nobody decided it (docs/decisions/054). Its maker may cancel it while it waits: nothing moves, and
 * nobody else decided it (docs/decisions/057). All four are final.
 */
export const APPROVAL_STATUSES = ['awaiting', 'approved', 'rejected', 'expired', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_NEXT = {
  awaiting: ['approved', 'rejected', 'expired', 'cancelled'],
  approved: [],
  rejected: [],
  expired: [],
  cancelled: [],
} as const satisfies Record<ApprovalStatus, readonly ApprovalStatus[]>;

/**
 * Who cancelled a request (status 'cancelled'): its maker, who withdrew it while it waited
 * (docs/decisions/057), or the customer, who cancelled the withdrawal a withdrawal approval waited
 * for (only that kind). Neither is a checker: nobody else decided it.
 */
export const APPROVAL_CANCELLERS = ['maker', 'customer'] as const;
export type ApprovalCanceller = (typeof APPROVAL_CANCELLERS)[number];

/**
 * What can wait for a second approval: a manual adjustment, a withdrawal approval, a change of
 * the platform's deposit addresses (docs/decisions/048), a change of the four-eyes threshold
 * that loosens it (docs/decisions/053), a desk booking whose result is above the threshold
 * (docs/decisions/054), turning off "withdrawals need a verified identity" (decision 053,
 * section of 2026-11-30), and raising a 30-day limit of unverified accounts (decision 053, section
 * of 2026-12-01).
 */
export const APPROVAL_KINDS = [
  'adjustment',
  'withdrawal_approval',
  'wallet_change',
  'four_eyes_threshold',
  'desk_trade',
  'identity_for_withdrawals',
  'unverified_limits',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * The kinds of request that can expire: only a desk booking, whose open time ages out of the booking
 * window while it waits (the database checks it, CHECK approvals_expired).
 */
export const EXPIRING_APPROVAL_KINDS = ['desk_trade'] as const satisfies readonly ApprovalKind[];

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
 * What a new value of "withdrawals need a verified identity" does to the control (decision 053,
 * section of 2026-11-30): turning it off 'loosens' it (unverified accounts may then withdraw up to
 * their 30-day limit: it waits for a second staff member), turning it on 'tightens' it (applies at
 * once).
 */
export function identityRuleChangeOf(from: boolean, to: boolean): ThresholdChange {
  if (from === to) return 'unchanged';
  return to ? 'tightens' : 'loosens';
}

/**
 * What a new 30-day limit of an unverified account (deposits or withdrawals) does to the control
 * (decision 053, section of 2026-12-01): raising it 'loosens' it (more may move without a verified
 * identity: it waits for a second staff member), lowering it 'tightens' it (applies at once). 0 is
 * the tightest limit: nothing may move.
 */
export function limitChangeOf(fromMinor: bigint, toMinor: bigint): ThresholdChange {
  if (toMinor === fromMinor) return 'unchanged';
  return toMinor > fromMinor ? 'loosens' : 'tightens';
}

/**
 * Whether an amount (minor units) needs a second staff member: strictly above the threshold; a
 * threshold of 0 turns four-eyes off.
 */
export function needsSecondApproval(amountMinor: bigint, thresholdMinor: bigint): boolean {
  return isFourEyesOn(thresholdMinor) && amountMinor > thresholdMinor;
}

/**
 * How far back the money staff moved for a customer on their own word counts towards the four-eyes
 * threshold: their manual adjustments (docs/decisions/048) and their desk bookings' results
 * (docs/decisions/054). One staff member cannot split a large sum into small ones, in one channel or
 * across the two.
 */
export const FOUR_EYES_WINDOW_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** The start of the window that ends at `now`: what was moved after it counts (the start itself does not). */
export function fourEyesWindowStart(now: Date): Date {
  return new Date(now.getTime() - FOUR_EYES_WINDOW_HOURS * HOUR_MS);
}

/**
 * Which requests count towards the total while they are in these states: a request awaiting a second
 * approval may still be carried out, so it counts; an approved one counts through what it did (the
 * adjustment's entry, the desk trade it proposed), never twice; a rejected or expired one moved nothing.
 */
export const COUNTED_APPROVAL_STATUSES = ['awaiting'] as const satisfies readonly ApprovalStatus[];

/**
 * Which desk trades count towards the total: a proposal may still be accepted, and an accepted one
 * was posted. One the customer rejected, or that expired unaccepted, moved nothing.
 */
export const COUNTED_DESK_TRADE_STATUSES = [
  'proposed',
  'accepted',
] as const satisfies readonly DeskTradeStatus[];

/**
 * Whether a staff member's move of `amountMinor` for a customer (a manual adjustment, signed as it
 * moves the cash; a desk booking's result, signed) needs a second staff member: its size, plus the
 * sizes of what staff moved for that customer on their own word within the window (`recentMinor`:
 * manual adjustments and desk results, counted by COUNTED_APPROVAL_STATUSES and
 * COUNTED_DESK_TRADE_STATUSES; credits and debits, profits and losses alike), is strictly above the
 * threshold. A threshold of 0 turns it off.
 */
export function totalNeedsSecondApproval(
  amountMinor: bigint,
  recentMinor: readonly bigint[],
  thresholdMinor: bigint,
): boolean {
  const total = recentMinor.reduce((sum, amount) => sum + absoluteMinor(amount), absoluteMinor(amountMinor));
  return needsSecondApproval(total, thresholdMinor);
}

/**
 * Whether a manual debit of `amountMinor` can be asked for at all: the customer's cash (`cashMinor`)
 * covers it together with the manual debits already awaiting a second approval for them
 * (`waitingDebitsMinor`, whatever their age). One that cannot is refused when it is asked, not left
 * waiting for an approval that would refuse it (docs/decisions/048, section of 2026-11-29).
 */
export function debitFitsBalance(
  amountMinor: bigint,
  waitingDebitsMinor: readonly bigint[],
  cashMinor: bigint,
): boolean {
  const asked = waitingDebitsMinor.reduce(
    (sum, amount) => sum + absoluteMinor(amount),
    absoluteMinor(amountMinor),
  );
  return asked <= cashMinor;
}
