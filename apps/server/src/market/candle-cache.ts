import type { CandleInterval, OhlcCandle } from '@candor/domain/market/candle';

/** Consecutive intervals kept together: a day of hourly candles, 24 days of daily ones. */
export const BLOCK_CANDLES = 24;

/**
 * Closed candles of one block (BLOCK_CANDLES intervals from `start`), oldest first, with their
 * JSON once a response has needed it. A block may hold fewer candles while its last ones are not
 * closed yet (the block that holds "now").
 */
export type CandleBlock = {
  readonly start: number;
  readonly candles: readonly OhlcCandle[];
  /** The candles as JSON array items joined by commas; set when first serialised. */
  json?: string;
};

/**
 * Closed simulated candles never change (they are a pure function of time and seed), so they are
 * kept once computed, by blocks, the least recently used block dropped first. A cache only: any
 * server recomputes what it lacks. The size and the limit count candles, not blocks.
 */
export type CandleCache = {
  get(symbol: string, interval: CandleInterval, start: number): CandleBlock | undefined;
  set(symbol: string, interval: CandleInterval, block: CandleBlock): void;
  readonly size: number;
};

export function createCandleCache(maxCandles: number): CandleCache {
  const blocks = new Map<string, CandleBlock>();
  let size = 0;
  const keyOf = (symbol: string, interval: CandleInterval, start: number) => `${symbol}|${interval}|${start}`;
  const remove = (key: string) => {
    const block = blocks.get(key);
    if (!block) return;
    blocks.delete(key);
    size -= block.candles.length;
  };
  return {
    get(symbol, interval, start) {
      const key = keyOf(symbol, interval, start);
      const block = blocks.get(key);
      if (block) {
        blocks.delete(key);
        blocks.set(key, block);
      }
      return block;
    },
    set(symbol, interval, block) {
      const key = keyOf(symbol, interval, block.start);
      remove(key);
      blocks.set(key, block);
      size += block.candles.length;
      while (size > maxCandles) {
        const oldest = blocks.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
    },
    get size() {
      return size;
    },
  };
}

/** One candle as JSON, keys in the contract's order (CandleSchema). */
export function candleJson(candle: OhlcCandle): string {
  return `{"time":${candle.time},"open":${JSON.stringify(candle.open)},"high":${JSON.stringify(candle.high)},"low":${JSON.stringify(candle.low)},"close":${JSON.stringify(candle.close)}}`;
}

/** The block's candles as JSON array items, serialised once and kept on the block. */
export function blockJson(block: CandleBlock): string {
  block.json ??= block.candles.map(candleJson).join(',');
  return block.json;
}
