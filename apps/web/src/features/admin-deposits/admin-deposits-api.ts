import {
  AdminDepositPageSchema,
  AdminDepositSchema,
  type ApproveDepositRequest,
  type RejectDepositRequest,
} from '@candor/contracts/deposits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function adminDepositsPageQuery(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: queryKeys.adminDeposits.page({ page, search }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/deposits?${params}`, AdminDepositPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminDepositQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminDeposits.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/deposits/${encodeURIComponent(id)}`, AdminDepositSchema, { signal }),
  });
}

/** Approves a pending deposit with its reason; `idempotencyKey` is reused when the same decision is retried. */
export function approveDeposit(id: string, body: ApproveDepositRequest, idempotencyKey: string) {
  return apiRequest(`/api/admin/deposits/${encodeURIComponent(id)}/approve`, AdminDepositSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function rejectDeposit(id: string, body: RejectDepositRequest, idempotencyKey: string) {
  return apiRequest(`/api/admin/deposits/${encodeURIComponent(id)}/reject`, AdminDepositSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
