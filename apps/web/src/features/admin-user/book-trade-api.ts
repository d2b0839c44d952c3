import type { BookTradeRequest } from '@candor/contracts/admin-trades';
import { DeskBookingSchema } from '@candor/contracts/desk-bookings';
import { TradingTermsSchema } from '@candor/contracts/trades';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Books a trade executed outside the platform: proposed to the customer, or awaiting a second
 * approval above the four-eyes threshold. `idempotencyKey` is reused when the same submission is retried.
 */
export function bookTrade(userId: string, body: BookTradeRequest, idempotencyKey: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/trades`, DeskBookingSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

/** The customer's trading terms: a booking's lot size may not exceed their maximum leverage. */
export function customerTradingTermsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminUserTradingTerms(userId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/trading-terms`, TradingTermsSchema, {
        signal,
      }),
  });
}
