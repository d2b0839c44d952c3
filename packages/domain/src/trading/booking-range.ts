import type { DomainError } from '../errors.ts';
import { compareDecimal } from '../market/candles.ts';
import { parseDecimal, requireDecimal } from '../money/decimal.ts';
import { formatDecimal } from '../money/money.ts';
import { err, ok, type Result } from '../result.ts';

/** A booked price may lie this far outside its minute's recorded low–high: 0.1 % = 10 basis points. */
export const BOOKING_TOLERANCE_BPS = 10n;

/** The low and high of the minute a booked price claims to come from. */
export type RecordedMinute = { low: string; high: string };

/** `text` × (10000 ± bps) / 10000 with `scale` decimals, rounded up or down. */
function widen(text: string, bps: bigint, scale: number, up: boolean): string {
  const value = requireDecimal(text);
  const numerator = value.units * (10_000n + bps) * 10n ** BigInt(scale);
  const denominator = 10_000n * 10n ** BigInt(value.scale);
  const units = up ? (numerator + denominator - 1n) / denominator : numerator / denominator;
  return formatDecimal(units, scale);
}

function decimalsOf(text: string): number {
  const parsed = parseDecimal(text);
  return parsed.ok ? parsed.value.scale : 0;
}

/**
 * The minute's low − 0.1 % and high + 0.1 %, with the instrument's price decimals (or the
 * candle's, when it has more), rounded inward so both bounds lie inside the tolerance.
 */
export function bookingRange(minute: RecordedMinute, pricePrecision: number): { low: string; high: string } {
  const scale = Math.max(pricePrecision, decimalsOf(minute.low), decimalsOf(minute.high));
  return {
    low: widen(minute.low, -BOOKING_TOLERANCE_BPS, scale, true),
    high: widen(minute.high, BOOKING_TOLERANCE_BPS, scale, false),
  };
}

/**
 * A trade booked by the desk must be priced within its minute's recorded range ± 0.1 %
 * (PRODUCT.md §2 Admin user details): VALIDATION_FAILED naming the range otherwise.
 */
export function checkBookedPrice(input: {
  which: 'open' | 'close';
  price: string;
  minute: RecordedMinute;
  pricePrecision: number;
}): Result<string, DomainError<'VALIDATION_FAILED'>> {
  const range = bookingRange(input.minute, input.pricePrecision);
  if (compareDecimal(input.price, range.low) < 0 || compareDecimal(input.price, range.high) > 0) {
    return err({
      code: 'VALIDATION_FAILED',
      message: `The ${input.which} price must be between ${range.low} and ${range.high} (the minute's range ± 0.1%)`,
    });
  }
  return ok(input.price);
}
