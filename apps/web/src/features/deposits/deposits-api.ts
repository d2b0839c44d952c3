import {
  type CreateDepositQuoteRequest,
  type CreateDepositRequest,
  DepositMethodsSchema,
  DepositPageSchema,
  DepositProofSchema,
  DepositQuoteSchema,
  DepositSchema,
  OwnDepositSchema,
} from '@candor/contracts/deposits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function depositHistoryQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.ownDeposits.page({ page }),
    queryFn: ({ signal }) => apiRequest(`/api/deposits?page=${page}`, DepositPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One of the customer's deposits with their proof of payment, opened from the history. */
export function ownDepositQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.ownDeposits.one(id),
    queryFn: ({ signal }) => apiRequest(`/api/deposits/${id}`, OwnDepositSchema, { signal }),
  });
}

/** Step 1: the coins that can be deposited now (those the platform has an address for). */
export const depositMethodsQuery = queryOptions({
  queryKey: queryKeys.depositMethods,
  queryFn: ({ signal }) => apiRequest('/api/deposit-methods', DepositMethodsSchema, { signal }),
});

/** Step 2: the conversion of the amount into the chosen coin, valid one hour. */
export function createDepositQuote(body: CreateDepositQuoteRequest) {
  return apiRequest('/api/deposit-quotes', DepositQuoteSchema, { method: 'POST', body });
}

/** Step 3: stores the proof of payment (private) before the deposit refers to it. */
export function uploadDepositProof(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/deposits/proofs', DepositProofSchema, { method: 'POST', form });
}

/** Step 3's Paid button; `idempotencyKey` is reused when the same submission is retried. */
export function submitDeposit(body: CreateDepositRequest, idempotencyKey: string) {
  return apiRequest('/api/deposits', DepositSchema, { method: 'POST', body, idempotencyKey });
}
