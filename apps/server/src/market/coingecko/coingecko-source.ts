import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { err, ok, type Result } from '@candor/domain/result';
import type { Clock } from '../../lib/clock.ts';
import type { MarketLogger } from '../market-logger.ts';
import type { PriceSource, Tick } from '../price-source.ts';
import type { CoinGeckoClient, SimplePrice } from './coingecko-client.ts';
import { type CoinGeckoError, isCoinGeckoError } from './coingecko-error.ts';
import { roundHalfAwayFromZero } from './price-decimal.ts';

export type CoinGeckoSourceOptions = {
  client: CoinGeckoClient;
  /** The catalogue; the source covers the crypto pairs with a `coingeckoId`. */
  instruments: readonly InstrumentSpec[];
  /** Fastify's `app.log` fits. */
  logger: Pick<MarketLogger, 'warn' | 'error'>;
  /** Default 60 s: the free API allows a few calls a minute. */
  pollIntervalMs?: number;
  /** A price older than this is stale. Default 3 × pollIntervalMs. */
  maxAgeMs?: number;
  /** Defaults to the system clock. */
  now?: Clock;
};

/** One point of price history: Unix seconds, decimal price with the instrument's precision. */
export type HistoryPoint = { time: number; price: string };

export type CoinGeckoSource = PriceSource & {
  /** Polls once now (shares a poll already under way). Never rejects: failures are logged. */
  pollNow(): Promise<void>;
  /** Price history within [fromSeconds, toSeconds], from CoinGecko's market chart. */
  history(
    symbol: string,
    fromSeconds: number,
    toSeconds: number,
  ): Promise<Result<HistoryPoint[], CoinGeckoError>>;
};

const DAY_SECONDS = 86_400;
/** The free API serves at most a year of history. */
const MAX_HISTORY_DAYS = 365;
const CHANGE_DECIMALS = 2;

export function createCoinGeckoSource(options: CoinGeckoSourceOptions): CoinGeckoSource {
  const { client, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 60_000;
  const maxAgeMs = options.maxAgeMs ?? 3 * pollIntervalMs;
  const now = options.now ?? (() => new Date());
  const covered = new Map<string, InstrumentSpec & { coingeckoId: string }>();
  for (const instrument of options.instruments) {
    const { coingeckoId } = instrument;
    if (instrument.class === 'crypto' && coingeckoId)
      covered.set(instrument.symbol, { ...instrument, coingeckoId });
  }
  const ids = [...new Set([...covered.values()].map((i) => i.coingeckoId))];
  const ticks = new Map<string, Tick>();
  const lifetime = new AbortController();
  let onTick: ((tick: Tick) => void) | undefined;
  let started = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | undefined;
  let staleReported = false;
  let reportedMissing = '';

  function isStale(symbol: string, at: Date): boolean {
    const tick = ticks.get(symbol);
    return !tick || at.getTime() - tick.time.getTime() > maxAgeMs;
  }

  function toTick(instrument: InstrumentSpec, price: SimplePrice, receivedAt: Date): Tick {
    // The time CoinGecko observed the price, but never later than we received it (clock skew).
    const observed =
      price.last_updated_at === undefined ? receivedAt.getTime() : price.last_updated_at * 1000;
    const change = price.usd_24h_change;
    return {
      symbol: instrument.symbol,
      price: roundHalfAwayFromZero(price.usd, instrument.pricePrecision),
      time: new Date(Math.min(observed, receivedAt.getTime())),
      source: 'coingecko',
      change24hPercent: change === undefined ? null : roundHalfAwayFromZero(change, CHANGE_DECIMALS),
    };
  }

  function emit(tick: Tick): void {
    ticks.set(tick.symbol, tick);
    try {
      onTick?.(tick);
    } catch (error) {
      logger.error({ err: error, symbol: tick.symbol }, 'A price listener threw; the source keeps polling');
    }
  }

  function reportFailure(error: unknown): void {
    if (isCoinGeckoError(error) && error.kind === 'aborted') return;
    const details = isCoinGeckoError(error)
      ? { kind: error.kind, status: error.status, attempts: error.attempts, reason: error.message }
      : { err: error };
    logger.warn(details, 'CoinGecko poll failed; keeping the last prices');
    const at = now();
    const stale = [...covered.keys()].filter((symbol) => isStale(symbol, at));
    if (stale.length > 0 && !staleReported) {
      staleReported = true;
      logger.error(
        { symbols: stale, maxAgeMs },
        'CoinGecko prices are stale: trading on them is refused until the source answers again',
      );
    }
  }

  async function poll(): Promise<void> {
    if (ids.length === 0) return;
    try {
      const prices = await client.simplePrice(ids, { signal: lifetime.signal });
      if (lifetime.signal.aborted) return;
      const receivedAt = now();
      const missing: string[] = [];
      for (const instrument of covered.values()) {
        const price = prices.get(instrument.coingeckoId);
        if (price) emit(toTick(instrument, price, receivedAt));
        else missing.push(instrument.symbol);
      }
      // Said once, not every minute: an id CoinGecko retired stays missing until the catalogue changes.
      if (missing.length > 0 && missing.join() !== reportedMissing) {
        logger.warn({ symbols: missing }, 'CoinGecko sent no price for some symbols; they stay stale');
      }
      reportedMissing = missing.join();
      staleReported = false;
    } catch (error) {
      reportFailure(error);
    }
  }

  function pollNow(): Promise<void> {
    if (!inFlight) {
      inFlight = poll().finally(() => {
        inFlight = undefined;
      });
    }
    return inFlight;
  }

  async function loop(): Promise<void> {
    timer = undefined;
    try {
      await pollNow();
    } catch {
      // Only a throwing logger gets here: there is nowhere left to report it, and polling goes on.
    }
    if (!lifetime.signal.aborted) timer = setTimeout(() => void loop(), pollIntervalMs);
  }

  return {
    id: 'coingecko',
    covers: (symbol) => covered.has(symbol),
    latest: (symbol) => ticks.get(symbol),
    isStale,
    start(listener) {
      if (started) throw new Error('The CoinGecko price source was already started');
      started = true;
      onTick = listener;
      void loop();
    },
    async stop() {
      lifetime.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await inFlight;
    },
    pollNow,
    async history(symbol, fromSeconds, toSeconds) {
      const instrument = covered.get(symbol);
      if (!instrument) throw new Error(`The CoinGecko source does not cover ${symbol}`);
      const ageDays = Math.ceil((now().getTime() / 1000 - fromSeconds) / DAY_SECONDS);
      const days = Math.min(MAX_HISTORY_DAYS, Math.max(1, ageDays));
      try {
        const chart = await client.marketChart(instrument.coingeckoId, days, { signal: lifetime.signal });
        const points: HistoryPoint[] = [];
        for (const [ms, price] of chart.prices) {
          const time = Math.floor(ms / 1000);
          if (time < fromSeconds || time > toSeconds || price <= 0) continue;
          points.push({ time, price: roundHalfAwayFromZero(price, instrument.pricePrecision) });
        }
        return ok(points);
      } catch (error) {
        if (isCoinGeckoError(error)) return err(error);
        throw error;
      }
    },
  };
}
