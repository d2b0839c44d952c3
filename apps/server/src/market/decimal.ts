const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The number of decimals written in a decimal string ("1.0840" → 4). */
export function decimalsOf(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

/** A decimal string as an integer of 10^-decimals units ("1.08", 4 → 10800n); never rounds. */
export function toScaledInteger(text: string, decimals: number): bigint {
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) throw new RangeError(`${text} has more than ${decimals} decimals`);
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign === '-' ? -value : value;
}
