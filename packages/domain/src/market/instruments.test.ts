import { describe, expect, test } from 'vitest';
import type { InstrumentClass } from './instrument.ts';
import {
  DEFAULT_CHART_SYMBOL,
  DEFAULT_TRADE_SYMBOL,
  findInstrument,
  INSTRUMENTS,
  REFERENCE_PRICES_DATE,
} from './instruments.ts';

/** The asset lists of seed-spec §3, in its order. */
// biome-ignore format: the lists are laid out to be read against the spec
const SEED_LISTS: Record<InstrumentClass, string[]> = {
  forex: [
    'EURUSD', 'GBPUSD', 'AUDUSD', 'USDJPY', 'USDCAD', 'USDCHF', 'NZDUSD', 'EURGBP', 'EURJPY', 'GBPJPY', 'AUDJPY',
    'EURCHF', 'EURAUD', 'GBPAUD', 'CADJPY', 'NZDJPY', 'AUDNZD', 'GBPCHF', 'EURCAD', 'AUDCAD', 'CHFJPY', 'NZDCAD',
  ],
  crypto: [
    'BTC', 'ETH', 'LTC', 'XRP', 'BCH', 'ADA', 'SOL', 'DOT', 'BNB', 'DOGE', 'SHIB', 'AVAX', 'MATIC', 'ATOM', 'LINK',
    'UNI', 'XLM', 'TRX', 'ALGO', 'FTM', 'NEAR', 'HBAR', 'ICP', 'FIL', 'AAVE', 'GRT',
  ].map((coin) => `${coin}USD`),
  stock: [
    'AAPL', 'TSLA', 'AMZN', 'MSFT', 'GOOGL', 'META', 'NVDA', 'BRK.B', 'V', 'JNJ', 'WMT', 'PG', 'JPM', 'DIS', 'NFLX',
    'KO', 'PEP', 'XOM', 'CVX', 'INTC', 'CSCO', 'BA', 'IBM', 'MMM', 'GE', 'NKE', 'ORCL', 'ADBE', 'CRM',
  ],
};

const ofClass = (instrumentClass: InstrumentClass) =>
  INSTRUMENTS.filter((spec) => spec.class === instrumentClass);

describe('the catalogue', () => {
  test.each([
    ['forex', 22],
    ['crypto', 26],
    ['stock', 29],
  ] as const)('%s has %i instruments', (instrumentClass, count) => {
    expect(ofClass(instrumentClass)).toHaveLength(count);
  });

  test.each(['forex', 'crypto', 'stock'] as const)(
    'lists the %s symbols of the seed, in its order',
    (instrumentClass) => {
      expect(ofClass(instrumentClass).map((spec) => spec.symbol)).toEqual(SEED_LISTS[instrumentClass]);
    },
  );

  test('holds 77 distinct upper-case symbols', () => {
    const symbols = INSTRUMENTS.map((spec) => spec.symbol);
    expect(new Set(symbols).size).toBe(77);
    for (const symbol of symbols) expect(symbol).toBe(symbol.toUpperCase());
  });

  test('every crypto pair has its own CoinGecko id and nothing else has one', () => {
    const ids = ofClass('crypto').map((spec) => spec.coingeckoId);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]+$/);
    expect(new Set(ids).size).toBe(26);
    for (const spec of INSTRUMENTS.filter((s) => s.class !== 'crypto')) expect(spec.coingeckoId).toBeNull();
    expect(findInstrument('BTCUSD')?.coingeckoId).toBe('bitcoin');
    expect(findInstrument('XRPUSD')?.coingeckoId).toBe('ripple');
    expect(findInstrument('AVAXUSD')?.coingeckoId).toBe('avalanche-2');
  });

  test('forex prices have 5 decimals, JPY-quoted pairs 3, stocks 2', () => {
    for (const spec of ofClass('forex'))
      expect(spec.pricePrecision).toBe(spec.symbol.endsWith('JPY') ? 3 : 5);
    for (const spec of ofClass('stock')) expect(spec.pricePrecision).toBe(2);
  });

  test.each([
    ['BTCUSD', 2],
    ['ETHUSD', 2],
    ['XRPUSD', 4],
    ['DOGEUSD', 5],
    ['SHIBUSD', 8],
  ])('%s prices have %i decimals', (symbol, precision) => {
    expect(findInstrument(symbol)?.pricePrecision).toBe(precision);
  });

  test('crypto precision follows the price: 2 decimals from 10, 4 from 1, 5 from 0.01, 8 below', () => {
    for (const spec of ofClass('crypto')) {
      const price = Number(spec.referencePrice);
      const expected = price >= 10 ? 2 : price >= 1 ? 4 : price >= 0.01 ? 5 : 8;
      expect({ symbol: spec.symbol, precision: spec.pricePrecision }).toEqual({
        symbol: spec.symbol,
        precision: expected,
      });
    }
  });

  test('every reference price is a positive decimal written with at most its precision', () => {
    for (const spec of INSTRUMENTS) {
      const decimals = spec.referencePrice.split('.')[1]?.length ?? 0;
      expect(spec.referencePrice).toMatch(/^\d+(\.\d+)?$/);
      expect(decimals).toBeLessThanOrEqual(spec.pricePrecision);
      expect(Number(spec.referencePrice)).toBeGreaterThan(0);
    }
  });

  test('one tick is at most 0.1 % of the reference price and not absurdly fine', () => {
    for (const spec of INSTRUMENTS) {
      const ticksInPrice = Number(spec.referencePrice) * 10 ** spec.pricePrecision;
      expect(ticksInPrice, spec.symbol).toBeGreaterThanOrEqual(1000);
      expect(ticksInPrice, spec.symbol).toBeLessThan(1e8);
    }
  });

  test('forex crosses agree with the USD pairs within 0.1 %', () => {
    const usdValue = (currency: string): number => {
      if (currency === 'USD') return 1;
      const direct = findInstrument(`${currency}USD`);
      if (direct) return Number(direct.referencePrice);
      return 1 / Number(findInstrument(`USD${currency}`)?.referencePrice);
    };
    for (const spec of ofClass('forex')) {
      const implied = usdValue(spec.symbol.slice(0, 3)) / usdValue(spec.symbol.slice(3));
      expect(Math.abs(Number(spec.referencePrice) / implied - 1), spec.symbol).toBeLessThan(0.001);
    }
  });

  test.each([
    ['forex', 0.05, 0.12],
    ['crypto', 0.6, 0.9],
    ['stock', 0.25, 0.4],
  ] as const)('%s volatility lies between %f and %f a year', (instrumentClass, low, high) => {
    for (const spec of ofClass(instrumentClass)) {
      expect(spec.annualVolatility).toBeGreaterThanOrEqual(low);
      expect(spec.annualVolatility).toBeLessThanOrEqual(high);
    }
  });

  test.each([
    ['EURUSD', 'Euro / US Dollar'],
    ['USDJPY', 'US Dollar / Japanese Yen'],
    ['AUDNZD', 'Australian Dollar / New Zealand Dollar'],
    ['BTCUSD', 'Bitcoin / US Dollar'],
    ['SHIBUSD', 'Shiba Inu / US Dollar'],
    ['AAPL', 'Apple Inc.'],
    ['BRK.B', 'Berkshire Hathaway Inc. Class B'],
  ])('%s is called "%s"', (symbol, name) => {
    expect(findInstrument(symbol)?.name).toBe(name);
  });

  test('the reference date is an ISO calendar date', () => {
    expect(REFERENCE_PRICES_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  test('the catalogue cannot be changed by a caller', () => {
    expect(Object.isFrozen(INSTRUMENTS)).toBe(true);
    expect(Object.isFrozen(INSTRUMENTS[0])).toBe(true);
  });
});

describe('findInstrument', () => {
  test.each([
    ['BTCUSD', 'BTCUSD'],
    ['btcusd', 'BTCUSD'],
    ['EurUsd', 'EURUSD'],
    ['brk.b', 'BRK.B'],
  ])('finds %s as %s', (input, symbol) => {
    expect(findInstrument(input)?.symbol).toBe(symbol);
  });

  test.each(['', 'XXXUSD', 'BTC', 'BRKB', ' BTCUSD'])('finds nothing for %j', (input) => {
    expect(findInstrument(input)).toBeUndefined();
  });

  test('the default chart and trade symbols are in the catalogue', () => {
    expect(findInstrument(DEFAULT_CHART_SYMBOL)?.class).toBe('crypto');
    expect(findInstrument(DEFAULT_TRADE_SYMBOL)?.class).toBe('forex');
  });
});
