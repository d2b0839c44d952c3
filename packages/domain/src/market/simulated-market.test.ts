import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { CandleInterval } from './candle.ts';
import { aggregateCandles, compareDecimal } from './candles.ts';
import type { InstrumentSpec } from './instrument.ts';
import { findInstrument, INSTRUMENTS } from './instruments.ts';
import {
  REFERENCE_ORIGIN_SECONDS,
  roundHalfUpToDecimal,
  SECONDS_PER_YEAR,
  type SimulationSettings,
  simulatedCandles,
  simulatedMinuteCandle,
  simulatedPriceAt,
} from './simulated-market.ts';

const ORIGIN = REFERENCE_ORIGIN_SECONDS;
const SETTINGS: SimulationSettings = { seed: 20_261_101, originSeconds: ORIGIN };
const HOUR = 3600;
const DAY = 86_400;

const instrument = (symbol: string): InstrumentSpec => {
  const spec = findInstrument(symbol);
  if (!spec) throw new Error(`missing ${symbol}`);
  return spec;
};
const BTC = instrument('BTCUSD');
const EURUSD = instrument('EURUSD');
const SHIB = instrument('SHIBUSD');

const anyInstrument = fc.constantFrom(...INSTRUMENTS);
/** A whole second within a year either side of the origin. */
const secondWithinAYear = fc.integer({ min: ORIGIN - SECONDS_PER_YEAR, max: ORIGIN + SECONDS_PER_YEAR });
const minuteWithinAYear = secondWithinAYear.map((t) => t - (t % 60));
const pricePattern = (spec: InstrumentSpec) =>
  new RegExp(spec.pricePrecision === 0 ? '^\\d+$' : `^\\d+\\.\\d{${spec.pricePrecision}}$`);

describe('the origin', () => {
  test('is 2026-11-01T00:00:00Z', () => {
    expect(ORIGIN).toBe(1_793_491_200);
    expect(new Date(ORIGIN * 1000).toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });

  test('every instrument starts at its reference price', () => {
    for (const spec of INSTRUMENTS) {
      expect(simulatedPriceAt(spec, SETTINGS, ORIGIN)).toBe(
        Number(spec.referencePrice).toFixed(spec.pricePrecision),
      );
    }
  });
});

describe('roundHalfUpToDecimal', () => {
  test.each([
    ['a tie rounds up', 0.125, 2, '0.13'],
    ['a tie rounds up to a whole number', 2.5, 0, '3'],
    ['1.005 is stored below the tie and rounds down', 1.005, 2, '1.00'],
    ['a tiny value keeps plain digits', 1e-8, 8, '0.00000001'],
    ['a SHIB-sized price keeps 8 decimals', 0.00001234567, 8, '0.00001235'],
    ['a large price keeps its digits', 123_456_789.125, 2, '123456789.13'],
    ['zero keeps its decimals', 0, 5, '0.00000'],
    ['the largest plain value', 1e20, 2, '100000000000000000000.00'],
  ])('%s: %f at %i decimals is %s', (_scenario, value, decimals, text) => {
    expect(roundHalfUpToDecimal(value, decimals)).toBe(text);
  });

  test.each([
    [-0.01, 2],
    [Number.NaN, 2],
    [Number.POSITIVE_INFINITY, 2],
    [1e21, 2],
    [1, -1],
    [1, 1.5],
  ])('refuses %f at %f decimals', (value, decimals) => {
    expect(() => roundHalfUpToDecimal(value, decimals)).toThrow(RangeError);
  });
});

describe('simulatedPriceAt', () => {
  test('the same seed gives the same prices', () => {
    fc.assert(
      fc.property(anyInstrument, secondWithinAYear, (spec, t) => {
        expect(simulatedPriceAt(spec, { ...SETTINGS }, t)).toBe(simulatedPriceAt(spec, SETTINGS, t));
      }),
      { numRuns: 300 },
    );
  });

  test('another seed gives another path', () => {
    const times = Array.from({ length: 20 }, (_, i) => ORIGIN + (i + 1) * HOUR);
    const a = times.map((t) => simulatedPriceAt(BTC, { ...SETTINGS, seed: 1 }, t));
    const b = times.map((t) => simulatedPriceAt(BTC, { ...SETTINGS, seed: 2 }, t));
    expect(a.filter((price, i) => price !== b[i]).length).toBeGreaterThanOrEqual(18);
  });

  test('prices are positive decimals with the instrument precision, never in exponent notation', () => {
    fc.assert(
      fc.property(anyInstrument, secondWithinAYear, fc.integer(), (spec, t, seed) => {
        const price = simulatedPriceAt(spec, { ...SETTINGS, seed }, t);
        expect(price).toMatch(pricePattern(spec));
        expect(compareDecimal(price, '0')).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  test('within a year prices stay within 6 standard deviations of the reference price', () => {
    fc.assert(
      fc.property(anyInstrument, secondWithinAYear, fc.integer(), (spec, t, seed) => {
        const price = Number(simulatedPriceAt(spec, { ...SETTINGS, seed }, t));
        const deviations = Math.abs(Math.log(price / Number(spec.referencePrice))) / spec.annualVolatility;
        expect(deviations).toBeLessThan(6);
      }),
      { numRuns: 500 },
    );
  });

  test('SHIB keeps 8 plain decimals over a year', () => {
    for (let day = -365; day <= 365; day += 5) {
      expect(simulatedPriceAt(SHIB, SETTINGS, ORIGIN + day * DAY)).toMatch(/^0\.\d{8}$/);
    }
  });

  test.each([
    ['BTCUSD', 0.6],
    ['EURUSD', 0.08],
    ['AAPL', 0.28],
  ])('%s: daily returns over a year show an annual volatility of %f', (symbol, volatility) => {
    const spec = instrument(symbol);
    const closes = Array.from({ length: 366 }, (_, day) =>
      Number(simulatedPriceAt(spec, SETTINGS, ORIGIN + day * DAY)),
    );
    const returns = closes.slice(1).map((close, i) => Math.log(close / (closes[i] ?? close)));
    const realised = Math.sqrt((returns.reduce((sum, r) => sum + r ** 2, 0) / returns.length) * 365.25);
    expect(realised / volatility).toBeGreaterThan(0.8);
    expect(realised / volatility).toBeLessThan(1.2);
  });

  test('BTCUSD: one-second returns over two hours match its annual volatility', () => {
    const prices = Array.from({ length: 7201 }, (_, s) =>
      Number(simulatedPriceAt(BTC, SETTINGS, ORIGIN + 5 * DAY + s)),
    );
    const squares = prices.slice(1).map((price, i) => Math.log(price / (prices[i] ?? price)) ** 2);
    const realised = Math.sqrt((squares.reduce((sum, r) => sum + r, 0) / squares.length) * SECONDS_PER_YEAR);
    expect(realised / BTC.annualVolatility).toBeGreaterThan(0.85);
    expect(realised / BTC.annualVolatility).toBeLessThan(1.15);
  });

  test('a fraction of a second is the whole second it falls in', () => {
    expect(simulatedPriceAt(BTC, SETTINGS, ORIGIN + 100.75)).toBe(
      simulatedPriceAt(BTC, SETTINGS, ORIGIN + 100),
    );
  });

  test.each([
    ['the Unix epoch', 0],
    ['the year 2100', 4_102_444_800],
  ])('works far from the origin: %s', (_scenario, t) => {
    for (const spec of [BTC, EURUSD, SHIB]) {
      const price = simulatedPriceAt(spec, SETTINGS, t);
      expect(price).toMatch(pricePattern(spec));
      expect(compareDecimal(price, '0')).toBe(1);
    }
  });

  test('a price below half a tick shows as one tick, never 0', () => {
    const dust: InstrumentSpec = { ...SHIB, symbol: 'DUSTUSD', referencePrice: '0.000000001' };
    expect(simulatedPriceAt(dust, SETTINGS, ORIGIN)).toBe('0.00000001');
  });

  test('an origin inside a minute counts from the start of that minute', () => {
    const shifted = { ...SETTINGS, originSeconds: ORIGIN + 42 };
    expect(simulatedPriceAt(BTC, shifted, ORIGIN + 90)).toBe(simulatedPriceAt(BTC, SETTINGS, ORIGIN + 90));
  });

  test.each([
    ['a reference price of 0', { ...EURUSD, referencePrice: '0' }, SETTINGS, ORIGIN],
    ['a negative volatility', { ...EURUSD, annualVolatility: -0.1 }, SETTINGS, ORIGIN],
    ['a seed that is not a number', EURUSD, { ...SETTINGS, seed: Number.NaN }, ORIGIN],
    ['a time that is not finite', EURUSD, SETTINGS, Number.POSITIVE_INFINITY],
  ])('refuses %s', (_scenario, spec, settings, t) => {
    expect(() => simulatedPriceAt(spec, settings, t)).toThrow(RangeError);
  });
});

describe('simulatedMinuteCandle', () => {
  test('is the open, extremes and close of its 60 per-second prices', () => {
    fc.assert(
      fc.property(anyInstrument, minuteWithinAYear, fc.integer(), (spec, minute, seed) => {
        const settings = { ...SETTINGS, seed };
        const prices = Array.from({ length: 60 }, (_, s) => simulatedPriceAt(spec, settings, minute + s));
        const sorted = [...prices].sort(compareDecimal);
        expect(simulatedMinuteCandle(spec, settings, minute)).toEqual({
          time: minute,
          open: prices[0],
          high: sorted.at(-1),
          low: sorted[0],
          close: prices[59],
        });
      }),
      { numRuns: 200 },
    );
  });

  test('a minute computed alone equals the same minute inside a range', () => {
    fc.assert(
      fc.property(
        anyInstrument,
        minuteWithinAYear,
        fc.integer({ min: 0, max: 119 }),
        (spec, minute, position) => {
          const from = minute - position * 60;
          const range = simulatedCandles(spec, SETTINGS, from, from + 2 * HOUR, '1m');
          expect(range[position]).toEqual(simulatedMinuteCandle(spec, SETTINGS, minute));
        },
      ),
      { numRuns: 60 },
    );
  });

  test('a time inside a minute gives the candle of that minute', () => {
    expect(simulatedMinuteCandle(BTC, SETTINGS, ORIGIN + 125)).toEqual(
      simulatedMinuteCandle(BTC, SETTINGS, ORIGIN + 120),
    );
  });
});

describe('simulatedCandles', () => {
  test.each([
    ['5m', 2 * HOUR],
    ['15m', 3 * HOUR],
    ['1h', 6 * HOUR],
    ['4h', DAY],
    ['1d', 2 * DAY],
  ] as const)('%s candles equal the aggregated 1-minute candles', (interval, span) => {
    const from = ORIGIN - span / 2;
    const minutes = simulatedCandles(EURUSD, SETTINGS, from, from + span, '1m');
    expect(minutes).toHaveLength(span / 60);
    expect(simulatedCandles(EURUSD, SETTINGS, from, from + span, interval)).toEqual(
      aggregateCandles(minutes, interval),
    );
  });

  test('1h candles equal the aggregated minutes for any instrument, seed and hour', () => {
    fc.assert(
      fc.property(anyInstrument, secondWithinAYear, fc.integer(), (spec, t, seed) => {
        const settings = { ...SETTINGS, seed };
        const hour = t - (t % HOUR);
        const minutes = simulatedCandles(spec, settings, hour, hour + HOUR, '1m');
        expect(simulatedCandles(spec, settings, hour, hour + HOUR, '1h')).toEqual(
          aggregateCandles(minutes, '1h'),
        );
      }),
      { numRuns: 40 },
    );
  });

  test.each<[string, number, number, CandleInterval, number[]]>([
    [
      'aligned bounds: from is included, to is not',
      ORIGIN,
      ORIGIN + 3 * HOUR,
      '1h',
      [0, 1, 2].map((h) => ORIGIN + h * HOUR),
    ],
    [
      'a from inside a bucket starts at the next bucket',
      ORIGIN + 1800,
      ORIGIN + 3 * HOUR + 1,
      '1h',
      [1, 2, 3].map((h) => ORIGIN + h * HOUR),
    ],
    [
      '4h candles start at 00, 04, 08 UTC',
      ORIGIN - 1,
      ORIGIN + 12 * HOUR,
      '4h',
      [0, 4, 8].map((h) => ORIGIN + h * HOUR),
    ],
    ['1d candles start at 00:00 UTC', ORIGIN - 12 * HOUR, ORIGIN + 2 * DAY, '1d', [ORIGIN, ORIGIN + DAY]],
    ['an empty range has no candles', ORIGIN + HOUR, ORIGIN + HOUR, '1h', []],
    ['a reversed range has no candles', ORIGIN + HOUR, ORIGIN, '1m', []],
    [
      'before the origin',
      ORIGIN - 2 * HOUR,
      ORIGIN - HOUR + 1,
      '15m',
      [0, 1, 2, 3, 4].map((q) => ORIGIN - 2 * HOUR + q * 900),
    ],
  ])('%s', (_scenario, from, to, interval, starts) => {
    expect(simulatedCandles(BTC, SETTINGS, from, to, interval).map((c) => c.time)).toEqual(starts);
  });

  test('every candle is consistent: low ≤ open, close ≤ high', () => {
    for (const interval of ['1m', '1h', '1d'] as const) {
      for (const c of simulatedCandles(SHIB, SETTINGS, ORIGIN - 3 * DAY, ORIGIN + 3 * DAY, interval)) {
        expect(compareDecimal(c.low, c.open)).toBeLessThanOrEqual(0);
        expect(compareDecimal(c.low, c.close)).toBeLessThanOrEqual(0);
        expect(compareDecimal(c.high, c.open)).toBeGreaterThanOrEqual(0);
        expect(compareDecimal(c.high, c.close)).toBeGreaterThanOrEqual(0);
      }
    }
  });

  test('a candle closes at its last second and the next opens at its first', () => {
    const [first, second] = simulatedCandles(BTC, SETTINGS, ORIGIN, ORIGIN + 2 * HOUR, '1h');
    expect(first?.close).toBe(simulatedPriceAt(BTC, SETTINGS, ORIGIN + HOUR - 1));
    expect(second?.open).toBe(simulatedPriceAt(BTC, SETTINGS, ORIGIN + HOUR));
  });

  test('320 hourly candles come back in one piece', () => {
    const candles = simulatedCandles(BTC, SETTINGS, ORIGIN - 320 * HOUR, ORIGIN, '1h');
    expect(candles).toHaveLength(320);
    expect(candles.at(-1)?.time).toBe(ORIGIN - HOUR);
  });
});
