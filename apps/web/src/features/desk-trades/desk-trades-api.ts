import { firstScreenReads } from '@candor/contracts/first-screen';
import { DeskTradePageSchema, DeskTradeSummarySchema, TradeSchema } from '@candor/contracts/trades';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, readAnsweredInPage } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** The customer's trades booked by the desk, awaiting ones first. */
export function ownDeskTradesQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.ownDeskTrades.page({ page }),
    queryFn: ({ signal }) => apiRequest(`/api/desk-trades?page=${page}`, DeskTradePageSchema, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many desk trades await the customer (the banner on the dashboard and /trades). */
export const deskTradeSummaryQuery = queryOptions({
  queryKey: queryKeys.deskTradeSummary,
  ...readAnsweredInPage(firstScreenReads.deskTradeSummary, DeskTradeSummarySchema),
  staleTime: 30_000,
});

/** Accepts or rejects a proposal; the key is reused when the same answer is retried. */
export function answerDeskTrade(id: string, answer: 'accept' | 'reject', idempotencyKey: string) {
  return apiRequest(`/api/desk-trades/${encodeURIComponent(id)}/${answer}`, TradeSchema, {
    method: 'POST',
    idempotencyKey,
  });
}
