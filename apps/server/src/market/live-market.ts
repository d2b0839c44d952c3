import type { Quote } from '@candor/contracts/market';
import type { Clock } from '../lib/clock.ts';
import type { MarketLogger } from './market-logger.ts';
import { createMinuteRecorder, type MinuteCandle } from './minute-recorder.ts';
import type { PriceSource, Tick } from './price-source.ts';
import type { QuoteBus } from './quote-bus.ts';

export type QuoteListener = (quote: Quote) => void;

export type LiveMarketOptions = {
  /** Makes this server's price sources, each time it becomes the producer. */
  createSources: () => PriceSource[];
  /** The price of a symbol before any tick has arrived (the simulated market can always answer). */
  fallbackTick: (symbol: string) => Tick | undefined;
  bus: QuoteBus;
  /** Stores closed minutes (one call per batch that closes minutes). */
  saveMinutes: (minutes: MinuteCandle[]) => Promise<void>;
  clock: Clock;
  /** MARKET_TICK_MS: how often stale flags are re-checked; quotes older than a few of these are stale. */
  tickMs: number;
  logger: MarketLogger;
};

export type LiveMarket = {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Whether this server runs the price sources (one server does; the others stream its ticks). */
  readonly producing: boolean;
  /** The latest quote of a symbol, or undefined when no price is known yet. */
  quote(symbol: string): Quote | undefined;
  /**
   * Calls the listener with each new quote of these symbols; returns the unsubscribe function.
   * Every call is a subscription of its own, also when it passes a function already subscribed:
   * ending one never ends another.
   */
  subscribe(symbols: readonly string[], listener: QuoteListener): () => void;
  /** Listeners currently subscribed (for tests and metrics). */
  readonly listenerCount: number;
  /** Re-publishes quotes whose source turned stale or fresh (a timer does it every tick interval). */
  recheckStale(): void;
  /** Waits for the ticks already emitted to be published and their minutes stored. */
  settle(): Promise<void>;
};

export function toQuote(tick: Tick, stale: boolean): Quote {
  return {
    symbol: tick.symbol,
    price: tick.price,
    time: tick.time.toISOString(),
    source: tick.source,
    stale,
    change24hPercent: tick.change24hPercent,
  };
}

function sameQuote(a: Quote | undefined, b: Quote): boolean {
  return !!a && a.time === b.time && a.price === b.price && a.stale === b.stale;
}

/** A quote older than the one already known (a batch overtaken by a later one, or a new producer's first tick). */
function isOlder(quote: Quote, known: Quote | undefined): boolean {
  return !!known && Date.parse(quote.time) < Date.parse(known.time);
}

/**
 * Live prices: the producing server's sources emit ticks, which are published in one batch per
 * burst on the quote bus; every server (the producer too) receives the batches, keeps the latest
 * quote per symbol and fans them out to its stream listeners. The producer also stores each
 * closed minute. Nothing here is needed by another server: every server rebuilds it from the bus.
 */
export function createLiveMarket(options: LiveMarketOptions): LiveMarket {
  const { bus, clock, tickMs, logger } = options;
  /** Without any batch for this long, quotes are stale (the producer is gone). */
  const heartbeatMs = Math.max(10 * tickMs, 10_000);
  const latest = new Map<string, Quote>();
  const listeners = new Map<string, Set<QuoteListener>>();
  const inFlight = new Set<Promise<void>>();
  let lastBatchAt = Number.NEGATIVE_INFINITY;
  let listenerCount = 0;

  // The producer's state; empty on other servers.
  let sources: PriceSource[] = [];
  const sourceOf = new Map<string, PriceSource>();
  const published = new Map<string, Quote>();
  const pending = new Map<string, Tick>();
  let recorder = createMinuteRecorder();
  let producing = false;
  let flushQueued = false;
  let sweepTimer: ReturnType<typeof setInterval> | undefined;

  function track(work: Promise<void>, what: string): void {
    const tracked = work
      .catch((error: unknown) => logger.error({ err: error }, `Market: ${what} failed`))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  }

  function receive(quotes: Quote[]): void {
    lastBatchAt = clock().getTime();
    for (const quote of quotes) {
      const known = latest.get(quote.symbol);
      if (sameQuote(known, quote) || isOlder(quote, known)) continue;
      latest.set(quote.symbol, quote);
      for (const listener of listeners.get(quote.symbol) ?? []) {
        try {
          listener(quote);
        } catch (error) {
          logger.error({ err: error, symbol: quote.symbol }, 'A price listener threw');
        }
      }
    }
  }

  /** Batches are sent one after another, so that every server receives them in the order made. */
  let sending: Promise<void> = Promise.resolve();
  function publish(quotes: Quote[]): void {
    for (const quote of quotes) published.set(quote.symbol, quote);
    if (quotes.length === 0) return;
    sending = sending.catch(() => undefined).then(() => bus.publish(quotes));
    track(sending, 'publishing prices');
  }

  function flush(): void {
    flushQueued = false;
    if (!producing || pending.size === 0) return;
    const ticks = [...pending.values()];
    pending.clear();
    const now = clock();
    const closed: MinuteCandle[] = [];
    for (const tick of ticks) {
      const minute = recorder.record(tick);
      if (minute) closed.push(minute);
    }
    if (closed.length > 0) track(options.saveMinutes(closed), 'storing minute candles');
    publish(
      ticks.map((tick) => toQuote(tick, sourceOf.get(tick.symbol)?.isStale(tick.symbol, now) ?? false)),
    );
  }

  function onTick(source: PriceSource, tick: Tick): void {
    if (!producing || !sources.includes(source)) return;
    sourceOf.set(tick.symbol, source);
    pending.set(tick.symbol, tick);
    if (!flushQueued) {
      flushQueued = true;
      queueMicrotask(flush);
    }
  }

  /** Re-publishes the quotes whose source turned stale (or fresh again) without a new tick. */
  function sweep(): void {
    const now = clock();
    const changed: Quote[] = [];
    for (const [symbol, quote] of published) {
      const stale = sourceOf.get(symbol)?.isStale(symbol, now) ?? false;
      if (stale !== quote.stale) changed.push({ ...quote, stale });
    }
    publish(changed);
  }

  function startProducing(): void {
    if (producing) return;
    producing = true;
    recorder = createMinuteRecorder();
    sources = options.createSources();
    for (const source of sources) source.start((tick) => onTick(source, tick));
    sweepTimer = setInterval(sweep, tickMs);
    logger.info({ sources: sources.map((s) => s.id) }, 'This server produces the live prices');
  }

  async function stopProducing(): Promise<void> {
    if (!producing) return;
    producing = false;
    if (sweepTimer) clearInterval(sweepTimer);
    sweepTimer = undefined;
    const stopping = sources;
    sources = [];
    pending.clear();
    published.clear();
    sourceOf.clear();
    await Promise.all(stopping.map((source) => source.stop()));
  }

  return {
    async start() {
      await bus.start({
        onBatch: receive,
        onLeadership: (leading) => {
          if (leading) startProducing();
          else track(stopProducing(), 'stopping the price sources');
        },
      });
    },
    async stop() {
      await stopProducing();
      await Promise.allSettled([...inFlight]);
      await bus.stop();
    },
    get producing() {
      return producing;
    },
    quote(symbol) {
      const known = latest.get(symbol);
      if (known) {
        const silent = clock().getTime() - lastBatchAt > heartbeatMs;
        return silent && !known.stale ? { ...known, stale: true } : known;
      }
      const tick = options.fallbackTick(symbol);
      return tick ? toQuote(tick, false) : undefined;
    },
    subscribe(symbols, listener) {
      const unique = [...new Set(symbols)];
      // Its own entry, so that the same function subscribed twice is two subscriptions.
      const subscription: QuoteListener = (quote) => listener(quote);
      for (const symbol of unique) {
        let set = listeners.get(symbol);
        if (!set) {
          set = new Set();
          listeners.set(symbol, set);
        }
        set.add(subscription);
      }
      listenerCount += 1;
      let subscribed = true;
      return () => {
        if (!subscribed) return;
        subscribed = false;
        listenerCount -= 1;
        for (const symbol of unique) {
          const set = listeners.get(symbol);
          set?.delete(subscription);
          if (set?.size === 0) listeners.delete(symbol);
        }
      };
    },
    get listenerCount() {
      return listenerCount;
    },
    recheckStale: () => {
      if (producing) sweep();
    },
    async settle() {
      if (flushQueued) flush();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
