import type { InstrumentClass } from '../market/instrument.ts';

/** The classes a default signals list takes turns between: crypto first, then forex, then stocks. */
export const DEFAULT_SIGNAL_CLASS_ORDER = [
  'crypto',
  'forex',
  'stock',
] as const satisfies readonly InstrumentClass[];

/**
 * The instruments a signals list rates when the customer chose none: the catalogue taken in turns,
 * one crypto pair, one forex pair, one stock, and again, each class in catalogue order (so the
 * majors come first: BTCUSD, EURUSD, AAPL, ETHUSD, GBPUSD, TSLA …), the first `count` of them
 * (every instrument when `count` is null).
 */
export function defaultSignalInstruments<T extends { symbol: string; class: InstrumentClass }>(
  catalogue: readonly T[],
  count: number | null,
): T[] {
  const queues = DEFAULT_SIGNAL_CLASS_ORDER.map((kind) => catalogue.filter((item) => item.class === kind));
  const ordered: T[] = [];
  for (let index = 0; queues.some((queue) => index < queue.length); index++) {
    for (const queue of queues) {
      const item = queue[index];
      if (item) ordered.push(item);
    }
  }
  const rest = catalogue.filter((item) => !ordered.includes(item));
  const all = [...ordered, ...rest];
  return count === null ? all : all.slice(0, count);
}
