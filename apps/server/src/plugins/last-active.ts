import { and, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { among } from '../db/among.ts';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/auth.ts';
import type { Clock } from '../lib/clock.ts';
import { createGroupCommit } from '../lib/group-commit.ts';

/**
 * How old a session's last-active time may be before a request made with it records a new one: the
 * "Last active" of Account activity (and of staff's view of a customer's sessions) is true to
 * within this, at one write per session per this long at most.
 */
export const LAST_ACTIVE_RESOLUTION_MINUTES = 5;
const LAST_ACTIVE_RESOLUTION_MS = LAST_ACTIVE_RESOLUTION_MINUTES * 60_000;

/** The most sessions one statement records; more waiting go in the next. */
const LAST_ACTIVE_BATCH = 100;

/** How many sessions the recorder remembers having written (the oldest go first). */
const RECENT_WRITES_KEPT = 10_000;

/** The session a request was served with, as its read found it. */
export type SessionInUse = { token: string; lastActiveAt: Date };

export type LastActiveStats = {
  /** Sessions whose last-active time was written (a write that found it fresh meanwhile counts too). */
  written: number;
  /** Writes that failed (logged; the request was served all the same). */
  failed: number;
};

/**
 * Records `at` as the last-active time of these sessions: `sessions.updated_at`, which better-auth
 * stamps when it extends a session but decides nothing by (it extends by `expiresAt` and judges a
 * session fresh by `createdAt`; decision 041). Only that time: the expiry stays better-auth's. A
 * session another request or server wrote meanwhile is left alone, and the time never goes back.
 */
async function writeLastActive(db: Db, tokens: readonly string[], at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ updatedAt: at })
    .where(
      and(
        among(sessions.token, tokens),
        lt(sessions.updatedAt, new Date(at.getTime() - LAST_ACTIVE_RESOLUTION_MS)),
      ),
    );
}

/**
 * Keeps sessions' last-active time true to within LAST_ACTIVE_RESOLUTION_MINUTES. Every request
 * made with a session tells it (`record`) what its session read found; a session last active longer
 * ago than that gets the clock's time, written after the request, which neither waits for the write
 * nor fails with it (a failure is logged). A fresh session costs nothing: no statement, the read
 * every request makes already gave its time. A session is written once however many of its
 * requests find it stale together (one server; across servers the statement's own condition), and
 * sessions found stale together share one statement (decision 041).
 */
export function createLastActiveRecorder({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}) {
  /** Token → when this server last asked for its write (insertion order: oldest first). */
  const askedAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  const stats: LastActiveStats = { written: 0, failed: 0 };

  const writes = createGroupCommit<{ token: string; at: Date }, void>({
    maxBatch: LAST_ACTIVE_BATCH,
    runOne: ({ token, at }) => writeLastActive(db, [token], at),
    runBatch: async (items) => {
      const latest = Math.max(...items.map((item) => item.at.getTime()));
      await writeLastActive(
        db,
        items.map((item) => item.token),
        new Date(latest),
      );
      return items.map(() => ({ ok: true, value: undefined }));
    },
  });

  function record(session: SessionInUse): void {
    const at = clock();
    const now = at.getTime();
    if (now - session.lastActiveAt.getTime() < LAST_ACTIVE_RESOLUTION_MS) return;
    const asked = askedAt.get(session.token);
    if (asked !== undefined && now - asked < LAST_ACTIVE_RESOLUTION_MS) return;
    askedAt.delete(session.token);
    if (askedAt.size >= RECENT_WRITES_KEPT) askedAt.delete(askedAt.keys().next().value as string);
    askedAt.set(session.token, now);
    const write = writes.submit({ token: session.token, at }).then(
      () => {
        stats.written += 1;
      },
      (error: unknown) => {
        stats.failed += 1;
        // The next request of this session tries again.
        askedAt.delete(session.token);
        log.error({ err: error }, "a session's last-active time could not be recorded");
      },
    );
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
  }

  /** Settles once every write asked for so far has (the app's close waits for it; so do tests). */
  async function settled(): Promise<void> {
    while (inFlight.size > 0) await Promise.all(inFlight);
  }

  return Object.assign(record, { settled, stats: () => ({ ...stats }) });
}

export type LastActiveRecorder = ReturnType<typeof createLastActiveRecorder>;
