import {
  type CreateLoanApplicationRequest,
  LoanApplicationSchema,
  LoanSchema,
  MyLoansSchema,
  type RepayLoanRequest,
} from '@candor/contracts/loans';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The customer's loan applications and loans. */
export const ownLoansQuery = queryOptions({
  queryKey: queryKeys.ownLoans,
  queryFn: ({ signal }) => apiRequest('/api/loans/mine', MyLoansSchema, { signal }),
  staleTime: 0,
});

export function applyForLoan(body: CreateLoanApplicationRequest) {
  return apiRequest('/api/loan-applications', LoanApplicationSchema, { method: 'POST', body });
}

/** Repays from available cash; `idempotencyKey` is reused when the same repayment is retried. */
export function repayLoan(id: string, body: RepayLoanRequest, idempotencyKey: string) {
  return apiRequest(`/api/loans/${encodeURIComponent(id)}/repayments`, LoanSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
