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

/** What can wait for a second approval. */
export const APPROVAL_KINDS = ['adjustment', 'withdrawal_approval'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/**
 * Whether an amount (minor units) needs a second staff member: strictly above the threshold; a
 * threshold of 0 turns four-eyes off.
 */
export function needsSecondApproval(amountMinor: bigint, thresholdMinor: bigint): boolean {
  return thresholdMinor > 0n && amountMinor > thresholdMinor;
}
