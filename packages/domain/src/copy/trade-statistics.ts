import { formatDecimal } from '../money/money.ts';
import { roundHalfAwayFromZero } from '../trading/trade-result.ts';

/** A closed trade as the statistics see it: when it opened and closed, and its result in cents. */
export type ClosedTradeOutcome = { openedAt: Date; closedAt: Date; resultCents: bigint };

export type TradeStatistics = {
  /** How many trades closed. */
  trades: number;
  /** Closed with a result above zero. */
  wins: number;
  /** Closed with a result below zero (a result of exactly zero is neither). */
  losses: number;
  /** wins ÷ trades in percent, "62.50"; null without closed trades. */
  winRatePercent: string | null;
  /** Sum of wins ÷ |sum of losses|, "1.75"; null without losing trades (see `computeProfitFactor`). */
  profitFactor: string | null;
  /** Mean of (closed − opened) in whole milliseconds, rounded down; null without closed trades. */
  averageHoldingMs: number | null;
};

/**
 * Win rate: the closed trades with a result above zero ÷ all closed trades, in percent with two
 * decimals, rounded to the nearest hundredth of a percent, halves away from zero
 * (`roundHalfAwayFromZero`). A trade closed at exactly zero counts as a trade, not as a win.
 * Null without closed trades.
 */
export function computeWinRate(trades: readonly ClosedTradeOutcome[]): string | null {
  if (trades.length === 0) return null;
  const wins = trades.filter((t) => t.resultCents > 0n).length;
  return formatDecimal(roundHalfAwayFromZero(BigInt(wins) * 10_000n, BigInt(trades.length)), 2);
}

/**
 * Profit factor: the sum of the winning trades' results ÷ the absolute sum of the losing trades'
 * results, with two decimals, rounded to the nearest hundredth, halves away from zero
 * (`roundHalfAwayFromZero`): "2.00" means the wins earned twice what the losses cost; below
 * "1.00" the losses were larger. Null when no trade lost (nothing to divide by): the provider page
 * shows "—" with the words "No losing trades yet" rather than an infinite number.
 */
export function computeProfitFactor(trades: readonly ClosedTradeOutcome[]): string | null {
  let won = 0n;
  let lost = 0n;
  for (const t of trades) {
    if (t.resultCents > 0n) won += t.resultCents;
    else lost -= t.resultCents;
  }
  if (lost === 0n) return null;
  return formatDecimal(roundHalfAwayFromZero(won * 100n, lost), 2);
}

/**
 * Average holding time: the mean of (closed at − opened at) over the closed trades, in whole
 * milliseconds, rounded down. Null without closed trades.
 */
export function computeAverageHoldingMs(trades: readonly ClosedTradeOutcome[]): number | null {
  if (trades.length === 0) return null;
  let total = 0n;
  for (const t of trades) {
    const held = t.closedAt.getTime() - t.openedAt.getTime();
    if (held < 0) throw new Error('a trade closes after it opens');
    total += BigInt(held);
  }
  return Number(total / BigInt(trades.length));
}

/** The closed-trade statistics of the provider page, from the trades themselves (never typed). */
export function computeTradeStatistics(trades: readonly ClosedTradeOutcome[]): TradeStatistics {
  return {
    trades: trades.length,
    wins: trades.filter((t) => t.resultCents > 0n).length,
    losses: trades.filter((t) => t.resultCents < 0n).length,
    winRatePercent: computeWinRate(trades),
    profitFactor: computeProfitFactor(trades),
    averageHoldingMs: computeAverageHoldingMs(trades),
  };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * A holding time for people, in its two largest units, rounded down: "2 d 3 h", "5 h 12 min",
 * "45 min", "under 1 min".
 */
export function formatHoldingTime(ms: number): string {
  if (ms < MINUTE_MS) return 'under 1 min';
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.floor((ms % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
