import { firstScreenReads } from '@candor/contracts/first-screen';
import { TradingTermsSchema } from '@candor/contracts/trades';
import { queryOptions } from '@tanstack/react-query';
import { readAnsweredInPage } from './api.ts';
import { queryKeys } from './query-keys.ts';

/** The signed-in customer's maximum leverage and spread (their trading package's, or the defaults). */
export const tradingTermsQuery = queryOptions({
  queryKey: queryKeys.tradingTerms,
  ...readAnsweredInPage(firstScreenReads.tradingTerms, TradingTermsSchema),
});
