import { formatUsd } from '../money/money.ts';
import type { CopySkip } from './copy-sizing.ts';

/**
 * What the follower's copies of one provider have lost since copying began, in cents:
 *
 *   loss = −(realised results of the closed copies + unrealised results of the open copies)
 *
 * (a gain is a negative loss). Only trading results count: a profit share paid is not a loss of
 * the copies, and the follower's own trades and their deposits and withdrawals are not copies.
 */
export function computeCopyLoss(input: { realisedCents: bigint; unrealisedCents: bigint }): bigint {
  return -(input.realisedCents + input.unrealisedCents);
}

/**
 * The copy stop-loss: the follower set an amount X (cents, above zero) of their equity; when the
 * copies have lost X or more since copying began (`computeCopyLoss` ≥ X, exactly X included),
 * every copied trade closes at market and copying stops. No limit set (null): never.
 */
export function isCopyStopLossReached(input: {
  limitCents: bigint | null;
  realisedCents: bigint;
  unrealisedCents: bigint;
}): boolean {
  if (input.limitCents === null) return false;
  if (input.limitCents <= 0n) throw new Error('a copy stop-loss is an amount above zero');
  return computeCopyLoss(input) >= input.limitCents;
}

/**
 * Whether a new copy is skipped because it would reach the copy stop-loss the moment it opens
 * (COPY_STOP_LOSS): its opening result (what it gives back if it closed at once: the spread, a
 * loss) added to the copies' loss now reaches the limit. Opened, it would be closed at once by the
 * stop-loss, the follower would pay its spread for nothing, and their copies would end further past
 * the limit they set. A copy that keeps the loss below the limit opens; no limit set: never skipped.
 */
export function copyStopLossSkip(input: {
  limitCents: bigint | null;
  realisedCents: bigint;
  unrealisedCents: bigint;
  openingResultCents: bigint;
}): CopySkip | null {
  const { limitCents, realisedCents, openingResultCents } = input;
  const unrealisedCents = input.unrealisedCents + openingResultCents;
  if (limitCents === null || !isCopyStopLossReached({ limitCents, realisedCents, unrealisedCents }))
    return null;
  const lossCents = computeCopyLoss({ realisedCents, unrealisedCents });
  return {
    code: 'COPY_STOP_LOSS',
    message: `Opening the copy would bring your copies' loss to ${formatUsd(lossCents)}, at or past your copy stop-loss of ${formatUsd(limitCents)}.`,
  };
}
