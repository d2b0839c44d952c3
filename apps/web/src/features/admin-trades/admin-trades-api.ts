import {
  type AdminCloseTradeRequestSchema,
  AdminTradeDetailSchema,
  AdminTradePageSchema,
} from '@candor/contracts/admin-trades';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** How often an open trade's details re-read the current price and the result it would give. */
const OPEN_TRADE_REFRESH_MS = 5_000;

export function adminTradesPageQuery(page: number, search: string) {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return queryOptions({
    queryKey: queryKeys.adminTrades.page({ page, search }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/trades?${params}`, AdminTradePageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function adminTradeQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminTrades.one(id),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/trades/${encodeURIComponent(id)}`, AdminTradeDetailSchema, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'open' ? OPEN_TRADE_REFRESH_MS : false),
  });
}

export type AdminCloseTradeRequest = z.output<typeof AdminCloseTradeRequestSchema>;

/** Closes any open trade at the market price, with the administrator's reason (audited). */
export function closeTradeAtMarket(id: string, body: AdminCloseTradeRequest, idempotencyKey: string) {
  return apiRequest(`/api/admin/trades/${encodeURIComponent(id)}/close`, AdminTradeDetailSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
