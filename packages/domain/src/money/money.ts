import { err, ok, type Result } from '../result.ts';

/** USD amounts are integers of cents. */
export const USD_DECIMALS = 2;

export type MoneyParseError = 'INVALID_AMOUNT' | 'TOO_MANY_DECIMALS' | 'NEGATIVE_AMOUNT';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Whole dollars grouped in threes by commas, as every amount on the site is shown ("1,000.25"). */
const GROUPED_THOUSANDS = /^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/;

/**
 * An amount written with commas between groups of three digits, as the site shows amounts
 * ("$1,000.00" read and typed back as "1,000.00"), without them: "1000.00". Anything else is left
 * as written (trimmed), so "1,00" or "1.000,50" stays wrong for the parser to refuse, and a comma
 * is never read as a decimal point.
 */
export function withoutThousandsCommas(text: string): string {
  const trimmed = text.trim();
  return GROUPED_THOUSANDS.test(trimmed) ? trimmed.replaceAll(',', '') : trimmed;
}

/**
 * Parses a decimal string ("1234.5", or "1,234.5" grouped as the site shows amounts) into minor
 * units (123450n). Rejects more decimals than the currency has: an amount is never silently rounded.
 */
export function parseMinorUnits(text: string, decimals = USD_DECIMALS): Result<bigint, MoneyParseError> {
  const match = DECIMAL.exec(withoutThousandsCommas(text));
  if (!match) return err('INVALID_AMOUNT');
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return err('TOO_MANY_DECIMALS');
  const minor = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (sign === '-' && minor !== 0n) return err('NEGATIVE_AMOUNT');
  return ok(minor);
}

/** The size of an amount of minor units, whatever its sign: -150n → 150n. */
export function absoluteMinor(minor: bigint): bigint {
  return minor < 0n ? -minor : minor;
}

/** Minor units as a plain decimal string for the wire: 123450n → "1234.50". */
export function formatDecimal(minor: bigint, decimals = USD_DECIMALS): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = 10n ** BigInt(decimals);
  const whole = (abs / base).toString();
  const fraction = decimals > 0 ? `.${(abs % base).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Percentages carry two decimals, so a percentage is a whole number of basis points: 2.5 % = 250. */
export const PERCENT_DECIMALS = 2;
/** 100 % in basis points. */
export const FULL_PERCENT_BPS = 10_000;

export type PercentParseError = MoneyParseError | 'ABOVE_100_PERCENT';

/** Parses a percentage between 0 and 100 with at most two decimals ("2.5") into basis points (250). */
export function parsePercentBps(text: string): Result<number, PercentParseError> {
  const parsed = parseMinorUnits(text, PERCENT_DECIMALS);
  if (!parsed.ok) return parsed;
  if (parsed.value > BigInt(FULL_PERCENT_BPS)) return err('ABOVE_100_PERCENT');
  return ok(Number(parsed.value));
}

/** Basis points as a percentage string for the wire: 250 → "2.50". */
export function formatPercentBps(bps: number): string {
  return formatDecimal(BigInt(bps), PERCENT_DECIMALS);
}

/** A percentage in basis points for people, without trailing zeros: 2000 → "20%", 1250 → "12.5%", 5 → "0.05%". */
export function formatPercent(bps: number): string {
  return `${formatPercentBps(bps).replace(/\.?0+$/, '')}%`;
}

/** Minor units for people: 123456n → "$1,234.56"; negatives as "-$1,234.56". */
export function formatUsd(minor: bigint): string {
  const plain = formatDecimal(minor < 0n ? -minor : minor);
  const [whole = '0', fraction = '00'] = plain.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${minor < 0n ? '-' : ''}$${grouped}.${fraction}`;
}
