import { formatUsd } from '../money/money.ts';
import { err, ok, type Result } from '../result.ts';
import { roundDown } from './round-down.ts';

/** The smallest margin a copy may have: $1.00 (a copied position under $1 is not opened). */
export const MIN_COPY_AMOUNT_CENTS = 100n;
/** The smallest lot size: 0.01, one hundredth (seed §9: lot sizes step by 0.01). */
export const MIN_COPY_LOT_HUNDREDTHS = 1;

export const COPY_SKIP_REASONS = ['BELOW_MINIMUM', 'NOT_ENOUGH_CASH', 'NO_EQUITY', 'COPY_STOP_LOSS'] as const;
export type CopySkipReason = (typeof COPY_SKIP_REASONS)[number];

/** Why a provider's trade was not copied for a follower, in words the follower reads. */
export type CopySkip = { code: CopySkipReason; message: string };

/** The margin and lot size a follower's copy opens with. */
export type CopySize = { amountCents: bigint; lotHundredths: number };

export type CopySizingInput = {
  /** The provider's trade: its margin (amount) in cents and its lot size in hundredths. */
  providerAmountCents: bigint;
  providerLotHundredths: number;
  /**
   * Equity = available cash + reserved funds + the unrealised results of open trades, in cents,
   * of the provider and of the follower at the moment the provider's trade opens (before its
   * own margin was taken: taking margin moves cash to reserved and leaves equity unchanged).
   */
  providerEquityCents: bigint;
  followerEquityCents: bigint;
  /** The follower's available cash: the copy's margin is reserved from it. */
  followerAvailableCents: bigint;
  /** The follower's own maximum leverage: the largest lot size their account may use. */
  followerMaxLeverage: number;
};

/**
 * How large a follower's copy of a provider's trade is (issue 14, sizing equity to equity):
 *
 *   follower margin = provider margin × follower equity ÷ provider equity,
 *
 * in cents, rounded with `roundDown` (a copy never risks more than its share: $10.00 × 1,000 ÷
 * 3,000 = $3.333… copies as $3.33). The lot size is the provider's, capped at the follower's
 * maximum leverage.
 *
 * When the lot size is capped the MARGIN IS KEPT, not raised: the copy's exposure (margin × lot
 * size) is then smaller than the provider's in proportion, and what the copy can lose (at most its
 * margin) stays within the follower's share. Raising the margin to keep the exposure ratio would
 * reserve, and put at risk, more of the follower's money than their share.
 *
 * Skipped (an error value, nothing opens):
 * - NO_EQUITY when the follower's equity (or the provider's) is zero or less: there is no ratio;
 * - BELOW_MINIMUM when the copy's margin is below $1.00 or its lot size below 0.01;
 * - NOT_ENOUGH_CASH when the margin is more than the follower's available cash.
 */
export function computeCopySize(input: CopySizingInput): Result<CopySize, CopySkip> {
  const {
    providerAmountCents,
    providerLotHundredths,
    providerEquityCents,
    followerEquityCents,
    followerAvailableCents,
    followerMaxLeverage,
  } = input;
  if (providerAmountCents <= 0n) throw new Error("a provider's trade has a positive margin");
  if (!Number.isInteger(providerLotHundredths) || providerLotHundredths < 0) {
    throw new Error('a lot size is a whole number of hundredths');
  }
  if (!Number.isInteger(followerMaxLeverage) || followerMaxLeverage < 1) {
    throw new Error('a maximum leverage is a whole number of at least 1');
  }
  if (followerEquityCents <= 0n) {
    return err({ code: 'NO_EQUITY', message: 'Your equity is zero, so there is nothing to copy with.' });
  }
  if (providerEquityCents <= 0n) {
    return err({
      code: 'NO_EQUITY',
      message: "The provider's equity is zero, so the trade cannot be scaled to your equity.",
    });
  }
  const amountCents = roundDown(providerAmountCents * followerEquityCents, providerEquityCents);
  const lotHundredths = Math.min(providerLotHundredths, followerMaxLeverage * 100);
  if (amountCents < MIN_COPY_AMOUNT_CENTS) {
    return err({
      code: 'BELOW_MINIMUM',
      message: `The copy would be ${formatUsd(amountCents)}, below the smallest amount of ${formatUsd(MIN_COPY_AMOUNT_CENTS)}.`,
    });
  }
  if (lotHundredths < MIN_COPY_LOT_HUNDREDTHS) {
    return err({
      code: 'BELOW_MINIMUM',
      message: 'The lot size would be below the smallest lot size of 0.01.',
    });
  }
  if (amountCents > followerAvailableCents) {
    const available = followerAvailableCents > 0n ? followerAvailableCents : 0n;
    return err({
      code: 'NOT_ENOUGH_CASH',
      message: `The copy needs ${formatUsd(amountCents)} but your available balance is ${formatUsd(available)}.`,
    });
  }
  return ok({ amountCents, lotHundredths });
}
