import { firstScreenReads } from '@candor/contracts/first-screen';
import { BalancesSchema } from '@candor/contracts/ledger';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api.ts';
import { queryKeys } from './query-keys.ts';

export const balancesQuery = queryOptions({
  queryKey: queryKeys.balances,
  queryFn: ({ signal }) => apiRequest(firstScreenReads.balances, BalancesSchema, { signal }),
  // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
  staleTime: 0,
});
