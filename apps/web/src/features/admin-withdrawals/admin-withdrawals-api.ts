import {
  AdminWithdrawalPageSchema,
  AdminWithdrawalSchema,
  type ApproveWithdrawalRequest,
  type RejectWithdrawalRequest,
  type ReleaseWithdrawalHoldRequest,
} from '@candor/contracts/withdrawals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function adminWithdrawalsPageQuery(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: queryKeys.adminWithdrawals.page({ page, search }),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals?${params}`, AdminWithdrawalPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminWithdrawalQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminWithdrawals.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/withdrawals/${encodeURIComponent(id)}`, AdminWithdrawalSchema, { signal }),
  });
}

const path = (id: string, action: string) => `/api/admin/withdrawals/${encodeURIComponent(id)}/${action}`;

/** Approves a pending withdrawal with its reason; `idempotencyKey` is reused when the same decision is retried. */
export function approveWithdrawal(id: string, body: ApproveWithdrawalRequest, idempotencyKey: string) {
  return apiRequest(path(id, 'approve'), AdminWithdrawalSchema, { method: 'POST', body, idempotencyKey });
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
