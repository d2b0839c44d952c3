import {
  type ConfirmWithdrawalRequest,
  type CreateWithdrawalRequestInput,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@candor/contracts/withdrawals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function withdrawalsPageQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.ownWithdrawals.page({ page }),
    queryFn: ({ signal }) => apiRequest(`/api/withdrawals?page=${page}`, WithdrawalPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function withdrawalQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.ownWithdrawals.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/withdrawals/${encodeURIComponent(id)}`, WithdrawalSchema, { signal }),
  });
}

/** The minimum, the fee percentage and the available balance; re-read each time the form opens. */
export const withdrawalTermsQuery = queryOptions({
  queryKey: queryKeys.withdrawalTerms,
  queryFn: ({ signal }) => apiRequest('/api/withdrawals/terms', WithdrawalTermsSchema, { signal }),
  staleTime: 0,
});

/** Records the request and reserves the amount; `idempotencyKey` is reused when the same submission is retried. */
export function createWithdrawal(body: CreateWithdrawalRequestInput, idempotencyKey: string) {
  return apiRequest('/api/withdrawals', WithdrawalSchema, { method: 'POST', body, idempotencyKey });
}

export function confirmWithdrawal(id: string, body: ConfirmWithdrawalRequest) {
  return apiRequest(`/api/withdrawals/${encodeURIComponent(id)}/confirm`, WithdrawalSchema, {
    method: 'POST',
    body,
  });
}

export function requestNewWithdrawalCode(id: string) {
  return apiRequest(`/api/withdrawals/${encodeURIComponent(id)}/code`, WithdrawalSchema, { method: 'POST' });
}
