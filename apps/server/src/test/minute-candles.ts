import type { CandlesResponse } from '@candor/contracts/market';
import { vi } from 'vitest';
import type { MarketService } from '../market/market.service.ts';

/** A minute's recorded price range: its 1-minute candle opens at `low` and closes at `high`. */
export type MinuteRange = { low: string; high: string };

/**
 * The market answers the recorded 1-minute candle of each minute given (keyed by its start, in
 * seconds) and nothing for any other: how desk bookings' price checks are set up in tests.
 */
export function stubMinuteCandles(market: MarketService, byMinute: Record<number, MinuteRange>) {
  return vi.spyOn(market, 'readCandles').mockImplementation(async (symbol, query) => {
    const candle = query.from !== undefined ? byMinute[query.from] : undefined;
    const response: CandlesResponse = {
      symbol,
      interval: query.interval,
      source: 'simulated',
      candles: candle
        ? [
            {
              time: query.from ?? 0,
              open: candle.low,
              high: candle.high,
              low: candle.low,
              close: candle.high,
            },
          ]
        : [],
    };
    return response;
  });
}
