import type { Candle, CandleInterval, Quote } from '@candor/contracts/market';
import { INTERVAL_SECONDS } from '@candor/domain/market/candle';
import { compareDecimal } from '@candor/domain/market/candles';

/** Start of the interval (Unix seconds, UTC) that a quote's time falls into; null when unreadable. */
export function findIntervalStart(isoTime: string, interval: CandleInterval): number | null {
  const millis = Date.parse(isoTime);
  if (Number.isNaN(millis)) return null;
  const size = INTERVAL_SECONDS[interval];
  return Math.floor(millis / 1000 / size) * size;
}

/**
 * The candles of one instrument with its live quote folded in: a quote inside the last candle's
 * interval moves its close (and high or low); a quote in a later interval opens a new candle at
 * that price; an older quote changes nothing (the same array comes back, so callers can tell).
 */
export function mergeQuoteIntoCandles(
  candles: readonly Candle[],
  quote: Pick<Quote, 'price' | 'time'>,
  interval: CandleInterval,
): readonly Candle[] {
  const start = findIntervalStart(quote.time, interval);
  const last = candles.at(-1);
  if (start === null || (last && start < last.time)) return candles;
  const price = quote.price;
  if (!last || start > last.time) {
    return [...candles, { time: start, open: price, high: price, low: price, close: price }];
  }
  const merged: Candle = {
    time: last.time,
    open: last.open,
    high: maxOf(last.high, price),
    low: minOf(last.low, price),
    close: price,
  };
  if (merged.close === last.close && merged.high === last.high && merged.low === last.low) return candles;
  return [...candles.slice(0, -1), merged];
}

function maxOf(a: string, b: string): string {
  return compareDecimal(a, b) >= 0 ? a : b;
}

function minOf(a: string, b: string): string {
  return compareDecimal(a, b) <= 0 ? a : b;
}
