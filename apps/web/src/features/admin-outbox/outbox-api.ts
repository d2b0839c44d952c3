import { OutboxPageSchema } from '@candor/contracts/outbox';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function outboxPageQuery(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: queryKeys.outbox.page({ page, search }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/outbox?${params}`, OutboxPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}
