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
