import { BalancesSchema } from '@candor/contracts/ledger';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';

/** The signed-in customer's balances; invalidate this key after money moves. */
export const BALANCES_QUERY_KEY = ['me', 'balances'] as const;

export const balancesQuery = queryOptions({
  queryKey: BALANCES_QUERY_KEY,
  queryFn: ({ signal }) => apiRequest('/api/me/balances', BalancesSchema, { signal }),
  // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
  staleTime: 0,
});
