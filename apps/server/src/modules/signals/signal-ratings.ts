import type { SignalDirection } from '@candor/contracts/market';
import { INTERVAL_SECONDS } from '@candor/domain/market/candle';
import { alignToInterval } from '@candor/domain/market/candles';
import type { SignalInterval } from '@candor/domain/plans/plan-kinds';
import type { Clock } from '../../lib/clock.ts';
import type { MarketService } from '../../market/market.service.ts';
import { rateSignal, SIGNAL_CANDLES } from '../../market/signal-rating.ts';

/** A computed rating of one instrument on one interval. */
export type ComputedRating = {
  rating: number;
  direction: SignalDirection;
  /** Unix seconds: start of the last closed candle used. */
  candleTime: number;
  /** Unix seconds: when that candle closed. */
  computedAt: number;
};

export type SignalRatings = {
  /**
   * The rating of an instrument from its last SIGNAL_CANDLES closed candles of `interval` (the
   * market's own rating function); undefined while there is too little history.
   */
  rate(symbol: string, interval: SignalInterval): Promise<ComputedRating | undefined>;
  /**
   * Computes each rating once, one after the other, until done or `signal` aborts: run in the
   * background at start-up so that the first signals list answers at once (the first computation
   * of 250 daily simulated candles takes ~150 ms an instrument; later ones reuse them).
   */
  warmUp(
    symbols: readonly string[],
    intervals: readonly SignalInterval[],
    signal: AbortSignal,
  ): Promise<void>;
  /** How many (instrument, interval) ratings are kept. */
  readonly size: number;
};

/**
 * Ratings of the signal strength bar, the signals list and alerts. A rating uses closed candles
 * only, so it stays the same until the next candle closes: it is kept per (symbol, interval, last
 * closed candle) and computed again only when a newer candle has closed. `clock` is the market's
 * time.
 */
export function createSignalRatings(market: Pick<MarketService, 'readCandles'>, clock: Clock): SignalRatings {
  const kept = new Map<string, { lastClosed: number; rating: Promise<ComputedRating | undefined> }>();

  async function compute(
    symbol: string,
    interval: SignalInterval,
    lastClosed: number,
  ): Promise<ComputedRating | undefined> {
    const length = INTERVAL_SECONDS[interval];
    const from = lastClosed - (SIGNAL_CANDLES - 1) * length;
    const { candles } = await market.readCandles(symbol, { interval, from, to: lastClosed });
    const result = rateSignal(candles.filter((candle) => candle.time <= lastClosed));
    if (!result) return undefined;
    return {
      rating: result.rating,
      direction: result.direction,
      candleTime: result.asOf,
      computedAt: result.asOf + length,
    };
  }

  const ratings: SignalRatings = {
    async warmUp(symbols, intervals, signal) {
      for (const interval of intervals) {
        for (const symbol of symbols) {
          if (signal.aborted) return;
          await ratings.rate(symbol, interval);
        }
      }
    },
    rate(symbol, interval) {
      const nowSeconds = Math.floor(clock().getTime() / 1000);
      const lastClosed = alignToInterval(nowSeconds, interval) - INTERVAL_SECONDS[interval];
      const key = `${symbol}|${interval}`;
      const entry = kept.get(key);
      if (entry && entry.lastClosed === lastClosed) return entry.rating;
      const rating = compute(symbol, interval, lastClosed);
      kept.set(key, { lastClosed, rating });
      // A failed computation is not kept: the next call tries again.
      rating.catch(() => {
        if (kept.get(key)?.rating === rating) kept.delete(key);
      });
      return rating;
    },
    get size() {
      return kept.size;
    },
  };
  return ratings;
}
