import type { Quote } from '@candor/contracts/market';
import { isCopyStopLossReached } from '@candor/domain/copy/copy-stop-loss';
import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { MarketLogger } from '../../market/market-logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  type OpenCopy,
  selectOpenCopiesOf,
  selectRealisedByRelation,
  selectWatchedRelations,
} from './copy-stop-loss.repository.ts';
import { enforceCopyStopLoss, measureUnrealised } from './copy-stop-loss.ts';

export type CopyStopLossMonitorOptions = {
  db: Db;
  market: MarketService;
  mailer: Mailer;
  logger: MarketLogger;
  clock?: Clock;
  /** Prepared before a relation is stopped: closing its copies may add jobs (docs/decisions/038). */
  jobs: Pick<JobQueue, 'prepare'>;
  /** The shortest time between two checks, in ms (default 1,000): ticks in between are gathered. */
  minIntervalMs?: number;
};

export type CopyStopLossMonitor = {
  /** Follows every instrument's live quotes; the symbols that ticked are checked at most once an interval. */
  start(): void;
  /** Stops following the quotes and waits for the check under way. */
  stop(): Promise<void>;
  /**
   * Checks the relations with open copies of these symbols at the market's fresh prices now (what
   * each gathering of ticks goes through); answers how many stop-losses fired. Tests drive it.
   */
  check(symbols: readonly string[]): Promise<number>;
  /** Waits until the ticks received so far are checked. */
  settle(): Promise<void>;
};

function groupByRelation(copies: readonly OpenCopy[]): Map<string, OpenCopy[]> {
  const byRelation = new Map<string, OpenCopy[]>();
  for (const copy of copies) {
    if (copy.copyRelationId === null) continue;
    const list = byRelation.get(copy.copyRelationId) ?? [];
    list.push(copy);
    byRelation.set(copy.copyRelationId, list);
  }
  return byRelation;
}

/**
 * The copy stop-loss on price moves (issue 14 item 3), shaped like the stop-out monitor: only the
 * server producing prices checks them. Ticks are gathered by symbol; at most once per interval,
 * three queries find the active relations with a limit that hold an open copy of a ticked symbol
 * (a partial index on open copies), their realised results and their open copies; each loss is
 * measured in memory at the fresh prices, and only a relation that reached its limit gets a
 * transaction of its own, where `enforceCopyStopLoss` locks it and decides again (so two monitors,
 * or a monitor and the job after a close, fire it once). An error is logged and never stops it.
 */
export function createCopyStopLossMonitor(options: CopyStopLossMonitorOptions): CopyStopLossMonitor {
  const { db, market, mailer, logger, jobs } = options;
  const clock = options.clock ?? systemClock;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  let pending = new Set<string>();
  let draining: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let lastCheck = 0;

  async function check(symbols: readonly string[]): Promise<number> {
    const watched = await selectWatchedRelations(db, symbols);
    if (watched.length === 0) return 0;
    const ids = watched.map((relation) => relation.id);
    const [realised, open] = await Promise.all([
      selectRealisedByRelation(db, ids),
      selectOpenCopiesOf(db, ids),
    ]);
    const copiesOf = groupByRelation(open);
    let fired = 0;
    for (const relation of watched) {
      const unrealised = measureUnrealised(market, copiesOf.get(relation.id) ?? []);
      if (unrealised === null) continue;
      const reached = isCopyStopLossReached({
        limitCents: relation.limitMinor,
        realisedCents: realised.get(relation.id) ?? 0n,
        unrealisedCents: unrealised,
      });
      if (!reached) continue;
      try {
        await jobs.prepare();
        const now = clock();
        if (await db.transaction((tx) => enforceCopyStopLoss(tx, { market, mailer }, relation.id, now))) {
          fired++;
        }
      } catch (error) {
        logger.error({ err: error, relationId: relation.id }, 'Copy stop-loss: stopping a relation failed');
      }
    }
    if (fired > 0) logger.info({ fired }, 'Copy stop-loss: copying stopped');
    return fired;
  }

  async function drain(): Promise<void> {
    while (pending.size > 0) {
      const wait = lastCheck + minIntervalMs - Date.now();
      if (wait > 0) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, wait);
        });
        timer = undefined;
        wake = undefined;
        if (!unsubscribe) return;
      }
      const symbols = [...pending];
      pending = new Set();
      lastCheck = Date.now();
      try {
        await check(symbols);
      } catch (error) {
        logger.error({ err: error }, 'Copy stop-loss: checking the prices failed');
      }
    }
  }

  function schedule(): void {
    if (draining) return;
    draining = drain().finally(() => {
      draining = undefined;
      if (pending.size > 0 && unsubscribe) schedule();
    });
  }

  function onQuote(quote: Quote): void {
    // A stale quote repeats the last price of a source that stopped answering: nothing new to check.
    if (!market.live.producing || quote.stale) return;
    pending.add(quote.symbol);
    schedule();
  }

  return {
    start() {
      if (unsubscribe) return;
      const symbols = market.listInstruments().map((instrument) => instrument.symbol);
      unsubscribe = market.subscribe(symbols, onQuote);
    },
    async stop() {
      unsubscribe?.();
      unsubscribe = undefined;
      pending.clear();
      if (timer) clearTimeout(timer);
      wake?.();
      await draining;
    },
    check,
    async settle() {
      while (draining) await draining;
    },
  };
}
