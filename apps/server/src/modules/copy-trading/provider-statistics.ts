import type { ProviderOpenPosition, ProviderStatistics } from '@candor/contracts/copy-trading';
import { computeRiskScore, RISK_SCORE_METHOD } from '@candor/domain/copy/risk-score';
import {
  computeMaxDrawdown,
  computeTimeWeightedReturn,
  type EquityValuation,
  type ExternalFlow,
} from '@candor/domain/copy/time-weighted-return';
import { type ClosedTradeOutcome, computeTradeStatistics } from '@candor/domain/copy/trade-statistics';
import type { EntryKind } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import { computeTradeResult, formatLotSize } from '@candor/domain/trading/trade-result';
import type { Db } from '../../db/client.ts';
import type { MarketService } from '../../market/market.service.ts';
import { closingPriceAt } from '../trades/trade-inputs.ts';
import type { TradeRow } from '../trades/trades.repository.ts';
import {
  type EquityMovement,
  selectCountedTrades,
  selectEquityMovements,
} from './provider-statistics.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days of the equity curve (and of the longest return window but "since start"). */
export const EQUITY_CURVE_DAYS = 90;

/**
 * Entries that are trading, not flows: margin moving into and out of reserved funds (net zero for
 * cash + reserved) and trade results. Every other entry that changes cash + reserved is an external
 * flow: deposit, withdrawal, withdrawal fee, adjustment, plan purchase and credit, loan payout,
 * interest and repayment, and profit share. A profit share RECEIVED from followers is income from
 * being copied, not a result of this account's own trades, so it is a flow (it does not raise the
 * return); a profit share paid is a flow as well. Reservation and release move money between cash
 * and reserved (net zero) and are neither.
 */
const TRADING_KINDS: ReadonlySet<EntryKind> = new Set([
  'trade_margin',
  'trade_margin_release',
  'trade_result',
]);

/** How the returns are computed, published on the provider page. */
export const RETURN_METHOD = [
  'Returns are time-weighted: the history is cut at every deposit, withdrawal (and its fee), loan, plan purchase or credit, manual adjustment and profit share received or paid, and the growth of the equity between those moments is chained. So money put in or taken out never counts as a gain or a loss; only trading does.',
  'Equity is cash + reserved funds (the margin of open trades) + the results of open trades. At each past moment the equity is the settled equity from the ledger (cash + reserved), without the results that trades still open at that moment had; now it includes the results of open trades at the current market price (their closing side). Maximum drawdown is the largest fall of that chained growth from a peak, since start.',
  'Win rate, profit factor, number of trades and average holding time count the closed trades. A return needs history that reaches back to the start of its period. These are past results, not a promise of future returns.',
] as const;

export type ProviderHistory = {
  valuations: EquityValuation[];
  flows: ExternalFlow[];
  /** Settled equity (cash + reserved) after each instant with entries, oldest first. */
  settled: { at: Date; equityCents: bigint }[];
};

/**
 * The valuations and flows of an account from its ledger movements (pure). Entries at the same
 * instant (one transaction) form one step: its flows are F (sum of the flow entries' net change),
 * its equity after is E; the valuation at that instant is E − F, the equity just before the flows
 * (after any trading of the same instant), and the flow is F. `now` adds a valuation of
 * `equityNowCents` when later than every entry.
 */
export function buildProviderHistory(
  movements: readonly EquityMovement[],
  now: Date,
  equityNowCents: bigint,
): ProviderHistory {
  const valuations: EquityValuation[] = [];
  const flows: ExternalFlow[] = [];
  const settled: ProviderHistory['settled'] = [];
  let cash = 0n;
  let reserved = 0n;
  let index = 0;
  while (index < movements.length) {
    const at = movements[index]?.at.getTime() ?? 0;
    let flow = 0n;
    while (index < movements.length && movements[index]?.at.getTime() === at) {
      const m = movements[index] as EquityMovement;
      if (m.cashAfterMinor !== null) cash = m.cashAfterMinor;
      if (m.reservedAfterMinor !== null) reserved = m.reservedAfterMinor;
      if (!TRADING_KINDS.has(m.kind as EntryKind)) flow += m.netMinor;
      index += 1;
    }
    const after = cash + reserved;
    const before = after - flow;
    valuations.push({ at: new Date(at), equityCents: before < 0n ? 0n : before });
    if (flow !== 0n) flows.push({ at: new Date(at), amountCents: flow });
    settled.push({ at: new Date(at), equityCents: after });
  }
  const last = settled.at(-1);
  if (!last || now.getTime() > last.at.getTime()) valuations.push({ at: now, equityCents: equityNowCents });
  return { valuations, flows, settled };
}

/** Settled equity at an instant: after the last step at or before it; null before the first step. */
function settledAt(settled: ProviderHistory['settled'], at: number): bigint | null {
  let found: bigint | null = null;
  for (const step of settled) {
    if (step.at.getTime() > at) break;
    found = step.equityCents;
  }
  return found;
}

/** A window's valuations: the history's plus the settled equity at `from` (so the window starts there). */
function windowValuations(history: ProviderHistory, from: Date): EquityValuation[] {
  const atFrom = settledAt(history.settled, from.getTime());
  const exact = history.settled.some((step) => step.at.getTime() === from.getTime());
  if (atFrom === null || exact) return history.valuations;
  return [...history.valuations, { at: from, equityCents: atFrom }];
}

function returnOver(history: ProviderHistory, from: Date, now: Date): string | null {
  return computeTimeWeightedReturn({
    valuations: windowValuations(history, from),
    flows: history.flows,
    from,
    to: now,
  });
}

type OpenValuation = { row: TradeRow; resultCents: bigint | null };

/** Open trades valued at the market's latest price, on their closing side (as closing them now would). */
function valueOpenTrades(market: MarketService, open: readonly TradeRow[]): OpenValuation[] {
  return open.map((row) => {
    const mid = market.findQuote(row.symbol)?.price;
    if (mid === undefined) return { row, resultCents: null };
    const { price } = closingPriceAt(row, mid);
    return {
      row,
      resultCents: computeTradeResult({
        direction: row.direction,
        amountCents: row.amountMinor,
        lotHundredths: row.lotHundredths,
        openPrice: row.openPrice,
        closePrice: price,
      }),
    };
  });
}

/**
 * A provider's statistics for its user id at `now`, computed from its ledger and trades (two
 * queries: the ledger movements of cash and reserved, and the trades). A trade without a market
 * price now is valued at its margin (result 0) and shown without a current result.
 */
export async function buildProviderStatistics(
  db: Db,
  market: MarketService,
  userId: string,
  now: Date,
): Promise<ProviderStatistics> {
  const [movements, rows] = await Promise.all([
    selectEquityMovements(db, userId),
    selectCountedTrades(db, userId),
  ]);
  const open = valueOpenTrades(
    market,
    rows.filter((row) => row.status === 'open'),
  );
  const closed: ClosedTradeOutcome[] = rows.flatMap((row) =>
    row.status === 'closed' && row.closedAt && row.resultMinor !== null
      ? [{ openedAt: row.openedAt, closedAt: row.closedAt, resultCents: row.resultMinor }]
      : [],
  );
  const lastMovement = movements.at(-1);
  const settledNow = lastMovement ? settledAfterAll(movements) : 0n;
  const unrealised = open.reduce((sum, p) => sum + (p.resultCents ?? 0n), 0n);
  const equityNow = settledNow + unrealised < 0n ? 0n : settledNow + unrealised;
  const history = buildProviderHistory(movements, now, equityNow);

  const first = history.valuations[0];
  const tradeStats = computeTradeStatistics(closed);
  const risk = computeRiskScore({
    equityCents: equityNow,
    positions: open.map(({ row }) => ({
      symbol: row.symbol,
      amountCents: row.amountMinor,
      lotHundredths: row.lotHundredths,
    })),
  });
  const sinceStart = first
    ? { valuations: history.valuations, flows: history.flows, from: first.at, to: now }
    : null;
  return {
    returnRate30d: returnOver(history, new Date(now.getTime() - 30 * DAY_MS), now),
    returnRate90d: returnOver(history, new Date(now.getTime() - 90 * DAY_MS), now),
    returnRateSinceStart: sinceStart ? computeTimeWeightedReturn(sinceStart) : null,
    maxDrawdown: sinceStart ? computeMaxDrawdown(sinceStart) : null,
    winRate: tradeStats.winRatePercent,
    profitFactor: tradeStats.profitFactor,
    trades: tradeStats.trades,
    wins: tradeStats.wins,
    losses: tradeStats.losses,
    averageHoldingMs: tradeStats.averageHoldingMs,
    equity: formatDecimal(equityNow),
    openPositions: open.map(toOpenPosition),
    riskScore: {
      score: risk.score,
      yearlySwingPercent: risk.yearlySwingPercent,
      exposurePercent: risk.exposurePercent,
      highestLotSize: risk.highestLotSize,
    },
    riskScoreMethod: [...RISK_SCORE_METHOD],
    returnMethod: [...RETURN_METHOD],
    equityCurve: equityCurve(history, now, equityNow),
  };
}

/** Cash + reserved after the last movement (the balances the ledger caches now). */
function settledAfterAll(movements: readonly EquityMovement[]): bigint {
  let cash = 0n;
  let reserved = 0n;
  for (const m of movements) {
    if (m.cashAfterMinor !== null) cash = m.cashAfterMinor;
    if (m.reservedAfterMinor !== null) reserved = m.reservedAfterMinor;
  }
  return cash + reserved;
}

function toOpenPosition({ row, resultCents }: OpenValuation): ProviderOpenPosition {
  return {
    symbol: row.symbol,
    direction: row.direction,
    amount: formatDecimal(row.amountMinor),
    lotSize: formatLotSize(row.lotHundredths),
    openPrice: row.openPrice,
    openedAt: row.openedAt.toISOString(),
    currentResult: resultCents === null ? null : formatDecimal(resultCents),
  };
}

/**
 * Settled equity at the end of each UTC day of the last 90 days (from the first day with a ledger
 * entry), then the equity now (with open results).
 */
function equityCurve(
  history: ProviderHistory,
  now: Date,
  equityNow: bigint,
): ProviderStatistics['equityCurve'] {
  const points: ProviderStatistics['equityCurve'] = [];
  const firstStep = history.settled[0];
  if (firstStep) {
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const firstDay = Math.floor(firstStep.at.getTime() / DAY_MS) * DAY_MS;
    for (let day = Math.max(firstDay, today - (EQUITY_CURVE_DAYS - 1) * DAY_MS); day < today; day += DAY_MS) {
      const end = day + DAY_MS - 1;
      points.push({
        at: new Date(end).toISOString(),
        equity: formatDecimal(settledAt(history.settled, end) ?? 0n),
      });
    }
  }
  points.push({ at: now.toISOString(), equity: formatDecimal(equityNow) });
  return points;
}
