import { setTimeout as delay } from 'node:timers/promises';
import type { PriceSourceId } from '@candor/contracts/market';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import type { Result } from '@candor/domain/result';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { insertMinuteCandles, readStoredSpan } from './candles.repository.ts';
import type { HistoryPoint } from './coingecko/coingecko-source.ts';
import type { MarketLogger } from './market-logger.ts';
import type { MinuteCandle } from './minute-recorder.ts';
import type { PriceSource } from './price-source.ts';

/** Days of history to fill: CoinGecko answers hourly points for 2 to 90 days, so 14 give 336 hours. */
export const HISTORY_DAYS = 14;
/** Hourly candles the charts and signals want (300 on a chart; the rating needs 250). */
const WANTED_HOURS = 300;
/** Default pause between two symbols: the free API allows only a few calls a minute. */
const PAUSE_MS = 5_000;
const DAY_SECONDS = 86_400;
const HOUR_SECONDS = 3_600;
const MINUTE_SECONDS = 60;

/** A source that can also tell its price history (the CoinGecko source can). */
export type HistorySource = PriceSource & {
  history(symbol: string, fromSeconds: number, toSeconds: number): Promise<Result<HistoryPoint[], Error>>;
};

export type HistoryBackfillOptions = {
  db: Db;
  /** The covered symbols, filled one after the other. */
  symbols: readonly string[];
  source: HistorySource;
  clock: Clock;
  logger: MarketLogger;
  signal: AbortSignal;
  pauseMs?: number;
  /** Tests pass one that does not really wait. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
};

/**
 * Each history point becomes the candle of its minute (open = high = low = close = price), the
 * first point of a minute winning; the minute still open at `nowSeconds` is left to the live prices.
 */
export function toHistoryMinutes(
  symbol: string,
  source: PriceSourceId,
  points: readonly HistoryPoint[],
  nowSeconds: number,
): MinuteCandle[] {
  const openMinute = Math.floor(nowSeconds / MINUTE_SECONDS) * MINUTE_SECONDS;
  const byMinute = new Map<number, MinuteCandle>();
  for (const { time, price } of points) {
    const minute = Math.floor(time / MINUTE_SECONDS) * MINUTE_SECONDS;
    if (minute >= openMinute || byMinute.has(minute)) continue;
    const candle = { open: price, high: price, low: price, close: price };
    byMinute.set(minute, { symbol, time: new Date(minute * 1000), ...candle, source });
  }
  return [...byMinute.values()];
}

/** Stored minutes cover the window already: enough of them, starting within an hour of its start. */
async function reachesBack(db: Db, symbol: string, fromSeconds: number): Promise<boolean> {
  const { minutes, earliest } = await readStoredSpan(db, symbol, fromSeconds);
  return minutes >= WANTED_HOURS && !!earliest && earliest.getTime() / 1000 <= fromSeconds + HOUR_SECONDS;
}

/**
 * Fills candles_1m with HISTORY_DAYS of the source's history, one symbol at a time with a pause
 * between requests. Stored minutes are kept (ON CONFLICT DO NOTHING). Never rejects: a symbol
 * that fails is logged and the next one goes on; the signal ends it early.
 */
export async function backfillHistory(options: HistoryBackfillOptions): Promise<void> {
  const { db, source, logger, signal } = options;
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  const sleep = options.sleep ?? ((ms, s) => delay(ms, undefined, { signal: s }));
  let asked = false;
  for (const symbol of options.symbols) {
    if (signal.aborted) return;
    try {
      const nowSeconds = Math.floor(options.clock().getTime() / 1000);
      const from = nowSeconds - HISTORY_DAYS * DAY_SECONDS;
      if (await reachesBack(db, symbol, from)) continue;
      if (asked) await sleep(pauseMs, signal);
      asked = true;
      if (signal.aborted) return;
      const result = await source.history(symbol, from, nowSeconds);
      if (signal.aborted) return;
      if (!result.ok) {
        logger.warn({ symbol, reason: result.error.message }, 'Price history could not be fetched');
        continue;
      }
      const minutes = toHistoryMinutes(symbol, source.id, result.value, nowSeconds);
      await insertMinuteCandles(db, minutes);
      logger.info({ symbol, minutes: minutes.length }, 'Stored price history');
    } catch (error) {
      if (signal.aborted) return;
      logger.error({ err: error, symbol }, 'Storing price history failed');
    }
  }
}

export type WithHistoryBackfillOptions = Omit<HistoryBackfillOptions, 'symbols' | 'source' | 'signal'> & {
  /** The catalogue; the symbols the source covers are filled. */
  instruments: readonly InstrumentSpec[];
};

/**
 * The source, which on `start()` also fills the stored history of its symbols in the background
 * (start-up and requests never wait for it); `stop()` cancels the fill and waits for it to end.
 */
export function withHistoryBackfill(source: HistorySource, options: WithHistoryBackfillOptions): PriceSource {
  const lifetime = new AbortController();
  let filling: Promise<void> | undefined;
  return {
    id: source.id,
    covers: (symbol) => source.covers(symbol),
    latest: (symbol) => source.latest(symbol),
    isStale: (symbol, now) => source.isStale(symbol, now),
    start(onTick) {
      source.start(onTick);
      const symbols = options.instruments.map((spec) => spec.symbol).filter((s) => source.covers(s));
      filling = backfillHistory({ ...options, symbols, source, signal: lifetime.signal }).catch(() => {
        // Only a throwing logger gets here: there is nowhere left to report it.
      });
    },
    async stop() {
      lifetime.abort();
      await Promise.all([source.stop(), filling]);
    },
  };
}
