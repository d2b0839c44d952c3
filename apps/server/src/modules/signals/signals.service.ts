import type { SignalRating } from '@candor/contracts/market';
import type { SignalFeatures } from '@candor/contracts/plans';
import {
  type CreateSignalAlertRequest,
  formatSignalPlanDay,
  MAX_SIGNAL_ALERTS,
  SIGNAL_MESSAGES,
  type SignalAlert,
  type SignalAlertList,
  type SignalInstruments,
  type SignalList,
  type SignalPlanSummary,
} from '@candor/contracts/signals';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import type { SignalInterval } from '@candor/domain/plans/plan-kinds';
import { defaultSignalInstruments } from '@candor/domain/signals/default-instruments';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MarketService } from '../../market/market.service.ts';
import { findActivePlans, findCurrentPurchase, type PlanPurchaseRow } from '../plans/plans.repository.ts';
import type { SignalRatings } from './signal-ratings.ts';
import {
  countAlertsForUpdate,
  deleteOwnAlert,
  insertAlert,
  replaceChosenSymbols,
  type SignalAlertRow,
  selectAlerts,
  selectChosenSymbols,
} from './signals.repository.ts';

export type SignalsDeps = {
  db: Db;
  market: Pick<MarketService, 'listInstruments' | 'findInstrument'>;
  ratings: SignalRatings;
};

export type ActiveSignalPlan = { purchase: PlanPurchaseRow; features: SignalFeatures };

/** The account's active signal plan, if any. */
export async function findActiveSignalPlan(
  db: Db,
  userId: string,
  now: Date,
): Promise<ActiveSignalPlan | undefined> {
  return (await findActivePlans(db, userId, now)).signal;
}

/**
 * The account's active signal plan; 403 FORBIDDEN otherwise, saying that a signal plan unlocks the
 * list (or that theirs expired, and when).
 */
export async function requireSignalPlan(db: Db, userId: string, now: Date): Promise<ActiveSignalPlan> {
  const active = await findActiveSignalPlan(db, userId, now);
  if (active) return active;
  const current = await findCurrentPurchase(db, userId, 'signal');
  if (current?.expiresAt && current.expiresAt <= now) {
    throw new AppError(
      'FORBIDDEN',
      SIGNAL_MESSAGES.planExpired(current.name, formatSignalPlanDay(current.expiresAt)),
    );
  }
  throw new AppError('FORBIDDEN', SIGNAL_MESSAGES.noPlan);
}

function summarize(plan: ActiveSignalPlan): SignalPlanSummary {
  return {
    name: plan.purchase.name,
    instrumentCount: plan.features.instrumentCount,
    intervals: plan.features.intervals,
    alerts: plan.features.alerts,
    expiresAt: plan.purchase.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The instruments the plan rates for the account: their own choice (known symbols, in their
 * order, the first `instrumentCount`), or the default list when they chose none.
 */
export async function selectCoveredInstruments(
  deps: Pick<SignalsDeps, 'db' | 'market'>,
  userId: string,
  features: SignalFeatures,
): Promise<{ chosen: boolean; instruments: InstrumentSpec[] }> {
  const chosen = (await selectChosenSymbols(deps.db, userId))
    .map((symbol) => deps.market.findInstrument(symbol))
    .filter((spec): spec is InstrumentSpec => spec !== undefined);
  if (chosen.length > 0) {
    const count = features.instrumentCount;
    return { chosen: true, instruments: count === null ? chosen : chosen.slice(0, count) };
  }
  const catalogue = deps.market
    .listInstruments()
    .map((item) => deps.market.findInstrument(item.symbol))
    .filter((spec): spec is InstrumentSpec => spec !== undefined);
  return { chosen: false, instruments: defaultSignalInstruments(catalogue, features.instrumentCount) };
}

function requireIntervalInPlan(plan: ActiveSignalPlan, interval: SignalInterval): void {
  if (!plan.features.intervals.includes(interval)) {
    throw new AppError(
      'FORBIDDEN',
      SIGNAL_MESSAGES.intervalNotInPlan(plan.purchase.name, plan.features.intervals),
    );
  }
}

/** GET /api/signals: the computed ratings of the plan's instruments on one of its intervals. */
export async function listSignals(
  deps: SignalsDeps,
  userId: string,
  requested: SignalInterval | undefined,
  now: Date,
): Promise<SignalList> {
  const plan = await requireSignalPlan(deps.db, userId, now);
  const interval = requested ?? plan.features.intervals[0] ?? '1h';
  requireIntervalInPlan(plan, interval);
  const { chosen, instruments } = await selectCoveredInstruments(deps, userId, plan.features);
  const items = await Promise.all(
    instruments.map(async (spec) => {
      const rated = await deps.ratings.rate(spec.symbol, interval);
      return {
        symbol: spec.symbol,
        name: spec.name,
        class: spec.class,
        rating: rated?.rating ?? null,
        direction: rated?.direction ?? null,
        candleTime: rated?.candleTime ?? null,
        computedAt: rated?.computedAt ?? null,
      };
    }),
  );
  return { plan: summarize(plan), interval, chosen, items };
}

/**
 * GET /api/signals/:symbol: the signal strength of one instrument, for every customer. It is the
 * signals list's kept rating of its closed hourly candles (the same number its row shows), dated
 * when the last of them closed; NOT_FOUND for an unknown symbol or too little history.
 */
export async function requireSignalStrength(
  deps: { market: Pick<MarketService, 'requireInstrument'>; ratings: SignalRatings },
  symbol: string,
): Promise<SignalRating> {
  const spec = deps.market.requireInstrument(symbol);
  const rated = await deps.ratings.rate(spec.symbol, '1h');
  if (!rated) throw new AppError('NOT_FOUND', `Not enough price history to rate ${spec.symbol} yet`);
  return {
    symbol: spec.symbol,
    rating: rated.rating,
    direction: rated.direction,
    interval: '1h',
    asOf: rated.computedAt,
  };
}

/** PUT /api/signals/instruments: the customer's own list, at most the plan's count; empty = default. */
export async function saveSignalInstruments(
  deps: Pick<SignalsDeps, 'market'> & { tx: Db },
  userId: string,
  symbols: readonly string[],
  now: Date,
): Promise<SignalInstruments> {
  const plan = await requireSignalPlan(deps.tx, userId, now);
  const count = plan.features.instrumentCount;
  if (count !== null && symbols.length > count) {
    throw new AppError('VALIDATION_FAILED', SIGNAL_MESSAGES.tooManyInstruments(count));
  }
  const unknown = symbols.filter((symbol) => !deps.market.findInstrument(symbol));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${unknown.join(', ')}`);
  }
  const canonical = symbols.map((symbol) => deps.market.findInstrument(symbol)?.symbol ?? symbol);
  await replaceChosenSymbols(deps.tx, userId, canonical);
  return { symbols: canonical, chosen: canonical.length > 0 };
}

/** Whether alerts run for the account now, and why not. */
async function describeAlertAccess(
  db: Db,
  userId: string,
  now: Date,
): Promise<{ plan: ActiveSignalPlan; reason: null } | { plan: undefined; reason: string }> {
  const plan = await findActiveSignalPlan(db, userId, now);
  if (plan?.features.alerts) return { plan, reason: null };
  if (plan) return { plan: undefined, reason: SIGNAL_MESSAGES.alertsNotInPlan };
  const current = await findCurrentPurchase(db, userId, 'signal');
  if (current?.expiresAt && current.expiresAt <= now) {
    return {
      plan: undefined,
      reason: SIGNAL_MESSAGES.alertsPlanExpired(current.name, formatSignalPlanDay(current.expiresAt)),
    };
  }
  return { plan: undefined, reason: SIGNAL_MESSAGES.alertsNoPlan };
}

function toSignalAlert(
  row: SignalAlertRow,
  deps: Pick<SignalsDeps, 'market'>,
  watched?: { plan: ActiveSignalPlan; symbols: ReadonlySet<string> },
): SignalAlert {
  const pausedReason = !watched
    ? null
    : !watched.symbols.has(row.symbol)
      ? SIGNAL_MESSAGES.alertInstrumentLeftList
      : !watched.plan.features.intervals.includes(row.interval)
        ? SIGNAL_MESSAGES.alertIntervalNotInPlan
        : null;
  return {
    id: row.id,
    symbol: row.symbol,
    name: deps.market.findInstrument(row.symbol)?.name ?? row.symbol,
    interval: row.interval,
    threshold: row.threshold,
    direction: row.direction,
    lastRating: row.lastRating,
    lastRatedAt: row.lastRatedAt?.toISOString() ?? null,
    lastNotifiedAt: row.lastNotifiedAt?.toISOString() ?? null,
    pausedReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/signal-alerts: the customer's alerts and whether they run. Without a plan that includes
 * alerts there is nothing to show: 403. Alerts kept from a plan that since expired are listed,
 * paused, with the reason (the job skips them).
 */
export async function listSignalAlerts(
  deps: Pick<SignalsDeps, 'db' | 'market'>,
  userId: string,
  now: Date,
): Promise<SignalAlertList> {
  const access = await describeAlertAccess(deps.db, userId, now);
  const rows = await selectAlerts(deps.db, userId);
  if (!access.plan) {
    if (rows.length === 0) throw new AppError('FORBIDDEN', access.reason);
    return {
      enabled: false,
      reason: access.reason,
      max: MAX_SIGNAL_ALERTS,
      items: rows.map((row) => toSignalAlert(row, deps)),
    };
  }
  const { instruments } = await selectCoveredInstruments(deps, userId, access.plan.features);
  const watched = { plan: access.plan, symbols: new Set(instruments.map((spec) => spec.symbol)) };
  return {
    enabled: true,
    reason: null,
    max: MAX_SIGNAL_ALERTS,
    items: rows.map((row) => toSignalAlert(row, deps, watched)),
  };
}

/** POST /api/signal-alerts: a new alert on an instrument of the list and an interval of the plan. */
export async function createSignalAlert(
  deps: Pick<SignalsDeps, 'market'> & { tx: Db },
  userId: string,
  request: CreateSignalAlertRequest,
  now: Date,
): Promise<SignalAlert> {
  const access = await describeAlertAccess(deps.tx, userId, now);
  if (!access.plan) throw new AppError('FORBIDDEN', access.reason);
  requireIntervalInPlan(access.plan, request.interval);
  const spec = deps.market.findInstrument(request.symbol);
  const { instruments } = await selectCoveredInstruments(
    { db: deps.tx, market: deps.market },
    userId,
    access.plan.features,
  );
  if (!spec || !instruments.some((item) => item.symbol === spec.symbol)) {
    throw new AppError(
      'VALIDATION_FAILED',
      SIGNAL_MESSAGES.instrumentNotInList(spec?.symbol ?? request.symbol),
    );
  }
  if ((await countAlertsForUpdate(deps.tx, userId)) >= MAX_SIGNAL_ALERTS) {
    throw new AppError('CONFLICT', SIGNAL_MESSAGES.tooManyAlerts);
  }
  const row = await insertAlert(deps.tx, {
    userId,
    symbol: spec.symbol,
    interval: request.interval,
    threshold: request.threshold,
    direction: request.direction,
    createdAt: now,
  });
  return toSignalAlert(row, deps);
}

/** DELETE /api/signal-alerts/:id: only the customer's own alert (another's is NOT_FOUND). */
export async function deleteSignalAlert(tx: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnAlert(tx, userId, id))) throw new AppError('NOT_FOUND', 'No such alert');
}
