import { FULL_PERCENT_BPS } from '../money/money.ts';
import { roundDown } from './round-down.ts';

/**
 * The high-water mark of one follower with one provider (never shared between providers): the
 * cumulative result of the follower's copied trades of that provider, in cents, and the highest
 * value it has reached (the peak). Both start at 0. The profit share paid is not part of the
 * cumulative result (a fee would otherwise open a new gap below the peak to be recovered).
 */
export type HighWaterMark = { cumulativeCents: bigint; peakCents: bigint };

export const INITIAL_HIGH_WATER_MARK: HighWaterMark = Object.freeze({ cumulativeCents: 0n, peakCents: 0n });

/**
 * The profit share due when one copied trade closes with result r (cents), and the new mark:
 *
 *   cumulative' = cumulative + r
 *   if cumulative' > peak:  fee = profit share % × (cumulative' − peak),  peak' = cumulative'
 *   else:                   fee = 0,                                     peak' = peak
 *
 * The profit share is in basis points (20 % = 2,000) and the fee is rounded with `roundDown` to
 * the cent: the follower never pays more than the exact share. A follower who lost and then won it
 * back pays nothing until their cumulative result is above its previous best; a loss never
 * earns a refund (the fee is never negative). The percent is the one the follower started
 * copying with. `riseCents` is the rise above the peak the fee is a share of (0 when none): the
 * follower's statement says it, with the percent.
 */
export function chargeProfitShare(
  mark: HighWaterMark,
  resultCents: bigint,
  profitShareBps: number,
): { mark: HighWaterMark; feeCents: bigint; riseCents: bigint } {
  if (!Number.isInteger(profitShareBps) || profitShareBps < 0 || profitShareBps > FULL_PERCENT_BPS) {
    throw new Error('a profit share is a whole number of basis points from 0 to 10,000');
  }
  if (mark.peakCents < 0n || mark.cumulativeCents > mark.peakCents) {
    throw new Error('a high-water mark starts at 0 and its peak is the highest cumulative result');
  }
  const cumulativeCents = mark.cumulativeCents + resultCents;
  if (cumulativeCents <= mark.peakCents) {
    return { mark: { cumulativeCents, peakCents: mark.peakCents }, feeCents: 0n, riseCents: 0n };
  }
  const rise = cumulativeCents - mark.peakCents;
  return {
    mark: { cumulativeCents, peakCents: cumulativeCents },
    feeCents: roundDown(rise * BigInt(profitShareBps), BigInt(FULL_PERCENT_BPS)),
    riseCents: rise,
  };
}
