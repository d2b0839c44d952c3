import type { InstrumentSpec } from './instrument.ts';

/**
 * Date of the reference prices below. They are realistic, approximate levels for 2026-11-01
 * (rounded estimates, not exchange quotes) and serve only as the simulated market's starting
 * points: the simulation starts at REFERENCE_PRICES_DATE 00:00 UTC from these prices.
 */
export const REFERENCE_PRICES_DATE = '2026-11-01';

export const DEFAULT_CHART_SYMBOL = 'BTCUSD';
export const DEFAULT_TRADE_SYMBOL = 'EURUSD';

const CURRENCY_NAMES = {
  EUR: 'Euro',
  USD: 'US Dollar',
  GBP: 'British Pound',
  AUD: 'Australian Dollar',
  JPY: 'Japanese Yen',
  CAD: 'Canadian Dollar',
  CHF: 'Swiss Franc',
  NZD: 'New Zealand Dollar',
} as const;
type Currency = keyof typeof CURRENCY_NAMES;

const FOREX_VOLATILITY = 0.08;

/** Forex prices have 5 decimals, JPY-quoted pairs 3. Crosses are consistent with the USD pairs. */
function forexPair(
  base: Currency,
  quote: Currency,
  referencePrice: string,
  annualVolatility = FOREX_VOLATILITY,
) {
  return {
    symbol: `${base}${quote}`,
    class: 'forex',
    name: `${CURRENCY_NAMES[base]} / ${CURRENCY_NAMES[quote]}`,
    pricePrecision: quote === 'JPY' ? 3 : 5,
    referencePrice,
    annualVolatility,
    coingeckoId: null,
  } as const satisfies InstrumentSpec;
}

/**
 * Crypto precision follows the price: 2 decimals from 10 USD, 4 from 1 USD, 5 from 0.01 USD,
 * 8 below (SHIB), so that one tick stays at most 0.1 % of the price.
 */
function cryptoPair(
  coin: string,
  coinName: string,
  coingeckoId: string,
  referencePrice: string,
  pricePrecision: number,
  annualVolatility: number,
) {
  return {
    symbol: `${coin}USD`,
    class: 'crypto',
    name: `${coinName} / US Dollar`,
    pricePrecision,
    referencePrice,
    annualVolatility,
    coingeckoId,
  } as const satisfies InstrumentSpec;
}

function stock(symbol: string, name: string, referencePrice: string, annualVolatility: number) {
  return {
    symbol,
    class: 'stock',
    name,
    pricePrecision: 2,
    referencePrice,
    annualVolatility,
    coingeckoId: null,
  } as const satisfies InstrumentSpec;
}

const FOREX: readonly InstrumentSpec[] = [
  forexPair('EUR', 'USD', '1.16200'),
  forexPair('GBP', 'USD', '1.33100'),
  forexPair('AUD', 'USD', '0.65600', 0.09),
  forexPair('USD', 'JPY', '151.200', 0.09),
  forexPair('USD', 'CAD', '1.39500', 0.06),
  forexPair('USD', 'CHF', '0.79900'),
  forexPair('NZD', 'USD', '0.57600', 0.09),
  forexPair('EUR', 'GBP', '0.87303', 0.06),
  forexPair('EUR', 'JPY', '175.694', 0.09),
  forexPair('GBP', 'JPY', '201.247', 0.1),
  forexPair('AUD', 'JPY', '99.187', 0.1),
  forexPair('EUR', 'CHF', '0.92844', 0.06),
  forexPair('EUR', 'AUD', '1.77134'),
  forexPair('GBP', 'AUD', '2.02896'),
  forexPair('CAD', 'JPY', '108.387', 0.09),
  forexPair('NZD', 'JPY', '87.091', 0.1),
  forexPair('AUD', 'NZD', '1.13889', 0.06),
  forexPair('GBP', 'CHF', '1.06347'),
  forexPair('EUR', 'CAD', '1.62099', 0.07),
  forexPair('AUD', 'CAD', '0.91512'),
  forexPair('CHF', 'JPY', '189.237', 0.09),
  forexPair('NZD', 'CAD', '0.80352'),
];

const CRYPTO: readonly InstrumentSpec[] = [
  cryptoPair('BTC', 'Bitcoin', 'bitcoin', '108500.00', 2, 0.6),
  cryptoPair('ETH', 'Ethereum', 'ethereum', '3850.00', 2, 0.7),
  cryptoPair('LTC', 'Litecoin', 'litecoin', '98.50', 2, 0.8),
  cryptoPair('XRP', 'XRP', 'ripple', '2.4500', 4, 0.8),
  cryptoPair('BCH', 'Bitcoin Cash', 'bitcoin-cash', '540.00', 2, 0.8),
  cryptoPair('ADA', 'Cardano', 'cardano', '0.62000', 5, 0.8),
  cryptoPair('SOL', 'Solana', 'solana', '185.00', 2, 0.85),
  cryptoPair('DOT', 'Polkadot', 'polkadot', '3.1500', 4, 0.8),
  cryptoPair('BNB', 'BNB', 'binancecoin', '1050.00', 2, 0.6),
  cryptoPair('DOGE', 'Dogecoin', 'dogecoin', '0.19000', 5, 0.9),
  cryptoPair('SHIB', 'Shiba Inu', 'shiba-inu', '0.00001020', 8, 0.9),
  cryptoPair('AVAX', 'Avalanche', 'avalanche-2', '19.80', 2, 0.85),
  // MATIC was migrated to POL in 2024: CoinGecko's live id for it is polygon-ecosystem-token
  // (matic-network is the retired token). The symbol stays MATICUSD as in the seed.
  cryptoPair('MATIC', 'Polygon', 'polygon-ecosystem-token', '0.19000', 5, 0.85),
  cryptoPair('ATOM', 'Cosmos', 'cosmos', '3.2500', 4, 0.8),
  cryptoPair('LINK', 'Chainlink', 'chainlink', '17.50', 2, 0.8),
  cryptoPair('UNI', 'Uniswap', 'uniswap', '6.2000', 4, 0.85),
  cryptoPair('XLM', 'Stellar', 'stellar', '0.30000', 5, 0.8),
  cryptoPair('TRX', 'TRON', 'tron', '0.29500', 5, 0.6),
  cryptoPair('ALGO', 'Algorand', 'algorand', '0.18500', 5, 0.85),
  cryptoPair('FTM', 'Fantom', 'fantom', '0.45000', 5, 0.9),
  cryptoPair('NEAR', 'NEAR Protocol', 'near', '2.4500', 4, 0.85),
  cryptoPair('HBAR', 'Hedera', 'hedera-hashgraph', '0.18500', 5, 0.85),
  cryptoPair('ICP', 'Internet Computer', 'internet-computer', '4.2000', 4, 0.85),
  cryptoPair('FIL', 'Filecoin', 'filecoin', '1.9500', 4, 0.85),
  cryptoPair('AAVE', 'Aave', 'aave', '225.00', 2, 0.85),
  cryptoPair('GRT', 'The Graph', 'the-graph', '0.07200', 5, 0.9),
];

/** All 29 tickers the seed names (it announces 28). Prices in USD, 2 decimals. */
const STOCKS: readonly InstrumentSpec[] = [
  stock('AAPL', 'Apple Inc.', '270.00', 0.28),
  stock('TSLA', 'Tesla, Inc.', '440.00', 0.4),
  stock('AMZN', 'Amazon.com, Inc.', '245.00', 0.32),
  stock('MSFT', 'Microsoft Corporation', '515.00', 0.25),
  stock('GOOGL', 'Alphabet Inc. Class A', '280.00', 0.3),
  stock('META', 'Meta Platforms, Inc.', '700.00', 0.35),
  stock('NVDA', 'NVIDIA Corporation', '200.00', 0.4),
  stock('BRK.B', 'Berkshire Hathaway Inc. Class B', '490.00', 0.25),
  stock('V', 'Visa Inc.', '345.00', 0.25),
  stock('JNJ', 'Johnson & Johnson', '190.00', 0.25),
  stock('WMT', 'Walmart Inc.', '102.00', 0.25),
  stock('PG', 'The Procter & Gamble Company', '150.00', 0.25),
  stock('JPM', 'JPMorgan Chase & Co.', '310.00', 0.28),
  stock('DIS', 'The Walt Disney Company', '112.00', 0.3),
  // After Netflix's 10-for-1 split of November 2025.
  stock('NFLX', 'Netflix, Inc.', '110.00', 0.35),
  stock('KO', 'The Coca-Cola Company', '69.00', 0.25),
  stock('PEP', 'PepsiCo, Inc.', '148.00', 0.25),
  stock('XOM', 'Exxon Mobil Corporation', '115.00', 0.28),
  stock('CVX', 'Chevron Corporation', '155.00', 0.28),
  stock('INTC', 'Intel Corporation', '38.00', 0.4),
  stock('CSCO', 'Cisco Systems, Inc.', '72.00', 0.28),
  stock('BA', 'The Boeing Company', '215.00', 0.35),
  stock('IBM', 'International Business Machines Corporation', '300.00', 0.28),
  stock('MMM', '3M Company', '165.00', 0.28),
  stock('GE', 'GE Aerospace', '300.00', 0.32),
  stock('NKE', 'NIKE, Inc.', '65.00', 0.35),
  stock('ORCL', 'Oracle Corporation', '250.00', 0.4),
  stock('ADBE', 'Adobe Inc.', '340.00', 0.35),
  stock('CRM', 'Salesforce, Inc.', '250.00', 0.35),
];

/** The catalogue of seed-spec §3: 22 forex pairs, 26 crypto pairs against USD, 29 stocks. */
export const INSTRUMENTS: readonly InstrumentSpec[] = Object.freeze(
  [...FOREX, ...CRYPTO, ...STOCKS].map((spec) => Object.freeze(spec)),
);

const BY_SYMBOL: ReadonlyMap<string, InstrumentSpec> = new Map(
  INSTRUMENTS.map((spec) => [spec.symbol, spec]),
);

/** The instrument with that symbol, in any letter case ("btcusd" finds BTCUSD). */
export function findInstrument(symbol: string): InstrumentSpec | undefined {
  return BY_SYMBOL.get(symbol.toUpperCase());
}
