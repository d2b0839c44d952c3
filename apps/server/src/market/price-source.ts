import type { PriceSourceId } from '@candor/contracts/market';

/** One observed price. Prices are exact decimal strings with the instrument's precision. */
export type Tick = {
  symbol: string;
  price: string;
  time: Date;
  source: PriceSourceId;
  /** Change over 24 hours in percent, two decimals, signed; null when the source does not know. */
  change24hPercent: string | null;
};

/**
 * Where prices come from. The market service asks each configured source for the symbols it
 * covers; the simulated market covers everything no other source does.
 */
export type PriceSource = {
  id: PriceSourceId;
  /** Whether this source prices the symbol. */
  covers(symbol: string): boolean;
  /** The last known price, or undefined before the first one. */
  latest(symbol: string): Tick | undefined;
  /** True when the last price is too old to trade on (the source is down or slow). */
  isStale(symbol: string, now: Date): boolean;
  /** Begins producing ticks. */
  start(onTick: (tick: Tick) => void): void;
  stop(): Promise<void>;
};
