import { type CandleInterval, INTERVAL_SECONDS, type OhlcCandle } from './candle.ts';

/**
 * Start of the interval bucket that contains `unixSeconds`: buckets are aligned to multiples of the
 * interval length since the Unix epoch, so 1d buckets start at 00:00 UTC and 4h ones at 00, 04 … UTC.
 */
export function alignToInterval(unixSeconds: number, interval: CandleInterval): number {
  const length = INTERVAL_SECONDS[interval];
  return Math.floor(unixSeconds / length) * length + 0; // + 0 turns -0 into 0
}

const NON_NEGATIVE_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * Compares two non-negative decimal strings exactly ("10.5" vs "9.75"): -1, 0 or 1. Leading zeros
 * and trailing fraction zeros do not matter ("01.50" equals "1.5"). Throws on anything else.
 */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [wholeA, fractionA] = splitDecimal(a);
  const [wholeB, fractionB] = splitDecimal(b);
  if (wholeA.length !== wholeB.length) return wholeA.length < wholeB.length ? -1 : 1;
  if (wholeA !== wholeB) return wholeA < wholeB ? -1 : 1;
  const width = Math.max(fractionA.length, fractionB.length);
  const paddedA = fractionA.padEnd(width, '0');
  const paddedB = fractionB.padEnd(width, '0');
  if (paddedA === paddedB) return 0;
  return paddedA < paddedB ? -1 : 1;
}

function splitDecimal(text: string): [whole: string, fraction: string] {
  const match = NON_NEGATIVE_DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a non-negative decimal: ${JSON.stringify(text)}`);
  const [, whole = '0', fraction = ''] = match;
  return [whole.replace(/^0+(?=\d)/, ''), fraction];
}

/**
 * Groups 1-minute candles (sorted by time; missing minutes are simply absent) into buckets of
 * `interval`: open of the first minute in the bucket, close of the last, high and low over all of
 * them. A bucket without any minute is absent: no candle is made up.
 */
export function aggregateCandles(oneMinute: readonly OhlcCandle[], interval: CandleInterval): OhlcCandle[] {
  const buckets: OhlcCandle[] = [];
  let current: OhlcCandle | undefined;
  let previousTime = Number.NEGATIVE_INFINITY;
  for (const minute of oneMinute) {
    if (!(minute.time > previousTime)) {
      throw new RangeError(`1-minute candles must be sorted by time without repeats (at ${minute.time})`);
    }
    previousTime = minute.time;
    const time = alignToInterval(minute.time, interval);
    if (current?.time === time) {
      if (compareDecimal(minute.high, current.high) > 0) current.high = minute.high;
      if (compareDecimal(minute.low, current.low) < 0) current.low = minute.low;
      current.close = minute.close;
    } else {
      current = { time, open: minute.open, high: minute.high, low: minute.low, close: minute.close };
      buckets.push(current);
    }
  }
  return buckets;
}
