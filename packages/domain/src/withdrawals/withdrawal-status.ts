export const WITHDRAWAL_STATUSES = [
  'awaiting_confirmation',
  'on_hold',
  'pending',
  'approved',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * PRODUCT.md §4. A request waiting for its e-mailed code moves on once the right code arrives:
 * to pending, or to on_hold when the account has a withdrawal hold by then. An administrator
 * releases a hold (on_hold → pending) and decides pending requests; approved and rejected are final.
 */
export const WITHDRAWAL_NEXT = {
  awaiting_confirmation: ['pending', 'on_hold'],
  on_hold: ['pending'],
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
} as const satisfies Record<WithdrawalStatus, readonly WithdrawalStatus[]>;

/** The status a new request is recorded with. */
export function initialWithdrawalStatus(settings: {
  requireCode: boolean;
  holdEnabled: boolean;
}): WithdrawalStatus {
  if (settings.requireCode) return 'awaiting_confirmation';
  return settings.holdEnabled ? 'on_hold' : 'pending';
}

/** The status after the right confirmation code. */
export function confirmedWithdrawalStatus(settings: { holdEnabled: boolean }): WithdrawalStatus {
  return settings.holdEnabled ? 'on_hold' : 'pending';
}
