export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** PRODUCT.md §4: pending → approved | rejected; both final. */
export const DEPOSIT_NEXT = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
} as const satisfies Record<DepositStatus, readonly DepositStatus[]>;
