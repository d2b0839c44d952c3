import type { PriceSourceId } from '@candor/contracts/market';
import { compareDecimal } from '@candor/domain/market/candles';
import type { Tick } from './price-source.ts';

/** One minute of observed prices, as stored in candles_1m. */
export type MinuteCandle = {
  symbol: string;
  /** Start of the minute. */
  time: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  source: PriceSourceId;
};

export type MinuteRecorder = {
  /** Adds a tick; returns the symbol's previous minute when this tick is the first of a later one. */
  record(tick: Tick): MinuteCandle | undefined;
};

const MINUTE_MS = 60_000;

/**
 * Builds one-minute candles from live ticks. A minute is closed by the first tick of a later
 * minute; the minute still open when the server stops is not kept (it would be incomplete).
 */
export function createMinuteRecorder(): MinuteRecorder {
  const open = new Map<string, MinuteCandle>();
  return {
    record(tick) {
      const minute = Math.floor(tick.time.getTime() / MINUTE_MS) * MINUTE_MS;
      const current = open.get(tick.symbol);
      if (current && current.time.getTime() === minute) {
        if (compareDecimal(tick.price, current.high) > 0) current.high = tick.price;
        if (compareDecimal(tick.price, current.low) < 0) current.low = tick.price;
        current.close = tick.price;
        return undefined;
      }
      // A tick older than the open minute (a source's late answer) cannot reopen a closed minute.
      if (current && minute < current.time.getTime()) return undefined;
      const { symbol, price, source } = tick;
      open.set(symbol, {
        symbol,
        time: new Date(minute),
        open: price,
        high: price,
        low: price,
        close: price,
        source,
      });
      return current;
    },
  };
}
