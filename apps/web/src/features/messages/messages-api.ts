import { MessagePageSchema, MessageSchema } from '@candor/contracts/messages';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function messagesPageQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.messages.page({ page }),
    queryFn: ({ signal }) => apiRequest(`/api/messages?page=${page}`, MessagePageSchema, { signal }),
    placeholderData: keepPreviousData,
    // A code may have just arrived: always re-read.
    staleTime: 0,
  });
}

export function messageQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.messages.one(id),
    queryFn: ({ signal }) => apiRequest(`/api/messages/${encodeURIComponent(id)}`, MessageSchema, { signal }),
  });
}

export function markMessageRead(id: string): Promise<void> {
  return apiSend(`/api/messages/${encodeURIComponent(id)}/read`, { method: 'POST' });
}
