import { formatDecimal } from '@candor/domain/money/money';

const PLAIN_OR_EXPONENT = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * The one rounding rule for prices (and percentages) read from a provider as floating-point JSON
 * numbers: take the number's shortest decimal form (what the provider wrote: 67234.123, 1.234e-5),
 * round it half away from zero to `decimals` places, and write it as a plain decimal string with
 * exactly that many decimals, never in exponent notation ("0.00001234", "-1.25").
 */
export function roundHalfAwayFromZero(value: number, decimals: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`Invalid decimals: ${decimals}`);
  const match = PLAIN_OR_EXPONENT.exec(String(Math.abs(value)));
  if (!match) throw new RangeError(`Unexpected number form: ${value}`);
  const [, whole = '0', fraction = '', exponent = '0'] = match;
  const digits = BigInt(whole + fraction);
  /** value = digits × 10^-scale */
  const scale = fraction.length - Number(exponent);
  let minor: bigint;
  if (scale <= decimals) {
    minor = digits * 10n ** BigInt(decimals - scale);
  } else {
    const divisor = 10n ** BigInt(scale - decimals);
    minor = digits / divisor;
    if ((digits % divisor) * 2n >= divisor) minor += 1n;
  }
  return formatDecimal(value < 0 ? -minor : minor, decimals);
}
