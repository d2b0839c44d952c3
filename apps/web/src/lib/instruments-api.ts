import { firstScreenReads } from '@candor/contracts/first-screen';
import { InstrumentListSchema } from '@candor/contracts/market';
import { queryOptions } from '@tanstack/react-query';
import { readAnsweredInPage } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The whole catalogue: it changes only with a release, so it is fetched once per session. */
export const instrumentsQuery = queryOptions({
  queryKey: queryKeys.instruments,
  ...readAnsweredInPage(firstScreenReads.instruments, InstrumentListSchema),
  staleTime: Number.POSITIVE_INFINITY,
});
