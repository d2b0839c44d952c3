import { WithdrawalProtectionSchema } from '@candor/contracts/account-security';
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

/** Cancels one of the customer's undecided withdrawals: the amount returns to their balance at once. */
export function cancelWithdrawal(id: string, idempotencyKey: string) {
  return apiRequest(`/api/withdrawals/${encodeURIComponent(id)}/cancel`, WithdrawalSchema, {
    method: 'POST',
    idempotencyKey,
  });
}

/** Whether a withdrawal can be requested now (a freeze or a 24-hour wait), read before the form. */
export const withdrawalProtectionQuery = queryOptions({
  queryKey: queryKeys.withdrawalProtection,
  queryFn: ({ signal }) => apiRequest('/api/withdrawals/protection', WithdrawalProtectionSchema, { signal }),
  staleTime: 0,
});

/** Lifts the freeze on the signed-in account (the password is checked again). */
export function unfreezeWithdrawals(password: string) {
  return apiRequest('/api/account/withdrawal-freeze/unfreeze', WithdrawalProtectionSchema, {
    method: 'POST',
    body: { password },
  });
}
