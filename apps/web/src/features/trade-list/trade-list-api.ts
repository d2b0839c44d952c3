import { TradePageSchema, TradeSchema } from '@candor/contracts/trades';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/**
 * Everything of the signed-in customer that a trade changes (balances, statement, these lists):
 * invalidate this prefix after a trade opens or closes.
 */
export const ME_QUERY_KEY = ['me'] as const;
const OWN_TRADES_QUERY_KEY = [...ME_QUERY_KEY, 'trades'] as const;

export type TradeListStatus = 'open' | 'closed';

export function ownTradesPageQuery(status: TradeListStatus, page: number) {
  return queryOptions({
    queryKey: [...OWN_TRADES_QUERY_KEY, 'list', status, { page }],
    queryFn: ({ signal }) =>
      apiRequest(`/api/trades?status=${status}&page=${page}`, TradePageSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Open trades may be closed without this page knowing (the stop-out, an administrator).
    refetchInterval: status === 'open' ? 15_000 : false,
  });
}

export function ownTradeQueryKey(id: string) {
  return [...OWN_TRADES_QUERY_KEY, 'one', id] as const;
}

/** Closes one of the customer's open trades at the market price; the key is reused on a retry. */
export function closeOwnTrade(id: string, idempotencyKey: string) {
  return apiRequest(`/api/trades/${encodeURIComponent(id)}/close`, TradeSchema, {
    method: 'POST',
    idempotencyKey,
  });
}
