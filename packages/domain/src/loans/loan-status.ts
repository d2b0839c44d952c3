/**
 * A loan application (issue 13, item 5): staff approve it (the loan is paid out) or decline it with
 * a reason. Both decisions are final.
 */
export const LOAN_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const;
export type LoanApplicationStatus = (typeof LOAN_APPLICATION_STATUSES)[number];

export const LOAN_APPLICATION_NEXT = {
  pending: ['approved', 'declined'],
  approved: [],
  declined: [],
} as const satisfies Record<LoanApplicationStatus, readonly LoanApplicationStatus[]>;

/**
 * A loan paid out is active until what it owes reaches zero (repaid). At the end of its term, what
 * cash cannot cover stays owed and the loan is overdue; it is collected from cash as cash arrives,
 * and repaid once nothing is owed. Repaid is final.
 */
export const LOAN_STATUSES = ['active', 'overdue', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_NEXT = {
  active: ['overdue', 'repaid'],
  overdue: ['repaid'],
  repaid: [],
} as const satisfies Record<LoanStatus, readonly LoanStatus[]>;

/** An application or loan that keeps the customer from applying again: pending, active or overdue. */
export function isOpenLoanStatus(status: LoanApplicationStatus | LoanStatus): boolean {
  return status === 'pending' || status === 'active' || status === 'overdue';
}
