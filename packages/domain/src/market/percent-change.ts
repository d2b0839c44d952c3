import { formatDecimal, parseMinorUnits } from '../money/money.ts';

/** The number of decimals written in a decimal string ("1.0840" → 4). */
function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** A price as an integer of 10^-decimals units; prices are non-negative decimal strings. */
function scaled(price: string, decimals: number): bigint {
  const parsed = parseMinorUnits(price, decimals);
  if (!parsed.ok) throw new RangeError(`Not a price: ${price} (${parsed.error})`);
  return parsed.value;
}

/**
 * The change from one price to another in percent with two decimals, rounded half away from zero
 * and signed when negative ("-1.25", "0.40"). Exact: computed on the decimal digits, not floats.
 * Null when the earlier price is zero.
 */
export function percentChange(from: string, to: string): string | null {
  const decimals = Math.max(decimalsOf(from), decimalsOf(to));
  const base = scaled(from, decimals);
  if (base <= 0n) return null;
  const diff = scaled(to, decimals) - base;
  // In hundredths of a percent: |diff| / base × 100 × 100, rounded half away from zero.
  const numerator = (diff < 0n ? -diff : diff) * 10_000n;
  let hundredths = numerator / base;
  if ((numerator % base) * 2n >= base) hundredths += 1n;
  return formatDecimal(diff < 0n ? -hundredths : hundredths, 2);
}
