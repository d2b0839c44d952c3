import {
  AdminLoanApplicationPageSchema,
  AdminLoanApplicationSchema,
  type LoanApplicationStatus,
} from '@candor/contracts/loans';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function adminLoanApplicationsPageQuery(page: number, status: LoanApplicationStatus | '') {
  const params = new URLSearchParams({ page: String(page) });
  if (status) params.set('status', status);
  return queryOptions({
    queryKey: queryKeys.adminLoanApplications.page({ page, search: status }),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/loan-applications?${params}`, AdminLoanApplicationPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One customer's applications and loans (the customer's page, /user/{id}). */
export function customerLoanApplicationsQuery(userId: string) {
  const params = new URLSearchParams({ page: '1', userId });
  return queryOptions({
    queryKey: queryKeys.adminLoanApplications.page({ page: 1, userId }),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/loan-applications?${params}`, AdminLoanApplicationPageSchema, { signal }),
  });
}

export function adminLoanApplicationQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminLoanApplications.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/loan-applications/${encodeURIComponent(id)}`, AdminLoanApplicationSchema, {
        signal,
      }),
  });
}

/** Both decisions carry their reason (required: decision 044 for an approval). */
export type LoanDecision = { kind: 'approve' | 'decline'; reason: string };

export function decideLoanApplication(id: string, decision: LoanDecision, idempotencyKey: string) {
  return apiRequest(
    `/api/admin/loan-applications/${encodeURIComponent(id)}/${decision.kind}`,
    AdminLoanApplicationSchema,
    {
      method: 'POST',
      body: { reason: decision.reason },
      idempotencyKey,
    },
  );
}
