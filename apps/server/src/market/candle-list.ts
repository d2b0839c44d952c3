import type { OhlcCandle } from '@candor/domain/market/candle';
import { blockJson, type CandleBlock, candleJson } from './candle-cache.ts';

/** Candles of a response, oldest first: as objects (for computing) or as one JSON array (to send). */
export type CandleList = {
  readonly length: number;
  toArray(): OhlcCandle[];
  toJson(): string;
};

/** A run of candles [first, end) of a cached block. */
export type BlockSlice = { block: CandleBlock; first: number; end: number };

/**
 * The list of cached block slices, then `tail` (candles not cached: the open one). Whole blocks are
 * sent as the JSON they were serialised to once, so a year of hourly candles is ~370 string joins.
 */
export function candleListOf(slices: readonly BlockSlice[], tail: readonly OhlcCandle[] = []): CandleList {
  const length = slices.reduce((sum, s) => sum + (s.end - s.first), tail.length);
  return {
    length,
    toArray() {
      const candles: OhlcCandle[] = [];
      for (const { block, first, end } of slices) {
        for (let i = first; i < end; i++) candles.push(block.candles[i] as OhlcCandle);
      }
      candles.push(...tail);
      return candles;
    },
    toJson() {
      const parts: string[] = [];
      for (const { block, first, end } of slices) {
        if (first === end) continue;
        if (first === 0 && end === block.candles.length) parts.push(blockJson(block));
        else parts.push(block.candles.slice(first, end).map(candleJson).join(','));
      }
      for (const candle of tail) parts.push(candleJson(candle));
      return `[${parts.join(',')}]`;
    },
  };
}

/** A list of candles that are not cached (stored candles of a real source). */
export function plainCandleList(candles: OhlcCandle[]): CandleList {
  return {
    length: candles.length,
    toArray: () => candles,
    toJson: () => `[${candles.map(candleJson).join(',')}]`,
  };
}
