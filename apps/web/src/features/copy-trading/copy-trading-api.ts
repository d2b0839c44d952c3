import {
  AdminStrategyProviderListSchema,
  AdminStrategyProviderSchema,
  CopyActionResponseSchema,
  type CreateStrategyProviderRequest,
  MyCopyRelationsSchema,
  MyProviderInvitationSchema,
  SkippedCopyPageSchema,
  type StartCopyingRequest,
  StrategyProviderDetailSchema,
  StrategyProviderListSchema,
  TraderImageUploadSchema,
  type UpdateStrategyProviderRequest,
} from '@candor/contracts/copy-trading';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The keys of copy trading: under `me`, so they refresh with everything else of the signed-in person. */
export const copyKeys = {
  all: [...queryKeys.me, 'copy-trading'] as const,
  cards: [...queryKeys.me, 'copy-trading', 'cards'] as const,
  provider: (id: string) => [...queryKeys.me, 'copy-trading', 'provider', id] as const,
  invitation: [...queryKeys.me, 'copy-trading', 'invitation'] as const,
  mine: [...queryKeys.me, 'copy-trading', 'mine'] as const,
  skipped: (page: number) => [...queryKeys.me, 'copy-trading', 'skipped', page] as const,
};

export const providerCardsQuery = queryOptions({
  queryKey: copyKeys.cards,
  queryFn: ({ signal }) => apiRequest('/api/strategy-providers', StrategyProviderListSchema, { signal }),
  staleTime: 0,
});

export function providerDetailQuery(id: string) {
  return queryOptions({
    queryKey: copyKeys.provider(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/strategy-providers/${encodeURIComponent(id)}`, StrategyProviderDetailSchema, {
        signal,
      }),
    staleTime: 0,
  });
}

export const myInvitationQuery = queryOptions({
  queryKey: copyKeys.invitation,
  queryFn: ({ signal }) =>
    apiRequest('/api/strategy-providers/invitation', MyProviderInvitationSchema, { signal }),
});

export const myCopyRelationsQuery = queryOptions({
  queryKey: copyKeys.mine,
  queryFn: ({ signal }) => apiRequest('/api/copy-relations/mine', MyCopyRelationsSchema, { signal }),
  staleTime: 0,
});

/** The signed-in follower's skipped copies, newest first, ten a page. */
export function skippedCopiesQuery(page: number) {
  return queryOptions({
    queryKey: copyKeys.skipped(page),
    queryFn: ({ signal }) =>
      apiRequest(`/api/skipped-copies?page=${page}`, SkippedCopyPageSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function answerInvitation(accept: boolean) {
  return apiRequest(
    `/api/strategy-providers/invitation/${accept ? 'accept' : 'decline'}`,
    MyProviderInvitationSchema,
    { method: 'POST' },
  );
}

export function startCopying(id: string, body: StartCopyingRequest) {
  return apiRequest(`/api/strategy-providers/${encodeURIComponent(id)}/copy`, CopyActionResponseSchema, {
    method: 'POST',
    body,
  });
}

export function cancelCopying(id: string) {
  return apiRequest(`/api/strategy-providers/${encodeURIComponent(id)}/cancel`, CopyActionResponseSchema, {
    method: 'POST',
  });
}

export function uploadTraderImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiRequest('/api/admin/strategy-providers/images', TraderImageUploadSchema, {
    method: 'POST',
    form,
  });
}

export function createTrader(body: CreateStrategyProviderRequest) {
  return apiRequest('/api/admin/strategy-providers', AdminStrategyProviderSchema, { method: 'POST', body });
}

export function deleteTrader(id: string, reason: string) {
  return apiRequest(`/api/admin/strategy-providers/${encodeURIComponent(id)}`, AdminStrategyProviderSchema, {
    method: 'DELETE',
    body: { reason },
  });
}

export const adminProvidersQuery = queryOptions({
  queryKey: [...copyKeys.all, 'admin'] as const,
  queryFn: ({ signal }) =>
    apiRequest('/api/admin/strategy-providers', AdminStrategyProviderListSchema, { signal }),
  staleTime: 0,
});

export function updateTrader(id: string, body: UpdateStrategyProviderRequest) {
  return apiRequest(`/api/admin/strategy-providers/${encodeURIComponent(id)}`, AdminStrategyProviderSchema, {
    method: 'PUT',
    body,
  });
}
