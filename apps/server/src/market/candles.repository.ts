import { type CandleInterval, INTERVAL_SECONDS, type OhlcCandle } from '@candor/domain/market/candle';
import { alignToInterval } from '@candor/domain/market/candles';
import { and, count, eq, gte, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { candles1m } from '../db/schema/market.ts';
import type { CandleRange } from './candle-range.ts';
import type { MinuteCandle } from './minute-recorder.ts';

/** Stores closed minutes of live prices; one statement for a whole batch, keeping what is there. */
export async function insertMinuteCandles(db: Db, minutes: readonly MinuteCandle[]): Promise<void> {
  if (minutes.length === 0) return;
  await db
    .insert(candles1m)
    .values([...minutes])
    .onConflictDoNothing();
}

/** How many minutes of a symbol are stored from `fromSeconds` on, and the earliest of them. */
export async function readStoredSpan(
  db: Db,
  symbol: string,
  fromSeconds: number,
): Promise<{ minutes: number; earliest: Date | null }> {
  const [row] = await db
    .select({ minutes: count(), earliest: min(candles1m.time) })
    .from(candles1m)
    .where(and(eq(candles1m.symbol, symbol), gte(candles1m.time, new Date(fromSeconds * 1000))));
  return { minutes: row?.minutes ?? 0, earliest: row?.earliest ?? null };
}

/**
 * Stored minutes of one symbol aggregated in SQL into candles of `interval` (date_bin from the
 * Unix epoch, so 1d candles start at 00:00 UTC): candles whose start lies in [align(from), to].
 * An interval without any stored minute has no candle.
 */
export async function readStoredCandles(
  db: Db,
  symbol: string,
  interval: CandleInterval,
  { from, to }: CandleRange,
): Promise<OhlcCandle[]> {
  if (from > to) return [];
  const length = INTERVAL_SECONDS[interval];
  const first = new Date(alignToInterval(from, interval) * 1000);
  const end = new Date((alignToInterval(to, interval) + length) * 1000);
  // The interval is a constant of the code (never user text), so it is written into the SQL.
  const bucket = sql`date_bin(${sql.raw(`'${length} seconds'::interval`)}, ${candles1m.time}, timestamptz '1970-01-01 00:00:00+00')`;
  return db
    .select({
      time: sql<number>`extract(epoch from ${bucket})::bigint`.mapWith(Number),
      open: sql<string>`((array_agg(${candles1m.open} order by ${candles1m.time}))[1])::text`,
      high: sql<string>`max(${candles1m.high})::text`,
      low: sql<string>`min(${candles1m.low})::text`,
      close: sql<string>`((array_agg(${candles1m.close} order by ${candles1m.time} desc))[1])::text`,
    })
    .from(candles1m)
    .where(and(eq(candles1m.symbol, symbol), gte(candles1m.time, first), lt(candles1m.time, end)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}
