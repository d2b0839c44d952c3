import { err, ok, type Result } from '../result.ts';

/** An exact non-negative decimal as a scaled integer: value = units / 10^scale. */
export type ScaledDecimal = { units: bigint; scale: number };

/** "67234.12" → { units: 6723412n, scale: 2 }; anything but digits with an optional fraction is refused. */
export function parseDecimal(text: string): Result<ScaledDecimal, 'INVALID_DECIMAL'> {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return err('INVALID_DECIMAL');
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  return ok({ units: BigInt(whole + fraction), scale: fraction.length });
}

/** `parseDecimal` for text already checked (a stored or quoted price): throws when it is not a decimal. */
export function requireDecimal(text: string): ScaledDecimal {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(`not a decimal: ${text}`);
  return parsed.value;
}

/**
 * A price for people: "67234.12" → "67,234.12", thousands separators on the whole part and the
 * decimals kept as given (a price's decimals are its instrument's precision).
 */
export function formatPrice(price: string): string {
  const [whole = '', fraction] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
