import { firstScreenReads } from '@candor/contracts/first-screen';
import { BalancesSchema } from '@candor/contracts/ledger';
import { queryOptions } from '@tanstack/react-query';
import { readAnsweredInPage } from './api.ts';
import { queryKeys } from './query-keys.ts';

export const balancesQuery = queryOptions({
  queryKey: queryKeys.balances,
  ...readAnsweredInPage(firstScreenReads.balances, BalancesSchema),
  // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
  staleTime: 0,
});
