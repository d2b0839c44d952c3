import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type CandleInterval, INTERVAL_SECONDS, type OhlcCandle } from '@candor/domain/market/candle';
import { aggregateCandles, alignToInterval, compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import {
  type SimulationSettings,
  simulatedCandles,
  simulatedPriceAt,
} from '@candor/domain/market/simulated-market';
import { BLOCK_CANDLES, type CandleBlock, type CandleCache, createCandleCache } from './candle-cache.ts';
import { type BlockSlice, type CandleList, candleListOf } from './candle-list.ts';
import type { CandleRange } from './candle-range.ts';

/** Seconds of simulated history computed between two yields to the event loop (~5 ms of work). */
const SECONDS_PER_SLICE = 86_400;
const MINUTE = 60;
const HOUR = 3600;

export type SimulatedHistory = {
  /**
   * Candles of `interval` whose start lies in [align(from), to], oldest first. Closed candles come
   * from the pure function (cached by blocks); the interval holding `nowSeconds` is built from the
   * seconds up to now only, so no candle shows a price of the future.
   */
  read(
    spec: InstrumentSpec,
    interval: CandleInterval,
    range: CandleRange,
    nowSeconds: number,
  ): Promise<CandleList>;
};

export function createSimulatedHistory(
  settings: SimulationSettings,
  cache: CandleCache = createCandleCache(100_000),
): SimulatedHistory {
  /**
   * The block of `interval` starting at `start`, holding at least the candles before `needEnd`;
   * what it lacks is computed up to the block's end or `closedUntil` (the first interval not
   * closed), whichever comes first, and cached.
   */
  async function closedBlock(
    spec: InstrumentSpec,
    interval: CandleInterval,
    start: number,
    needEnd: number,
    closedUntil: number,
  ): Promise<CandleBlock> {
    const length = INTERVAL_SECONDS[interval];
    const cached = cache.get(spec.symbol, interval, start);
    const have = start + (cached?.candles.length ?? 0) * length;
    if (cached && have >= needEnd) return cached;
    const computeEnd = Math.min(start + BLOCK_CANDLES * length, closedUntil);
    const perSlice = Math.max(1, Math.floor(SECONDS_PER_SLICE / length)) * length;
    const candles = [...(cached?.candles ?? [])];
    for (let from = have; from < computeEnd; from += perSlice) {
      candles.push(
        ...simulatedCandles(spec, settings, from, Math.min(computeEnd, from + perSlice), interval),
      );
      await yieldToEventLoop();
    }
    const block = { start, candles };
    cache.set(spec.symbol, interval, block);
    return block;
  }

  /** Closed candles starting at first, first + length, … < end (end ≤ closedUntil), by blocks. */
  async function closedSlices(
    spec: InstrumentSpec,
    interval: CandleInterval,
    first: number,
    end: number,
    closedUntil: number,
  ): Promise<BlockSlice[]> {
    const length = INTERVAL_SECONDS[interval];
    const blockSpan = BLOCK_CANDLES * length;
    const slices: BlockSlice[] = [];
    if (first >= end) return slices;
    for (let start = Math.floor(first / blockSpan) * blockSpan; start < end; start += blockSpan) {
      const needEnd = Math.min(end, start + blockSpan);
      const block = await closedBlock(spec, interval, start, needEnd, closedUntil);
      slices.push({
        block,
        first: Math.max(0, (first - start) / length),
        end: (needEnd - start) / length,
      });
    }
    return slices;
  }

  async function closedCandles(
    spec: InstrumentSpec,
    interval: CandleInterval,
    first: number,
    end: number,
  ): Promise<OhlcCandle[]> {
    return candleListOf(await closedSlices(spec, interval, first, end, end)).toArray();
  }

  /** The candle of the interval starting at `start` that holds `nowSeconds`, from its past seconds only. */
  async function openCandle(
    spec: InstrumentSpec,
    interval: CandleInterval,
    start: number,
    nowSeconds: number,
  ): Promise<OhlcCandle | undefined> {
    const minuteStart = alignToInterval(nowSeconds, '1m');
    const hourStart = Math.max(start, alignToInterval(nowSeconds, '1h'));
    const parts: OhlcCandle[] = [];
    if (INTERVAL_SECONDS[interval] > HOUR) parts.push(...(await closedCandles(spec, '1h', start, hourStart)));
    parts.push(...(await closedCandles(spec, '1m', hourStart, minuteStart)));
    parts.push(openMinute(spec, minuteStart, nowSeconds));
    return aggregateCandles(parts, interval)[0];
  }

  function openMinute(spec: InstrumentSpec, minuteStart: number, nowSeconds: number): OhlcCandle {
    const open = simulatedPriceAt(spec, settings, minuteStart);
    const candle = { time: minuteStart, open, high: open, low: open, close: open };
    for (let second = minuteStart + 1; second <= nowSeconds && second < minuteStart + MINUTE; second++) {
      const price = simulatedPriceAt(spec, settings, second);
      if (compareDecimal(price, candle.high) > 0) candle.high = price;
      if (compareDecimal(price, candle.low) < 0) candle.low = price;
      candle.close = price;
    }
    return candle;
  }

  return {
    async read(spec, interval, { from, to }, nowSeconds) {
      if (from > to) return candleListOf([]);
      const length = INTERVAL_SECONDS[interval];
      const first = alignToInterval(from, interval);
      const last = alignToInterval(Math.min(to, nowSeconds), interval);
      const current = alignToInterval(nowSeconds, interval);
      const slices = await closedSlices(spec, interval, first, Math.min(last + length, current), current);
      const open = last === current ? await openCandle(spec, interval, current, nowSeconds) : undefined;
      return candleListOf(slices, open ? [open] : []);
    },
  };
}
