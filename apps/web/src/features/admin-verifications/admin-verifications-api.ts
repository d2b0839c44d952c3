import {
  AdminVerificationDetailSchema,
  AdminVerificationPageSchema,
  type CreateVerificationReasonRequest,
  type DecideVerificationRequest,
  DecideVerificationResponseSchema,
  type UpdateVerificationReasonRequest,
  type VerificationListFilter,
  VerificationReasonListSchema,
  VerificationReasonSchema,
} from '@candor/contracts/verifications';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** A page of the Verifications tab: the review queue (pending first, oldest first) or all of them. */
export function adminVerificationsPageQuery(page: number, search: string, filter: VerificationListFilter) {
  const params = new URLSearchParams({ page: String(page), filter });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: queryKeys.adminVerifications.page({ page, search, filter }),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/verifications?${params}`, AdminVerificationPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One customer's latest submission with everything on one screen. Reading it claims a pending one
 * for the reader; its image links last a minute, so it is read afresh rather than kept.
 */
export function adminVerificationQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminVerifications.one(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/verifications/${encodeURIComponent(userId)}`, AdminVerificationDetailSchema, {
        signal,
      }),
    staleTime: 0,
    gcTime: 0,
  });
}

export function decideVerification(userId: string, body: DecideVerificationRequest, idempotencyKey: string) {
  return apiRequest(
    `/api/admin/verifications/${encodeURIComponent(userId)}/decision`,
    DecideVerificationResponseSchema,
    { method: 'POST', body, idempotencyKey },
  );
}

/** The reasons staff pick from (the retired ones too, marked). */
export const verificationReasonsQuery = queryOptions({
  queryKey: queryKeys.verificationReasons,
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/verification-reasons', VerificationReasonListSchema, { signal }),
});

export function createVerificationReason(body: CreateVerificationReasonRequest) {
  return apiRequest('/api/admin/verification-reasons', VerificationReasonSchema, { method: 'POST', body });
}

export function updateVerificationReason(code: string, body: UpdateVerificationReasonRequest) {
  return apiRequest(`/api/admin/verification-reasons/${encodeURIComponent(code)}`, VerificationReasonSchema, {
    method: 'PUT',
    body,
  });
}
