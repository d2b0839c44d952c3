export const WITHDRAWAL_STATUSES = [
  'awaiting_confirmation',
  'on_hold',
  'pending',
  'approved',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/**
 * PRODUCT.md §4. A request waiting for its e-mailed code moves on once the right code arrives:
 * to pending, or to on_hold when the account has a withdrawal hold by then. An administrator
 * releases a hold (on_hold → pending) and decides pending requests. The customer may cancel their
 * own request at any time before it is decided (issue 11: no withdrawal is a hostage). Approved,
 * rejected and cancelled are final.
 */
export const WITHDRAWAL_NEXT = {
  awaiting_confirmation: ['pending', 'on_hold', 'cancelled'],
  on_hold: ['pending', 'cancelled'],
  pending: ['approved', 'rejected', 'cancelled'],
  approved: [],
  rejected: [],
  cancelled: [],
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

/** The statuses the customer can still cancel from: every one before a decision. */
export const CANCELLABLE_WITHDRAWAL_STATUSES = ['awaiting_confirmation', 'on_hold', 'pending'] as const;

export function isCancellableWithdrawal(status: string): boolean {
  return (CANCELLABLE_WITHDRAWAL_STATUSES as readonly string[]).includes(status);
}
