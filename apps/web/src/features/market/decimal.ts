/**
 * Exact comparison of the non-negative decimal strings prices travel as ("67234.12", "1.08432"):
 * no floating point decides which price is higher.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [aWhole = '', aFraction = ''] = a.split('.');
  const [bWhole = '', bFraction = ''] = b.split('.');
  const aInt = aWhole.replace(/^0+(?=\d)/, '');
  const bInt = bWhole.replace(/^0+(?=\d)/, '');
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  const width = Math.max(aFraction.length, bFraction.length);
  const aDigits = aInt + aFraction.padEnd(width, '0');
  const bDigits = bInt + bFraction.padEnd(width, '0');
  if (aDigits === bDigits) return 0;
  return aDigits < bDigits ? -1 : 1;
}

/** "67234.12" → "67,234.12": thousands separators on the whole part, the decimals kept as sent. */
export function formatPrice(price: string): string {
  const [whole = '', fraction] = price.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export type ChangeTone = 'up' | 'down' | 'flat';

/** The 24 h change as shown: "+1.25%", "-0.80%", "0.00%", or an em dash when unknown. */
export function formatChange(percent: string | null): { text: string; tone: ChangeTone | null } {
  if (percent === null) return { text: '—', tone: null };
  const negative = percent.startsWith('-');
  const digits = percent.replace(/^[+-]/, '');
  const zero = /^0*(\.0*)?$/.test(digits);
  if (zero) return { text: `${digits}%`, tone: 'flat' };
  return negative ? { text: `-${digits}%`, tone: 'down' } : { text: `+${digits}%`, tone: 'up' };
}

export const CHANGE_TONE_CLASS = {
  up: 'text-emerald-600',
  down: 'text-red-600',
  flat: 'text-slate-500',
} as const satisfies Record<ChangeTone, string>;
