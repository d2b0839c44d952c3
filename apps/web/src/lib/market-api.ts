import { firstScreenReads } from '@candor/contracts/first-screen';
import {
  type CandleInterval,
  CandlesResponseSchema,
  type Instrument,
  QuoteSchema,
  SignalRatingSchema,
} from '@candor/contracts/market';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readAnsweredInPage } from './api.ts';
import { instrumentsQuery } from './instruments-api.ts';
import { queryKeys } from './query-keys.ts';

/** The last 300 candles of an instrument (the server's default window). */
export function candlesQuery(symbol: string, interval: CandleInterval) {
  return queryOptions({
    queryKey: queryKeys.candles(symbol, interval),
    ...readAnsweredInPage(firstScreenReads.candles(symbol, interval), CandlesResponseSchema),
    // Live quotes keep the cached candles current (see PriceChart); a refetch is for a new visit.
    staleTime: 60_000,
  });
}

export function quoteQuery(symbol: string) {
  return queryOptions({
    queryKey: queryKeys.quote(symbol),
    ...readAnsweredInPage(firstScreenReads.quote(symbol), QuoteSchema),
    staleTime: 5_000,
  });
}

/** The computed rating changes when an hourly candle closes: a minute is fresh enough. */
export function signalQuery(symbol: string) {
  return queryOptions({
    queryKey: queryKeys.signal(symbol),
    ...readAnsweredInPage(firstScreenReads.signal(symbol), SignalRatingSchema),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** One instrument of the catalogue, once the catalogue has loaded. */
export function useInstrument(symbol: string): Instrument | undefined {
  const { data } = useQuery(instrumentsQuery);
  return data?.items.find((item) => item.symbol === symbol);
}
