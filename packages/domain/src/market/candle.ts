/**
 * Candles in the domain: prices are exact decimal strings with the instrument's precision; `time`
 * is the start of the candle's interval in Unix seconds (UTC).
 */
export type OhlcCandle = { time: number; open: string; high: string; low: string; close: string };

export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

/** PRODUCT.md §1: the dashboard's and the trades page's charts open on 60-minute candles. */
export const DEFAULT_CHART_INTERVAL: CandleInterval = '1h';

export const INTERVAL_SECONDS = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3600,
  '4h': 14_400,
  '1d': 86_400,
} as const satisfies Record<CandleInterval, number>;
