import type { SignalDirection } from '@candor/contracts/market';
import { formatUtcDayMonthTime } from '../../lib/utc-format.ts';

export const SIGNAL_DIRECTION_LABELS = {
  strong_sell: 'Strong sell',
  sell: 'Sell',
  neutral: 'Neutral',
  buy: 'Buy',
  strong_buy: 'Strong buy',
} as const satisfies Record<SignalDirection, string>;

/** From red (sell) through grey to green (buy), as the charted instrument's signal strength. */
export const SIGNAL_DIRECTION_STYLES = {
  strong_sell: { bar: 'bg-red-600', badge: 'bg-red-100 text-red-800', text: 'text-red-700' },
  sell: { bar: 'bg-red-400', badge: 'bg-red-50 text-red-700', text: 'text-red-600' },
  neutral: { bar: 'bg-slate-400', badge: 'bg-slate-100 text-slate-700', text: 'text-slate-600' },
  buy: { bar: 'bg-emerald-500', badge: 'bg-emerald-50 text-emerald-700', text: 'text-emerald-700' },
  strong_buy: { bar: 'bg-emerald-600', badge: 'bg-emerald-100 text-emerald-800', text: 'text-emerald-700' },
} as const satisfies Record<SignalDirection, { bar: string; badge: string; text: string }>;

/** "25 Nov, 20:00 UTC" */
export function formatUtc(date: Date): string {
  return `${formatUtcDayMonthTime(date)} UTC`;
}
