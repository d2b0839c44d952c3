import type { CandleInterval, OhlcCandle } from '@candor/domain/market/candle';

/**
 * Closed simulated candles never change (they are a pure function of time and seed), so they are
 * kept once computed, the least recently used dropped first. A cache only: any server recomputes
 * what it lacks.
 */
export type CandleCache = {
  get(symbol: string, interval: CandleInterval, time: number): OhlcCandle | undefined;
  set(symbol: string, interval: CandleInterval, candle: OhlcCandle): void;
  readonly size: number;
};

export function createCandleCache(maxEntries: number): CandleCache {
  const entries = new Map<string, OhlcCandle>();
  const keyOf = (symbol: string, interval: CandleInterval, time: number) => `${symbol}|${interval}|${time}`;
  return {
    get(symbol, interval, time) {
      const key = keyOf(symbol, interval, time);
      const candle = entries.get(key);
      if (candle) {
        entries.delete(key);
        entries.set(key, candle);
      }
      return candle;
    },
    set(symbol, interval, candle) {
      const key = keyOf(symbol, interval, candle.time);
      entries.delete(key);
      entries.set(key, candle);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
