import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/rate-limits.ts';
import type { Clock } from './clock.ts';

/** Expired windows are deleted at most this often, by each server. */
const CLEAN_UP_EVERY_MS = 60_000;

export type WindowHits = {
  /** Hits of each key in the current window, this one included. */
  hits: Map<string, number>;
  /** Seconds until the current window ends (at least 1). */
  secondsLeft: number;
};

/**
 * Fixed-window request counters in the database (docs/decisions/022-rate-limits.md): one upsert
 * counts the request under all its keys at once and answers their totals, so every server of a
 * deployment shares the count.
 */
export type RateLimitCounter = {
  hit(keys: readonly string[], windowSeconds: number): Promise<WindowHits>;
};

export function createRateLimitCounter(db: Db, clock: Clock): RateLimitCounter {
  let lastCleanUp = 0;
  return {
    hit: async (keys, windowSeconds) => {
      const now = clock().getTime();
      const windowMs = windowSeconds * 1000;
      const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
      const expiresAt = new Date(windowStart.getTime() + windowMs);
      if (now - lastCleanUp >= CLEAN_UP_EVERY_MS) {
        lastCleanUp = now;
        await db.delete(rateLimitHits).where(lt(rateLimitHits.expiresAt, new Date(now)));
      }
      const rows = await db
        .insert(rateLimitHits)
        .values(keys.map((key) => ({ key, windowStart, hits: 1, expiresAt })))
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { hits: sql`${rateLimitHits.hits} + 1` },
        })
        .returning({ key: rateLimitHits.key, hits: rateLimitHits.hits });
      return {
        hits: new Map(rows.map((row) => [row.key, row.hits])),
        secondsLeft: Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000)),
      };
    },
  };
}
