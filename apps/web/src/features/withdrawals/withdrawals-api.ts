import {
  type ConfirmWithdrawalRequest,
  type CreateWithdrawalRequestInput,
  WithdrawalPageSchema,
  WithdrawalSchema,
  WithdrawalTermsSchema,
} from '@candor/contracts/withdrawals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/**
 * Everything of the signed-in customer that a withdrawal changes (balances, statement, the lists
 * below): invalidate this prefix after a request or a confirmation.
 */
export const ME_QUERY_KEY = ['me'] as const;
const OWN_WITHDRAWALS_QUERY_KEY = [...ME_QUERY_KEY, 'withdrawals'] as const;

export function withdrawalsPageQuery(page: number) {
  return queryOptions({
    queryKey: [...OWN_WITHDRAWALS_QUERY_KEY, 'list', { page }],
    queryFn: ({ signal }) => apiRequest(`/api/withdrawals?page=${page}`, WithdrawalPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function withdrawalQuery(id: string) {
  return queryOptions({
    queryKey: [...OWN_WITHDRAWALS_QUERY_KEY, 'one', id],
    queryFn: ({ signal }) =>
      apiRequest(`/api/withdrawals/${encodeURIComponent(id)}`, WithdrawalSchema, { signal }),
  });
}

/** The minimum, the fee percentage and the available balance; re-read each time the form opens. */
export const withdrawalTermsQuery = queryOptions({
  queryKey: [...ME_QUERY_KEY, 'withdrawal-terms'],
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
