import type { InstrumentSpec } from '../market/instrument.ts';
import { requireDecimal, type ScaledDecimal } from '../money/decimal.ts';
import { formatDecimal } from '../money/money.ts';
import { computeTradeResult, roundHalfAwayFromZero, type TradeDirection } from './trade-result.ts';

/**
 * The account's spread (issue 13: a trading package, or the Settings defaults without one): in
 * pips on forex pairs ("1.2", at most one decimal), in percent of the price on crypto and stocks
 * ("0.12", at most two decimals).
 */
export type SpreadTerms = { forexSpreadPips: string; otherSpreadPercent: string };

/** The account's trading terms: its spread and its maximum leverage (the lot size cap). */
export type TradingTerms = SpreadTerms & { maxLeverage: number };

export const SPREAD_UNITS = ['pips', 'percent'] as const;
export type SpreadUnit = (typeof SPREAD_UNITS)[number];

/** The spread one instrument trades with ("1.2" pips or "0.12" percent); a trade keeps it. */
export type Spread = { unit: SpreadUnit; value: string };

/** A price on both sides: BUY opens at the ask, SELL at the bid; each closes on the other side. */
export type SpreadQuote = { mid: string; bid: string; ask: string; halfSpread: string };

type Instrument = Pick<InstrumentSpec, 'class' | 'pricePrecision'>;

/** The spread an instrument trades with under these terms: pips for forex, percent for the rest. */
export function spreadFor(instrument: Pick<InstrumentSpec, 'class'>, terms: SpreadTerms): Spread {
  return instrument.class === 'forex'
    ? { unit: 'pips', value: terms.forexSpreadPips }
    : { unit: 'percent', value: terms.otherSpreadPercent };
}

/** "1.2 pips", "0.12%". */
export function formatSpread(spread: Spread): string {
  return spread.unit === 'pips' ? `${spread.value} pips` : `${spread.value}%`;
}

/** A decimal at a larger scale (never a smaller one). */
function unitsAt(value: ScaledDecimal, scale: number): bigint {
  if (scale < value.scale) throw new Error('cannot lower a decimal scale');
  return value.units * 10n ** BigInt(scale - value.scale);
}

function requireNonNegative(text: string): ScaledDecimal {
  const value = requireDecimal(text);
  if (value.units < 0n) throw new Error(`a spread cannot be negative: ${text}`);
  return value;
}

/**
 * Half the spread at `scale` decimals, for a mid price at that scale:
 *
 * - forex: a pip is one unit of the price's second-to-last decimal (0.0001 on 5-decimal pairs, 0.01
 *   on JPY-quoted pairs with 3); half of a spread in tenths of a pip is exact at one decimal more
 *   than the price (1.5 pips on EURUSD: 0.000075), so ask − bid is the spread exactly;
 * - crypto and stocks: mid × percent ÷ 200, rounded with `roundHalfAwayFromZero` to the
 *   instrument's price precision, and AT LEAST ONE TICK (10^−precision) when the percent is above
 *   zero, so a positive spread never rounds away (SHIB at 0.00001020 with 0.12 %: one tick).
 */
function halfSpreadUnits(instrument: Instrument, spread: Spread, mid: ScaledDecimal, scale: number): bigint {
  const precision = instrument.pricePrecision;
  const value = requireNonNegative(spread.value);
  if (spread.unit === 'pips') {
    // spread = tenths of a pip × 10^−precision; half of it at scale `scale` (≥ precision + 1 when odd).
    const tenths = unitsAt(value, 1);
    return (tenths * 10n ** BigInt(scale - precision)) / 2n;
  }
  if (value.units === 0n) return 0n;
  // mid × percent / 200 in ticks: mid.units × p.units × 10^precision / (10^mid.scale × 10^p.scale × 200).
  const ticks = roundHalfAwayFromZero(
    mid.units * value.units * 10n ** BigInt(precision),
    10n ** BigInt(mid.scale + value.scale) * 200n,
  );
  return (ticks > 0n ? ticks : 1n) * 10n ** BigInt(scale - precision);
}

/** Decimals of the quote: the mid's own, at least the instrument's, one more for an odd number of pip tenths. */
function quoteScale(instrument: Instrument, spread: Spread, mid: ScaledDecimal): number {
  let scale = Math.max(mid.scale, instrument.pricePrecision);
  if (spread.unit === 'pips' && unitsAt(requireNonNegative(spread.value), 1) % 2n === 1n) {
    scale = Math.max(scale, instrument.pricePrecision + 1);
  }
  return scale;
}

/**
 * Bid and ask around a mid price (exact decimal strings): ask = mid + half the spread, bid = mid −
 * half the spread but never below the smallest positive price (one tick, 10^−precision).
 */
export function applySpread(instrument: Instrument, spread: Spread, midPrice: string): SpreadQuote {
  const mid = requireDecimal(midPrice);
  if (mid.units <= 0n) throw new Error(`not a price: ${midPrice}`);
  const scale = quoteScale(instrument, spread, mid);
  const midUnits = unitsAt(mid, scale);
  const half = halfSpreadUnits(instrument, spread, mid, scale);
  const tick = 10n ** BigInt(scale - instrument.pricePrecision);
  const bid = midUnits - half < tick ? (midUnits < tick ? midUnits : tick) : midUnits - half;
  return {
    mid: midPrice,
    bid: formatDecimal(bid, scale),
    ask: formatDecimal(midUnits + half, scale),
    halfSpread: formatDecimal(half, scale),
  };
}

/** Bid and ask of an instrument under the account's terms. */
export function quoteWithTerms(instrument: Instrument, terms: SpreadTerms, midPrice: string): SpreadQuote {
  return applySpread(instrument, spreadFor(instrument, terms), midPrice);
}

/** Where a trade opens: a BUY at the ask, a SELL at the bid. */
export function openingPrice(direction: TradeDirection, quote: Pick<SpreadQuote, 'bid' | 'ask'>): string {
  return direction === 'buy' ? quote.ask : quote.bid;
}

/** Where a trade closes: the opposite side (a BUY at the bid, a SELL at the ask). */
export function closingPrice(direction: TradeDirection, quote: Pick<SpreadQuote, 'bid' | 'ask'>): string {
  return direction === 'buy' ? quote.bid : quote.ask;
}

/**
 * What crossing the spread costs, in cents, for an amount and lot size: minus the result of a BUY
 * opened at the ask and closed at once at the bid (computeTradeResult, so the same rounding).
 */
export function computeSpreadCost(input: {
  amountCents: bigint;
  lotHundredths: number;
  bid: string;
  ask: string;
}): bigint {
  return -computeTradeResult({
    direction: 'buy',
    amountCents: input.amountCents,
    lotHundredths: input.lotHundredths,
    openPrice: input.ask,
    closePrice: input.bid,
  });
}

/**
 * The MID price at which a trade's executable close price reaches `stopOutPrice` (the stop-out
 * price of its executed open price, computeStopOutPrice), for the stop-out monitor's pre-filter,
 * which compares mids. Rounded outward so that every mid whose close price stops the trade out
 * passes the filter:
 * - pips (half-spread h constant): a BUY closes at mid − h, so mid ≤ stop + h; a SELL at mid + h,
 *   so mid ≥ stop − h (exact);
 * - percent: half(mid) ≤ mid × p/200 + one tick, so a BUY needs mid ≤ (stop + tick) ÷ (1 − p/200)
 *   and a SELL mid ≥ (stop − tick) ÷ (1 + p/200), rounded up and down at the stop price's scale.
 * The decision is always isStopOut at the executable price.
 */
export function stopOutMidPrice(
  instrument: Instrument,
  spread: Spread,
  direction: TradeDirection,
  stopOutPrice: string,
): string {
  const stop = requireDecimal(stopOutPrice);
  const value = requireNonNegative(spread.value);
  const precision = instrument.pricePrecision;
  const scale = Math.max(stop.scale, precision + 1);
  const stopUnits = unitsAt(stop, scale);
  const sign = direction === 'buy' ? 1n : -1n;
  let units: bigint;
  if (spread.unit === 'pips') {
    const half = (unitsAt(value, 1) * 10n ** BigInt(scale - precision)) / 2n;
    units = stopUnits + sign * half;
  } else {
    const tick = 10n ** BigInt(scale - precision);
    // percent p = value.units / 10^value.scale; 1 ∓ p/200 = (200·10^s ∓ units) / (200·10^s).
    const base = 200n * 10n ** BigInt(value.scale);
    const numerator = (stopUnits + sign * tick) * base;
    const denominator = base - sign * value.units;
    units = direction === 'buy' ? (numerator + denominator - 1n) / denominator : numerator / denominator;
  }
  return formatDecimal(units < 0n ? 0n : units, scale);
}
