import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type CandleInterval, INTERVAL_SECONDS, type OhlcCandle } from '@candor/domain/market/candle';
import { aggregateCandles, alignToInterval, compareDecimal } from '@candor/domain/market/candles';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import {
  type SimulationSettings,
  simulatedCandles,
  simulatedPriceAt,
} from '@candor/domain/market/simulated-market';
import { type CandleCache, createCandleCache } from './candle-cache.ts';
import type { CandleRange } from './candle-range.ts';

/** Seconds of simulated history computed between two yields to the event loop (~5 ms of work). */
const SECONDS_PER_SLICE = 86_400;
const MINUTE = 60;
const HOUR = 3600;

export type SimulatedHistory = {
  /**
   * Candles of `interval` whose start lies in [align(from), to], oldest first. Closed candles come
   * from the pure function (cached); the interval holding `nowSeconds` is built from the seconds
   * up to now only, so no candle shows a price of the future.
   */
  read(
    spec: InstrumentSpec,
    interval: CandleInterval,
    range: CandleRange,
    nowSeconds: number,
  ): Promise<OhlcCandle[]>;
};

export function createSimulatedHistory(
  settings: SimulationSettings,
  cache: CandleCache = createCandleCache(100_000),
): SimulatedHistory {
  /** Closed candles starting at first, first + length, … < end; computed in slices that yield. */
  async function closedCandles(
    spec: InstrumentSpec,
    interval: CandleInterval,
    first: number,
    end: number,
  ): Promise<OhlcCandle[]> {
    const length = INTERVAL_SECONDS[interval];
    const perSlice = Math.max(1, Math.floor(SECONDS_PER_SLICE / length));
    const result: OhlcCandle[] = [];
    let missingFrom: number | undefined;
    const computeMissing = async (until: number) => {
      if (missingFrom === undefined) return;
      for (let start = missingFrom; start < until; start += perSlice * length) {
        const sliceEnd = Math.min(until, start + perSlice * length);
        for (const candle of simulatedCandles(spec, settings, start, sliceEnd, interval)) {
          cache.set(spec.symbol, interval, candle);
          result.push(candle);
        }
        if (sliceEnd < until) await yieldToEventLoop();
      }
      missingFrom = undefined;
    };
    for (let time = first; time < end; time += length) {
      const cached = cache.get(spec.symbol, interval, time);
      if (cached) {
        await computeMissing(time);
        result.push(cached);
      } else {
        missingFrom ??= time;
      }
    }
    await computeMissing(end);
    return result;
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
      if (from > to) return [];
      const length = INTERVAL_SECONDS[interval];
      const first = alignToInterval(from, interval);
      const last = alignToInterval(Math.min(to, nowSeconds), interval);
      const current = alignToInterval(nowSeconds, interval);
      const candles = await closedCandles(spec, interval, first, Math.min(last + length, current));
      if (last === current) {
        const open = await openCandle(spec, interval, current, nowSeconds);
        if (open) candles.push(open);
      }
      return candles;
    },
  };
}
