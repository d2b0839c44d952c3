export const INSTRUMENT_CLASSES = ['forex', 'crypto', 'stock'] as const;
export type InstrumentClass = (typeof INSTRUMENT_CLASSES)[number];

/** One tradable instrument of the catalogue (seed-spec §3 asset lists). */
export type InstrumentSpec = {
  /** EURUSD, BTCUSD, AAPL, BRK.B … */
  symbol: string;
  class: InstrumentClass;
  /** "Euro / US Dollar", "Bitcoin / US Dollar", "Apple Inc." */
  name: string;
  /** Decimals of a price: 5 for most forex, 3 for JPY pairs, 2 for stocks, by price for crypto. */
  pricePrecision: number;
  /** Realistic price on REFERENCE_PRICES_DATE: where the simulated market starts. */
  referencePrice: string;
  /** Yearly volatility used by the simulated market (0.08 = 8 %). */
  annualVolatility: number;
  /** CoinGecko's coin id for crypto pairs (bitcoin, ethereum …), else null. */
  coingeckoId: string | null;
};
