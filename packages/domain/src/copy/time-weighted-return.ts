import { formatDecimal } from '../money/money.ts';
import { roundHalfAwayFromZero } from '../trading/trade-result.ts';

/**
 * The account's equity at one instant, in cents: available cash + reserved funds + the
 * unrealised results of open trades at that instant's prices. Never below zero.
 */
export type EquityValuation = { at: Date; equityCents: bigint };

/**
 * Money that moved into (+) or out of (−) the account without trading, in cents: deposits,
 * withdrawals (and their fees), loan payouts and repayments and interest, plan purchases and
 * credits, manual adjustments, copy-trading profit shares — every ledger movement that is not a
 * trade's result. Margin moving between cash and reserved funds is not a flow: equity counts both.
 */
export type ExternalFlow = { at: Date; amountCents: bigint };

/** An exact ratio num ÷ den (den > 0), so chaining many periods loses nothing to rounding. */
export type Ratio = { num: bigint; den: bigint };

/**
 * One point of the time-weighted index: the growth of 1 unit invested at the first valuation.
 * `measured` is false while the account held no equity (the sub-period started at zero or less):
 * the index then stays where it was, because there was nothing to earn a return on.
 */
export type IndexPoint = { at: Date; index: Ratio; measured: boolean };

/** A window of the history: from its start to its end, both included. */
export type HistoryWindow = {
  valuations: readonly EquityValuation[];
  flows: readonly ExternalFlow[];
  from: Date;
  to: Date;
};

const ONE: Ratio = { num: 1n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function reduce(num: bigint, den: bigint): Ratio {
  const divisor = gcd(num, den);
  return divisor <= 1n ? { num, den } : { num: num / divisor, den: den / divisor };
}

function times(ratio: Ratio, num: bigint, den: bigint): Ratio {
  return reduce(ratio.num * num, ratio.den * den);
}

/** −1 when a < b, 0 when equal, 1 when a > b. */
export function compareRatios(a: Ratio, b: Ratio): number {
  const left = a.num * b.den;
  const right = b.num * a.den;
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * A ratio as a percent change with two decimals, "12.34" or "-5.00": (ratio − 1) × 100, rounded
 * to the nearest hundredth of a percent with `roundHalfAwayFromZero` (the rule of every percent
 * on the provider page).
 */
export function formatRatioAsPercentChange(ratio: Ratio): string {
  return formatDecimal(roundHalfAwayFromZero((ratio.num - ratio.den) * 10_000n, ratio.den), 2);
}

type Event = { at: number; order: 0 | 1; valuation?: bigint; flow?: bigint };

function eventsOf(valuations: readonly EquityValuation[], flows: readonly ExternalFlow[]): Event[] {
  const events: Event[] = [
    ...valuations.map((v): Event => {
      if (v.equityCents < 0n) throw new Error('equity is never below zero');
      return { at: v.at.getTime(), order: 0, valuation: v.equityCents };
    }),
    ...flows.map((f): Event => ({ at: f.at.getTime(), order: 1, flow: f.amountCents })),
  ];
  // Stable: valuations keep their given order at the same instant; a valuation comes before a flow.
  return events.sort((a, b) => a.at - b.at || a.order - b.order);
}

/**
 * The time-weighted index of an account: chained growth of its equity between external flows, so
 * that deposits and withdrawals are not gains or losses.
 *
 * The history is cut into sub-periods at every flow. A sub-period starts with the equity right
 * after a flow (or at the first valuation) and ends with the LAST VALUATION BEFORE THE NEXT FLOW;
 * a valuation at the same instant as a flow is the equity just before it. Its growth factor is
 * end ÷ start, and the index is the product of the factors:
 *
 *   index = (E₁ ÷ S₁) × (E₂ ÷ S₂) × … ,   Sₖ₊₁ = Eₖ + flow
 *
 * For exact results give a valuation at the instant of every flow (the equity before it);
 * without one, the latest earlier valuation closes the sub-period and what trading earned between
 * them counts in the next sub-period. Flows before the first valuation are already in it and are
 * ignored. A sub-period that starts at zero or less (no money in the account) has no return: the
 * index stays where it was and its points are not `measured`. Exact ratios, no rounding.
 */
export function computeTimeWeightedIndex(
  valuations: readonly EquityValuation[],
  flows: readonly ExternalFlow[],
): IndexPoint[] {
  const points: IndexPoint[] = [];
  let closed = ONE; // product of the factors of the sub-periods already closed
  let start: bigint | null = null; // equity at the start of the current sub-period
  let latest = 0n; // the latest valuation (or start) of the current sub-period
  for (const event of eventsOf(valuations, flows)) {
    if (event.valuation !== undefined) {
      if (start === null) start = event.valuation;
      latest = event.valuation;
      const measured = start > 0n;
      points.push({
        at: new Date(event.at),
        index: measured ? times(closed, latest, start) : closed,
        measured,
      });
    } else if (event.flow !== undefined && start !== null) {
      if (start > 0n) closed = times(closed, latest, start);
      start = latest + event.flow;
      latest = start;
    }
  }
  return points;
}

/**
 * The index points of a window: the window starts with the latest valuation at or before `from`
 * (the equity at `from`), then every valuation and flow after it up to `to`, chained afresh from
 * 1. Null when there is not enough history: no valuation at or before `from` (the account's
 * history does not reach back to the window's start), or no valuation after that one up to `to`
 * in which the account held money (nothing to compare).
 */
function windowIndex(window: HistoryWindow): IndexPoint[] | null {
  const { from, to } = window;
  if (to.getTime() < from.getTime()) throw new Error('a window ends after it starts');
  const sorted = [...window.valuations].sort((a, b) => a.at.getTime() - b.at.getTime());
  let startIndex = -1;
  sorted.forEach((v, i) => {
    if (v.at.getTime() <= from.getTime()) startIndex = i;
  });
  const first = sorted[startIndex];
  if (!first) return null;
  const startAt = first.at.getTime();
  const valuations = sorted.slice(startIndex).filter((v) => v.at.getTime() <= to.getTime());
  const flows = window.flows.filter((f) => f.at.getTime() >= startAt && f.at.getTime() <= to.getTime());
  const points = computeTimeWeightedIndex(valuations, flows);
  return points.slice(1).some((p) => p.measured) ? points : null;
}

/**
 * The time-weighted return of a window in percent with two decimals ("21.00", "-12.00"): the
 * window's index (see `computeTimeWeightedIndex`) at its last valuation, minus 1, × 100, rounded
 * to the nearest hundredth of a percent, halves away from zero (`roundHalfAwayFromZero`). Deposits
 * and withdrawals do not count as gains or losses. Null when there is not enough history: no
 * valuation at or before `from`, or no valuation after it (up to `to`) while the account held
 * money. The server gives a valuation at `to` (now) so the last moments count. "Since start" is
 * the window from the account's first valuation.
 */
export function computeTimeWeightedReturn(window: HistoryWindow): string | null {
  const points = windowIndex(window);
  const last = points?.at(-1);
  return last ? formatRatioAsPercentChange(last.index) : null;
}

/**
 * The maximum drawdown of a window in percent of the peak, two decimals ("25.00"; "0.00" when it
 * never fell): the largest fall from a running peak to a later trough, (peak − trough) ÷ peak,
 * measured on the window's TIME-WEIGHTED INDEX rather than on raw equity, so a withdrawal is not a
 * fall and a deposit does not hide a loss. Rounded to the nearest hundredth of a percent, halves
 * away from zero. Measured at the valuations given (a fall between two valuations that recovered
 * before the next one is not seen). Null when there is not enough history (as the return).
 */
export function computeMaxDrawdown(window: HistoryWindow): string | null {
  const points = windowIndex(window);
  if (!points) return null;
  let peak: Ratio | null = null; // the first point's index is 1, so the peak is never 0
  let worst: Ratio = { num: 0n, den: 1n }; // the largest (peak − index) ÷ peak seen so far
  for (const { index } of points) {
    if (peak === null || compareRatios(index, peak) > 0) peak = index;
    // (peak − index) ÷ peak = 1 − index ÷ peak
    const fall = reduce(peak.num * index.den - index.num * peak.den, peak.num * index.den);
    if (compareRatios(fall, worst) > 0) worst = fall;
  }
  return formatDecimal(roundHalfAwayFromZero(worst.num * 10_000n, worst.den), 2);
}
