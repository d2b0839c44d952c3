import { parseDecimal, requireDecimal, type ScaledDecimal } from '../money/decimal.ts';
import { err, ok, type Result } from '../result.ts';

export const TRADE_DIRECTIONS = ['buy', 'sell'] as const;
export type TradeDirection = (typeof TRADE_DIRECTIONS)[number];

/** Lot sizes have two decimals (seed §9: step 0.01): a lot size is a whole number of hundredths. */
export const LOT_SIZE_DECIMALS = 2;
/** The largest lot size an account may use until plans can change it (PRODUCT.md §2 Trades). */
export const DEFAULT_MAX_LEVERAGE = 100;
/** The highest maximum leverage a trading package can give (issue 13). */
export const LEVERAGE_CEILING = 1000;

/** Parses "1", "0.5", "2.25" into hundredths (100, 50, 225); more than two decimals or zero is refused. */
export function parseLotSize(text: string): Result<number, 'INVALID_LOT_SIZE'> {
  const parsed = parseDecimal(text.trim());
  if (!parsed.ok || parsed.value.scale > LOT_SIZE_DECIMALS) return err('INVALID_LOT_SIZE');
  const hundredths = parsed.value.units * 10n ** BigInt(LOT_SIZE_DECIMALS - parsed.value.scale);
  if (hundredths <= 0n || hundredths > 1_000_000n) return err('INVALID_LOT_SIZE');
  return ok(Number(hundredths));
}

export function formatLotSize(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * Named rounding rule `roundHalfAwayFromZero`: numerator / denominator to the nearest integer,
 * halves away from zero. Symmetric (r(−x) = −r(x)), so a BUY and a SELL at the same prices get
 * exactly opposite results.
 */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (2n * abs + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** Exposure = amount × lot size, in cents (roundHalfAwayFromZero). */
export function computeExposure(amountCents: bigint, lotHundredths: number): bigint {
  return roundHalfAwayFromZero(amountCents * BigInt(lotHundredths), 100n);
}

function requirePrice(text: string): ScaledDecimal {
  const price = requireDecimal(text);
  if (price.units === 0n) throw new Error(`not a price: ${text}`);
  return price;
}

/**
 * A trade's result in cents (PRODUCT.md §2 Trades): exposure × (close ÷ open − 1) for a BUY and
 * its negative for a SELL, where exposure = amount × lot size, never below −amount (a loss can
 * never exceed the margin). Computed exactly from the decimal prices and rounded once with
 * `roundHalfAwayFromZero`.
 */
export function computeTradeResult(input: {
  direction: TradeDirection;
  amountCents: bigint;
  lotHundredths: number;
  openPrice: string;
  closePrice: string;
}): bigint {
  const open = requirePrice(input.openPrice);
  const close = requirePrice(input.closePrice);
  // close/open − 1 = (close.units·10^open.scale − open.units·10^close.scale) / (open.units·10^close.scale)
  const closeScaled = close.units * 10n ** BigInt(open.scale);
  const openScaled = open.units * 10n ** BigInt(close.scale);
  const sign = input.direction === 'buy' ? 1n : -1n;
  const numerator = sign * input.amountCents * BigInt(input.lotHundredths) * (closeScaled - openScaled);
  const denominator = 100n * openScaled;
  const result = roundHalfAwayFromZero(numerator, denominator);
  // biome-ignore lint/complexity/useMathMinMax: Math.max does not take bigints
  return result < -input.amountCents ? -input.amountCents : result;
}

/** True when the loss at `price` has reached the whole amount: the trade is stopped out. */
export function isStopOut(input: {
  direction: TradeDirection;
  amountCents: bigint;
  lotHundredths: number;
  openPrice: string;
  price: string;
}): boolean {
  return computeTradeResult({ ...input, closePrice: input.price }) <= -input.amountCents;
}
