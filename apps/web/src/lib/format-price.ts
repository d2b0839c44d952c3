import { formatPrice } from '@candor/domain/money/decimal';

/**
 * A price given as a number, with `precision` decimals and thousands separators, as en-US Intl
 * writes it but without Intl (lib/utc-format.ts says why): rounded half up from the number's
 * shortest decimal form, so 1.005 reads "1.01" and 0.1 + 0.2 reads "0.30000000" with 8 decimals.
 */
export function formatPriceNumber(price: number, precision: number): string {
  if (!Number.isFinite(price)) return String(price);
  if (price < 0) return `-${formatPriceNumber(-price, precision)}`;
  const [mantissa = '0', exponent = '0'] = String(price).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  let digits = whole + fraction;
  let point = whole.length + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  const keep = point + precision;
  let kept = digits.padEnd(keep, '0').slice(0, keep);
  if ((digits[keep] ?? '0') >= '5') kept = (BigInt(kept) + 1n).toString().padStart(keep, '0');
  const wholeDigits = kept.slice(0, kept.length - precision).replace(/^0+(?=\d)/, '');
  const fractionDigits = kept.slice(kept.length - precision);
  return formatPrice(precision > 0 ? `${wholeDigits}.${fractionDigits}` : wholeDigits);
}
