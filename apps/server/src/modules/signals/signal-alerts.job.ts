import { SIGNAL_INTERVAL_LABELS } from '@candor/contracts/plans';
import { crossesThreshold } from '@candor/domain/signals/rating-alert';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { createRepeatingJob, type RepeatingJob } from '../../lib/repeating-job.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import type { ComputedRating, SignalRatings } from './signal-ratings.ts';
import { recordAlertReading, type SignalAlertRow, selectAlertsToEvaluate } from './signals.repository.ts';
import { findActiveSignalPlan, selectCoveredInstruments } from './signals.service.ts';

/** How often the job looks at the ratings. */
export const SIGNAL_ALERT_PERIOD_MS = 60_000;

export type SignalAlertSummary = {
  /** Alerts whose rating was read and recorded. */
  evaluated: number;
  /** Alerts that crossed their threshold: their owner was told. */
  notified: number;
  /** Alerts not evaluated: no active plan with alerts, interval or instrument no longer covered. */
  skipped: number;
};

type AlertDeps = {
  db: Db;
  market: Pick<MarketService, 'listInstruments' | 'findInstrument'>;
  ratings: Pick<SignalRatings, 'rate'>;
  mailer: Pick<Mailer, 'send'>;
  now: Date;
  log?: Pick<FastifyBaseLogger, 'error'>;
};

function alertMail(
  alert: SignalAlertRow & { email: string },
  name: string,
  rated: ComputedRating,
  siteName: string,
) {
  const moved = alert.direction === 'above' ? 'rose above' : 'fell below';
  const closed = new Date(rated.computedAt * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return {
    to: alert.email,
    userId: alert.userId,
    subject: `${siteName}: ${alert.symbol} rating ${moved} ${alert.threshold}%`,
    text: [
      `The computed rating of ${alert.symbol} (${name}) on ${SIGNAL_INTERVAL_LABELS[alert.interval]} candles ${moved} your alert threshold of ${alert.threshold}%.`,
      `It is now ${rated.rating}% (${rated.direction.replace('_', ' ')}), computed from the candle that closed at ${closed} UTC.`,
      '',
      'Ratings are computed from recent candles by standard technical indicators (moving averages, RSI, MACD, stochastic). They describe past prices; they are not advice and do not say where a price will go.',
      'You can change or delete this alert on the Signal page.',
    ].join('\n'),
  };
}

/**
 * One pass of the rating alerts (issue 13 item 2): for each account with an active signal plan that
 * includes alerts, each alert on an instrument of its list and an interval of its plan reads the
 * current rating. A rating from a newer candle than the one last seen is recorded; when it crossed
 * the threshold (see crossesThreshold: the first reading only records, staying beyond fires
 * nothing) the owner is mailed, which also keeps the message in their Messages. Accounts whose
 * plan expired are skipped. Two servers running it at once record each reading once.
 */
export async function runSignalAlerts(deps: AlertDeps): Promise<SignalAlertSummary> {
  const summary: SignalAlertSummary = { evaluated: 0, notified: 0, skipped: 0 };
  let siteName: string | undefined;
  const alerts = await selectAlertsToEvaluate(deps.db);
  const byUser = new Map<string, typeof alerts>();
  for (const alert of alerts) byUser.set(alert.userId, [...(byUser.get(alert.userId) ?? []), alert]);
  for (const [userId, own] of byUser) {
    const plan = await findActiveSignalPlan(deps.db, userId, deps.now);
    if (!plan?.features.alerts) {
      summary.skipped += own.length;
      continue;
    }
    const { instruments } = await selectCoveredInstruments(deps, userId, plan.features);
    const covered = new Map(instruments.map((spec) => [spec.symbol, spec]));
    for (const alert of own) {
      const spec = covered.get(alert.symbol);
      if (!spec || !plan.features.intervals.includes(alert.interval)) {
        summary.skipped++;
        continue;
      }
      const rated = await deps.ratings.rate(alert.symbol, alert.interval);
      if (!rated) {
        summary.skipped++;
        continue;
      }
      const ratedAt = new Date(rated.computedAt * 1000);
      if (alert.lastRatedAt?.getTime() === ratedAt.getTime()) continue;
      const fires = crossesThreshold(alert.lastRating, rated.rating, alert.threshold, alert.direction);
      const recorded = await recordAlertReading(deps.db, alert.id, alert.lastRatedAt, {
        lastRating: rated.rating,
        lastRatedAt: ratedAt,
        ...(fires ? { lastNotifiedAt: deps.now } : {}),
      });
      if (!recorded) continue;
      summary.evaluated++;
      if (!fires) continue;
      summary.notified++;
      try {
        siteName ??= await readSiteName(deps.db);
        await deps.mailer.send(alertMail(alert, spec.name, rated, siteName));
      } catch (error) {
        deps.log?.error({ err: error, alertId: alert.id }, 'a rating alert could not be mailed');
      }
    }
  }
  return summary;
}

/** Rating alerts, every minute until stopped; `runOnce` is one pass at the job's clock (tests use a manual clock). */
export type SignalAlertJob = RepeatingJob<SignalAlertSummary>;

/** Runs the rating alerts every minute until stopped; a failed pass is logged and the next one runs. */
export function createSignalAlertJob(options: {
  db: Db;
  market: Pick<MarketService, 'listInstruments' | 'findInstrument'>;
  ratings: Pick<SignalRatings, 'rate'>;
  mailer: Pick<Mailer, 'send'>;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
  clock?: Clock;
  periodMs?: number;
}): SignalAlertJob {
  const clock = options.clock ?? systemClock;
  const period = options.periodMs ?? SIGNAL_ALERT_PERIOD_MS;
  return createRepeatingJob({
    name: 'rating alerts',
    run: () => runSignalAlerts({ ...options, now: clock(), log: options.logger }),
    logger: options.logger,
    firstRunDelayMs: period,
    intervalMs: period,
    logSummary: false,
  });
}
