import type { Quote } from '@candor/contracts/market';
import { compareDecimal } from '@candor/domain/market/candles';
import type { Db } from '../../db/client.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs/job-queue.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { MarketLogger } from '../../market/market-logger.ts';
import { stopOutTrade } from './close-trade.service.ts';
import { findStopOutCandidates, type PriceRange } from './trades.repository.ts';

export type StopOutMonitorOptions = {
  db: Db;
  market: Pick<MarketService, 'listInstruments' | 'subscribe' | 'live'>;
  logger: MarketLogger;
  clock?: Clock;
  /** Prepared before a trade is closed: a close may add copy-trading jobs (docs/decisions/038). */
  jobs: Pick<JobQueue, 'prepare'>;
};

export type StopOutMonitor = {
  /** Follows every instrument's live quotes; each batch of ticks is checked once it has arrived. */
  start(): void;
  /** Stops following the quotes and waits for the check under way. */
  stop(): Promise<void>;
  /**
   * Checks these quotes now (what each batch of ticks goes through) and answers how many trades
   * were stopped out. Tests drive it directly; it works whether or not the monitor is started.
   */
  check(quotes: readonly Quote[]): Promise<number>;
  /** Waits until the ticks received so far are checked. */
  settle(): Promise<void>;
};

/** The lowest and highest fresh price of each symbol among the quotes. */
function toRanges(quotes: Iterable<Quote>): Map<string, PriceRange> {
  const ranges = new Map<string, PriceRange>();
  for (const quote of quotes) addQuote(ranges, quote);
  return ranges;
}

function addQuote(ranges: Map<string, PriceRange>, quote: Quote): void {
  // A stale quote repeats the last price of a source that stopped answering: nothing new to check.
  if (quote.stale) return;
  const known = ranges.get(quote.symbol);
  if (!known) {
    ranges.set(quote.symbol, { symbol: quote.symbol, low: quote.price, high: quote.price });
    return;
  }
  if (compareDecimal(quote.price, known.low) < 0) known.low = quote.price;
  if (compareDecimal(quote.price, known.high) > 0) known.high = quote.price;
}

/**
 * The automatic stop-out (PRODUCT.md §2 Trades: a loss never exceeds the amount). On every batch
 * of ticks, ONE query finds the open trades whose stop-out pre-filter price the batch crossed;
 * each is then closed in its own transaction at the crossing tick's price, at −amount exactly,
 * when `isStopOut` confirms it (a trade the customer, an administrator or another server closed
 * first is skipped quietly). Ticks that arrive while a check runs are gathered, keeping each
 * symbol's lowest and highest price, so no crossing price is missed and checks never pile up.
 *
 * Every server receives every batch; only the one producing prices checks them (when it stops
 * producing, the next producer takes over), so one query runs per batch, not one per server. The
 * row lock makes a leadership change harmless. An error is logged and never stops the monitor.
 */
export function createStopOutMonitor(options: StopOutMonitorOptions): StopOutMonitor {
  const { db, market, logger, jobs } = options;
  const clock = options.clock ?? systemClock;
  let pending = new Map<string, PriceRange>();
  let draining: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;

  async function checkRanges(ranges: readonly PriceRange[]): Promise<number> {
    const candidates = await findStopOutCandidates(db, ranges);
    if (candidates.length > 0) await jobs.prepare();
    let closed = 0;
    for (const candidate of candidates) {
      try {
        const now = clock();
        const stopped = await db.transaction((tx) =>
          stopOutTrade({ tx, now, id: candidate.id, price: candidate.price }),
        );
        if (stopped) closed++;
      } catch (error) {
        logger.error({ err: error, tradeId: candidate.id }, 'Stop-out: closing a trade failed');
      }
    }
    if (closed > 0) logger.info({ closed }, 'Stop-out: trades closed at their amount');
    return closed;
  }

  async function drain(): Promise<void> {
    // Let the rest of the batch arrive: the market calls listeners one quote at a time, synchronously.
    await Promise.resolve();
    while (pending.size > 0) {
      const batch = [...pending.values()];
      pending = new Map();
      try {
        await checkRanges(batch);
      } catch (error) {
        logger.error({ err: error }, 'Stop-out: checking a batch of prices failed');
      }
    }
  }

  function schedule(): void {
    if (draining) return;
    draining = drain().finally(() => {
      draining = undefined;
      if (pending.size > 0) schedule();
    });
  }

  function onQuote(quote: Quote): void {
    if (!market.live.producing) return;
    addQuote(pending, quote);
    if (pending.size > 0) schedule();
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
      await draining;
    },
    check: (quotes) => checkRanges([...toRanges(quotes).values()]),
    async settle() {
      while (draining) await draining;
    },
  };
}
