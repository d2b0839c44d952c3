import { DESK_TRADE_STATUS_LABELS, type DeskTrade, type Trade } from '@candor/contracts/trades';
import { formatDateTime } from './format-date.ts';

/** How a trade's direction reads: as on the SELL and BUY buttons. */
export const DIRECTION_LABELS = { buy: 'BUY', sell: 'SELL' } as const satisfies Record<
  Trade['direction'],
  string
>;

/** The text colour of a result: profits green, losses red, nothing moved grey. */
export function resultToneClass(cents: bigint): string {
  return cents > 0n ? 'text-emerald-700' : cents < 0n ? 'text-red-700' : 'text-slate-600';
}

/** The text colour of a direction. */
export function directionToneClass(direction: Trade['direction']): string {
  return direction === 'buy' ? 'text-emerald-700' : 'text-red-700';
}

/**
 * Where a desk trade's proposal stands, with its time: "Awaiting acceptance until Mar 11, 2026,
 * 2:05 PM", "Accepted Mar 5, 2026, 9:10 AM", "Rejected …", "Expired …".
 */
export function describeDeskState(desk: DeskTrade): string {
  if (desk.status === 'proposed') {
    return `${DESK_TRADE_STATUS_LABELS.proposed} until ${formatDateTime(desk.expiresAt)}`;
  }
  const label = DESK_TRADE_STATUS_LABELS[desk.status];
  return desk.decidedAt ? `${label} ${formatDateTime(desk.decidedAt)}` : label;
}

/** The text colour of a desk trade's state. */
export function deskStateToneClass(status: DeskTrade['status']): string {
  return status === 'proposed'
    ? 'text-amber-700'
    : status === 'accepted'
      ? 'text-emerald-700'
      : 'text-slate-500';
}
