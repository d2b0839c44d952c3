import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import {
  addWindowHits,
  createExpiredWindowCleanUp,
  fixedWindow,
  type WindowHits,
} from './rate-limit-counter.ts';

type Count = {
  key: string;
  windowStart: Date;
  expiresAt: Date;
  /** This server's hits not yet written to the database. */
  pending: number;
  /** The key's total in the database when this server last wrote it (its own written hits included). */
  shared: number;
};

/**
 * Fixed-window request counters kept in this server's memory and shared through the same table as
 * `createRateLimitCounter` (docs/decisions/039): `hit` answers at once, without a database round
 * trip, and the hits are written (one upsert for every key that has new hits, which also reads
 * back the totals other servers wrote) at most `shareEveryMs` after they happen.
 *
 * One server's own count is exact. With several servers, a server sees the others' hits on a key
 * from its next write of that key: together they can let through, beyond a limit, at most what
 * each receives on that key within one `shareEveryMs`. For the hot path (the `default` policy,
 * every money request) that is the price of not writing a row per request.
 */
export type SharedRateLimitCounts = {
  /** Counts one request under each key and answers their totals as this server knows them. */
  hit(keys: readonly string[], windowSeconds: number): WindowHits;
  /** Writes the pending hits now (and reads back the totals). */
  share(): Promise<void>;
  /** Writes what is pending and stops the timer (the server is closing). */
  stop(): Promise<void>;
};

export function createSharedRateLimitCounts(
  db: Db,
  clock: Clock,
  { shareEveryMs, log }: { shareEveryMs: number; log: FastifyBaseLogger },
): SharedRateLimitCounts {
  const counts = new Map<string, Count>();
  let timer: NodeJS.Timeout | undefined;
  let sharing: Promise<void> = Promise.resolve();
  const cleanUp = createExpiredWindowCleanUp(db);
  let stopped = false;

  const schedule = () => {
    if (timer || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      share().catch((error: unknown) => log.error({ err: error }, 'request counts could not be shared'));
    }, shareEveryMs);
    timer.unref();
  };

  const writePending = async () => {
    const now = clock().getTime();
    for (const [id, count] of counts) {
      if (count.expiresAt.getTime() <= now && count.pending === 0) counts.delete(id);
    }
    const sent = [...counts.values()]
      .filter((count) => count.pending > 0)
      .map((count) => ({ count, hits: count.pending }));
    await cleanUp(now);
    if (sent.length === 0) return;
    const rows = await addWindowHits(
      db,
      sent.map(({ count, hits }) => ({
        key: count.key,
        windowStart: count.windowStart,
        expiresAt: count.expiresAt,
        hits,
      })),
    );
    const totals = new Map(rows.map((row) => [countId(row.key, row.windowStart), row.hits]));
    for (const { count, hits } of sent) {
      count.pending -= hits;
      count.shared = totals.get(countId(count.key, count.windowStart)) ?? count.shared + hits;
    }
  };

  /** One write at a time, in order; a failed write keeps its hits pending for the next. */
  const share = () => {
    sharing = sharing.then(writePending, writePending);
    return sharing;
  };

  return {
    hit(keys, windowSeconds) {
      const { windowStart, expiresAt, secondsLeft } = fixedWindow(clock().getTime(), windowSeconds);
      const hits = new Map<string, number>();
      for (const key of keys) {
        const id = countId(key, windowStart);
        let count = counts.get(id);
        if (!count) {
          count = { key, windowStart, expiresAt, pending: 0, shared: 0 };
          counts.set(id, count);
        }
        count.pending += 1;
        hits.set(key, count.shared + count.pending);
      }
      schedule();
      return { hits, secondsLeft };
    },
    share,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await share();
    },
  };
}

function countId(key: string, windowStart: Date): string {
  return `${windowStart.getTime()} ${key}`;
}
