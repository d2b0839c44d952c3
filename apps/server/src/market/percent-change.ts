import { formatDecimal } from '@candor/domain/money/money';
import { decimalsOf, toScaledInteger } from './decimal.ts';

/**
 * The change from one price to another in percent with two decimals, rounded half away from zero
 * and signed when negative ("-1.25", "0.40"). Exact: computed on the decimal digits, not floats.
 * Null when the earlier price is zero.
 */
export function percentChange(from: string, to: string): string | null {
  const decimals = Math.max(decimalsOf(from), decimalsOf(to));
  const base = toScaledInteger(from, decimals);
  if (base <= 0n) return null;
  const diff = toScaledInteger(to, decimals) - base;
  // In hundredths of a percent: |diff| / base × 100 × 100, rounded half away from zero.
  const numerator = (diff < 0n ? -diff : diff) * 10_000n;
  let hundredths = numerator / base;
  if ((numerator % base) * 2n >= base) hundredths += 1n;
  return formatDecimal(diff < 0n ? -hundredths : hundredths, 2);
}
