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
  up: 'text-emerald-700',
  down: 'text-red-600',
  flat: 'text-slate-500',
} as const satisfies Record<ChangeTone, string>;
