import { type CandleInterval, INTERVAL_SECONDS } from '@candor/domain/market/candle';
import { alignToInterval } from '@candor/domain/market/candles';
import { err, ok, type Result } from '@candor/domain/result';

/** Candles one request may ask for: a year of hourly candles (8,761 with both ends) and more. */
export const MAX_CANDLES_PER_REQUEST = 10_000;
/** How far back one request may reach: computing simulated history costs CPU per second of it. */
export const MAX_SPAN_DAYS = 400;
/** Candles answered when the request names no `from`. */
export const DEFAULT_CANDLE_COUNT = 300;

/** Candles whose start lies in [from, to], Unix seconds. */
export type CandleRange = { from: number; to: number };

/**
 * The range of a candles request: `to` defaults to now and never passes it (no future candles);
 * `from` defaults to DEFAULT_CANDLE_COUNT intervals before the interval that holds `to`. A range
 * wholly in the future is empty (from > to), not an error.
 */
export function resolveCandleRange(
  query: { interval: CandleInterval; from?: number | undefined; to?: number | undefined },
  nowSeconds: number,
): Result<CandleRange, string> {
  const length = INTERVAL_SECONDS[query.interval];
  const requestedTo = query.to ?? nowSeconds;
  if (query.from !== undefined && query.from > requestedTo) return err('from must not be after to');
  const to = Math.min(requestedTo, nowSeconds);
  const from = query.from ?? alignToInterval(to, query.interval) - DEFAULT_CANDLE_COUNT * length;
  const count = (alignToInterval(to, query.interval) - alignToInterval(from, query.interval)) / length + 1;
  if (count > MAX_CANDLES_PER_REQUEST) {
    return err(
      `At most ${MAX_CANDLES_PER_REQUEST} candles per request (this one spans ${count}): narrow from and to or choose a longer interval`,
    );
  }
  if (to - from > MAX_SPAN_DAYS * 86_400) {
    return err(`A request spans at most ${MAX_SPAN_DAYS} days: narrow from and to`);
  }
  return ok({ from, to });
}
