import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowCodec } from '../db/row-codec.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';
import { selectRows } from '../db/select-rows.ts';
import type { Clock } from './clock.ts';

/** Expired windows are deleted at most this often, by each server. */
const CLEAN_UP_EVERY_MS = 60_000;

export type WindowHits = {
  /** Hits of each key in the current window, this one included. */
  hits: Map<string, number>;
  /** Seconds until the current window ends (at least 1). */
  secondsLeft: number;
};

/** The fixed window a moment falls in: its start, its end, and the seconds left in it (at least 1). */
export function fixedWindow(now: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  return { windowStart, expiresAt, secondsLeft: Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000)) };
}

/** Deletes the windows that have ended, at most once every CLEAN_UP_EVERY_MS (each counter its own pace). */
export function createExpiredWindowCleanUp(db: Db): (now: number) => Promise<void> {
  let lastCleanUp = 0;
  return async (now) => {
    if (now - lastCleanUp < CLEAN_UP_EVERY_MS) return;
    lastCleanUp = now;
    await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, new Date(now)));
  };
}

/** Windows read as Drizzle's select answers them, from a statement built once. */
const windowRows = rowCodec(rateLimitHits);
const addHitsHead = sql.raw(`insert into rate_limit_hits (key, window_start, hits, expires_at)
  select key, window_start, hits, expires_at from jsonb_to_recordset(`);
const addHitsTail =
  sql.raw(`::jsonb) as r(key text, window_start timestamptz, hits integer, expires_at timestamptz)
  on conflict (key, window_start) do update set hits = rate_limit_hits.hits + excluded.hits
  returning ${windowRows.columns('rate_limit_hits')}`);

/**
 * Adds hits to keys' windows in one upsert and answers each window's total. The windows travel as
 * one JSON parameter, so the statement's text never changes however many there are (a server's
 * shared counts send a hundred at once: as a VALUES list Drizzle built 400 parameters each time).
 */
export async function addWindowHits(
  db: Db,
  rows: readonly { key: string; windowStart: Date; expiresAt: Date; hits: number }[],
): Promise<{ key: string; windowStart: Date; hits: number }[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((row) => ({
      key: row.key,
      window_start: row.windowStart.toISOString(),
      hits: row.hits,
      expires_at: row.expiresAt.toISOString(),
    })),
  );
  const raw = await selectRows<Record<string, unknown>>(db, sql`${addHitsHead}${json}${addHitsTail}`);
  return raw.map((row) => windowRows.read(row));
}

/**
 * Fixed-window request counters in the database (docs/decisions/022-rate-limits.md): one upsert
 * counts the request under all its keys at once and answers their totals, so every server of a
 * deployment shares the count.
 */
export type RateLimitCounter = {
  hit(keys: readonly string[], windowSeconds: number): Promise<WindowHits>;
};

export function createRateLimitCounter(db: Db, clock: Clock): RateLimitCounter {
  const cleanUp = createExpiredWindowCleanUp(db);
  return {
    hit: async (keys, windowSeconds) => {
      const now = clock().getTime();
      const { windowStart, expiresAt, secondsLeft } = fixedWindow(now, windowSeconds);
      await cleanUp(now);
      const rows = await addWindowHits(
        db,
        keys.map((key) => ({ key, windowStart, expiresAt, hits: 1 })),
      );
      return { hits: new Map(rows.map((row) => [row.key, row.hits])), secondsLeft };
    },
  };
}
