import {
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  type RejectWithdrawalRequest,
  type ReleaseWithdrawalHoldRequest,
} from '@candor/contracts/withdrawals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** Every administrator view of withdrawals (the tab's pages and each withdrawal); invalidate after a decision. */
export const ADMIN_WITHDRAWALS_QUERY_KEY = ['admin', 'withdrawals'] as const;

export function adminWithdrawalsPageQuery(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: [...ADMIN_WITHDRAWALS_QUERY_KEY, 'list', { page, search }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals?${params}`, AdminWithdrawalPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminWithdrawalQueryKey(id: string) {
  return [...ADMIN_WITHDRAWALS_QUERY_KEY, 'one', id] as const;
}

export function adminWithdrawalQuery(id: string) {
  return queryOptions({
    queryKey: adminWithdrawalQueryKey(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals/${encodeURIComponent(id)}`, AdminWithdrawalSchema, { signal }),
  });
}

const path = (id: string, action: string) => `/api/admin/withdrawals/${encodeURIComponent(id)}/${action}`;

/** Approves a pending withdrawal; `idempotencyKey` is reused when the same decision is retried. */
export function approveWithdrawal(id: string, idempotencyKey: string) {
  return apiRequest(path(id, 'approve'), AdminWithdrawalSchema, { method: 'POST', idempotencyKey });
}

export function rejectWithdrawal(id: string, body: RejectWithdrawalRequest, idempotencyKey: string) {
  return apiRequest(path(id, 'reject'), AdminWithdrawalSchema, { method: 'POST', body, idempotencyKey });
}

export function releaseWithdrawalHold(
  id: string,
  body: ReleaseWithdrawalHoldRequest,
  idempotencyKey: string,
) {
  return apiRequest(path(id, 'release-hold'), AdminWithdrawalSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
