import { firstScreenReads } from '@candor/contracts/first-screen';
import { TradePageSchema, TradeSchema } from '@candor/contracts/trades';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, readAnsweredInPage } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export type TradeListStatus = 'open' | 'closed';

export function ownTradesPageQuery(status: TradeListStatus, page: number) {
  return queryOptions({
    queryKey: queryKeys.ownTrades.page({ status, page }),
    ...readAnsweredInPage(firstScreenReads.ownTrades(status, page), TradePageSchema),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // Open trades may be closed without this page knowing (the stop-out, an administrator).
    refetchInterval: status === 'open' ? 15_000 : false,
  });
}

/** Closes one of the customer's open trades at the market price; the key is reused on a retry. */
export function closeOwnTrade(id: string, idempotencyKey: string) {
  return apiRequest(`/api/trades/${encodeURIComponent(id)}/close`, TradeSchema, {
    method: 'POST',
    idempotencyKey,
  });
}
