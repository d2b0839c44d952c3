import { toMinorUnits } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';

/** A signed decimal amount from the wire ("-40.00") in cents. */
export function toSignedCents(decimal: string): bigint {
  return decimal.startsWith('-') ? -toMinorUnits(decimal.slice(1)) : toMinorUnits(decimal);
}

/** A change of balance for people: "+$1,234.56", "−$40.00" (a true minus sign), "$0.00". */
export function formatSignedUsd(cents: bigint): string {
  if (cents > 0n) return `+${formatUsd(cents)}`;
  if (cents < 0n) return `\u2212${formatUsd(-cents)}`;
  return formatUsd(0n);
}

/**
 * A decimal amount from the wire ("1234.50", "-40.00") as dollars for people: "$1,234.50",
 * "−$40.00" (a true minus sign, as the results and the statement show it).
 */
export function formatUsdDecimal(decimal: string): string {
  const cents = toSignedCents(decimal);
  return cents < 0n ? `\u2212${formatUsd(-cents)}` : formatUsd(cents);
}
