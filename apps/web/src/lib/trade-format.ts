import type { Trade } from '@candor/contracts/trades';

/** How a trade's direction reads: as on the SELL and BUY buttons. */
export const DIRECTION_LABELS = { buy: 'BUY', sell: 'SELL' } as const satisfies Record<
  Trade['direction'],
  string
>;

/** Who closed a trade, as a trade's details say it. */
export const CLOSED_BY_LABELS = {
  customer: 'Closed by the customer',
  admin: 'Closed by an administrator',
  stop_out: 'Stopped out (the loss reached the amount)',
  desk: 'Booked by desk',
} as const satisfies Record<NonNullable<Trade['closedBy']>, string>;

/** The text colour of a result: profits green, losses red, nothing moved grey. */
export function resultToneClass(cents: bigint): string {
  return cents > 0n ? 'text-emerald-700' : cents < 0n ? 'text-red-700' : 'text-slate-600';
}

/** The text colour of a direction. */
export function directionToneClass(direction: Trade['direction']): string {
  return direction === 'buy' ? 'text-emerald-700' : 'text-red-700';
}
