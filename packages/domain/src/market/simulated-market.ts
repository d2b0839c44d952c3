import { type BrownianPath, createBrownianPath } from './brownian-path.ts';
import { type CandleInterval, INTERVAL_SECONDS, type OhlcCandle } from './candle.ts';
import { alignToInterval } from './candles.ts';
import type { InstrumentSpec } from './instrument.ts';
import { REFERENCE_PRICES_DATE } from './instruments.ts';

/**
 * The simulated market (the default price source, no network): per instrument a geometric
 * Brownian motion without drift, price(t) = referencePrice × exp(σ·W(t)), where W is the seeded
 * random-access path of brownian-path.ts and σ² per second is annualVolatility² / SECONDS_PER_YEAR.
 * Same seed, same prices. Prices leave as decimal strings rounded half up to the instrument's
 * precision, never below one tick.
 */
export type SimulationSettings = {
  seed: number;
  /** Where W = 0, i.e. where the price is the reference price: Unix seconds, taken down to its minute. */
  originSeconds: number;
};

/** Julian year: 365.25 days. */
export const SECONDS_PER_YEAR = 31_557_600;

/** REFERENCE_PRICES_DATE at 00:00 UTC in Unix seconds (1 793 491 200). */
export const REFERENCE_ORIGIN_SECONDS = unixSecondsOfDate(REFERENCE_PRICES_DATE);

function unixSecondsOfDate(isoDate: string): number {
  const [year = Number.NaN, month = Number.NaN, day = Number.NaN] = isoDate.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / 1000;
}

const MINUTE_SECONDS = 60;

/**
 * Rounds a non-negative float to `decimals` decimals, half up, on the float's exact binary value
 * (Number#toFixed's rule): 0.125 → "0.13", but 1.005, stored as 1.00499…, → "1.00". Plain digits,
 * never exponent notation (1e-8 at 8 decimals → "0.00000001").
 */
export function roundHalfUpToDecimal(value: number, decimals: number): string {
  if (!(value >= 0 && value < 1e21)) throw new RangeError(`Cannot write ${value} as a plain decimal`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`Invalid number of decimals: ${decimals}`);
  }
  return value.toFixed(decimals);
}

type PriceModel = {
  path: BrownianPath;
  /** Origin taken down to its minute: minute starts are then whole minutes after it. */
  anchor: number;
  priceOf(value: number): string;
};

/**
 * Paths already built, by seed and symbol: a pure memo (a path gives the same values whatever it
 * has cached), so repeated calls skip redrawing the block, day and hour above a second.
 */
const paths = new Map<string, BrownianPath>();
const MAX_CACHED_PATHS = 1024;

function readPath(seed: number, symbol: string): BrownianPath {
  const key = `${seed}|${symbol}`;
  let path = paths.get(key);
  if (!path) {
    if (paths.size >= MAX_CACHED_PATHS) paths.clear();
    path = createBrownianPath(seed, symbol);
    paths.set(key, path);
  }
  return path;
}

function createPriceModel(spec: InstrumentSpec, settings: SimulationSettings): PriceModel {
  const reference = Number(spec.referencePrice);
  if (!(reference > 0 && Number.isFinite(reference))) {
    throw new RangeError(`${spec.symbol}: reference price must be positive, got ${spec.referencePrice}`);
  }
  if (!(spec.annualVolatility >= 0 && Number.isFinite(spec.annualVolatility))) {
    throw new RangeError(`${spec.symbol}: invalid annual volatility ${spec.annualVolatility}`);
  }
  requireFinite('seed', settings.seed);
  requireFinite('originSeconds', settings.originSeconds);
  const sigma = spec.annualVolatility / Math.sqrt(SECONDS_PER_YEAR);
  const oneTick = roundHalfUpToDecimal(10 ** -spec.pricePrecision, spec.pricePrecision);
  return {
    path: readPath(settings.seed, spec.symbol),
    anchor: alignToInterval(settings.originSeconds, '1m'),
    priceOf(value) {
      const text = roundHalfUpToDecimal(reference * Math.exp(sigma * value), spec.pricePrecision);
      return /^[0.]+$/.test(text) ? oneTick : text;
    },
  };
}

function requireFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

/**
 * The candle of the seconds [time, time + length): `time` and `length` are whole minutes. Extremes
 * are taken on W, then turned into prices: price and rounding are both monotonic, so this equals
 * the highest and lowest of the rounded per-second prices.
 */
function candleOf(model: PriceModel, time: number, length: number): OhlcCandle {
  const path = model.path.summarize((time - model.anchor) / MINUTE_SECONDS, length / MINUTE_SECONDS);
  return {
    time,
    open: model.priceOf(path.open),
    high: model.priceOf(path.high),
    low: model.priceOf(path.low),
    close: model.priceOf(path.close),
  };
}

/** The simulated price at the whole second `unixSeconds` (fractions are dropped), as a decimal string. */
export function simulatedPriceAt(
  spec: InstrumentSpec,
  settings: SimulationSettings,
  unixSeconds: number,
): string {
  requireFinite('unixSeconds', unixSeconds);
  const model = createPriceModel(spec, settings);
  const second = Math.floor(unixSeconds);
  const minuteStart = alignToInterval(second, '1m');
  return model.priceOf(
    model.path.valueAt((minuteStart - model.anchor) / MINUTE_SECONDS, second - minuteStart),
  );
}

/**
 * The 1-minute candle of the minute that contains `minuteStartSeconds` (normally its first second):
 * open at its first second, close at its last (start + 59), high and low over its 60 seconds.
 */
export function simulatedMinuteCandle(
  spec: InstrumentSpec,
  settings: SimulationSettings,
  minuteStartSeconds: number,
): OhlcCandle {
  requireFinite('minuteStartSeconds', minuteStartSeconds);
  return candleOf(
    createPriceModel(spec, settings),
    alignToInterval(minuteStartSeconds, '1m'),
    MINUTE_SECONDS,
  );
}

/** The simulated candles of `interval` whose start lies in [fromSeconds, toSeconds), oldest first. */
export function simulatedCandles(
  spec: InstrumentSpec,
  settings: SimulationSettings,
  fromSeconds: number,
  toSeconds: number,
  interval: CandleInterval,
): OhlcCandle[] {
  requireFinite('fromSeconds', fromSeconds);
  requireFinite('toSeconds', toSeconds);
  const model = createPriceModel(spec, settings);
  const length = INTERVAL_SECONDS[interval];
  const firstStart = alignToInterval(fromSeconds, interval);
  const candles: OhlcCandle[] = [];
  for (
    let time = firstStart < fromSeconds ? firstStart + length : firstStart;
    time < toSeconds;
    time += length
  ) {
    candles.push(candleOf(model, time, length));
  }
  return candles;
}
