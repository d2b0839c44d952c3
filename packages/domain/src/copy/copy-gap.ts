import { requireDecimal } from '../money/decimal.ts';
import { formatDecimal } from '../money/money.ts';

/** One side of a copy or of the provider's trade it copies: when and at what executed price. */
export type Execution = {
  /** Milliseconds since the epoch. */
  openedAtMs: number;
  openPrice: string;
  closedAtMs: number | null;
  closePrice: string | null;
};

/** How far a copy was from the provider's own trade, at its open and, once both closed, at its close. */
export type CopyGap = {
  /** copy's open time − provider's open time (a copy opens after the provider's trade). */
  openDelayMs: number;
  /** copy's open price − provider's open price, signed. */
  openPriceDifference: string;
  /** Null until both are closed. */
  closeDelayMs: number | null;
  closePriceDifference: string | null;
};

/**
 * a − b for two exact decimal prices ("67250.5", "67234.125"), signed, at the larger of their
 * scales ("16.375"): no digit of either price is lost.
 */
export function subtractPrices(a: string, b: string): string {
  const left = requireDecimal(a);
  const right = requireDecimal(b);
  const scale = Math.max(left.scale, right.scale);
  const difference =
    left.units * 10n ** BigInt(scale - left.scale) - right.units * 10n ** BigInt(scale - right.scale);
  return formatDecimal(difference, scale);
}

/**
 * The delay and price difference of a copy from the provider's trade (issue 14: "with its delay and
 * price difference from the provider's own open and close"). A follower pays their own spread, so
 * a difference may come from the spread as well as from the market moving during the delay.
 */
export function measureCopyGap(copy: Execution, provider: Execution): CopyGap {
  const close =
    copy.closedAtMs !== null &&
    copy.closePrice !== null &&
    provider.closedAtMs !== null &&
    provider.closePrice !== null
      ? {
          delayMs: copy.closedAtMs - provider.closedAtMs,
          difference: subtractPrices(copy.closePrice, provider.closePrice),
        }
      : null;
  return {
    openDelayMs: copy.openedAtMs - provider.openedAtMs,
    openPriceDifference: subtractPrices(copy.openPrice, provider.openPrice),
    closeDelayMs: close?.delayMs ?? null,
    closePriceDifference: close?.difference ?? null,
  };
}
