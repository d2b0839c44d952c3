import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { selectRows } from '../db/select-rows.ts';

/**
 * A race between a check and a writer, played in one chosen order (docs/decisions/055).
 *
 * On PostgreSQL: a connection of its own holds `holdTable` ACCESS EXCLUSIVE; `check` starts and
 * takes its row locks, then waits at its first statement that reads that table (the reads after
 * its locks); `writer` starts meanwhile and runs until it commits or waits for a lock; then the
 * table is released and both finish. What the writer could commit between the check's locks and
 * its reads, it commits there: a check that reads what its locks do not cover misses it.
 *
 * On PGlite (one connection: transactions never interleave) `check` runs, then `writer`.
 */
export async function raceWriterIntoCheck<A, B>(
  database: Database,
  { holdTable, check, writer }: { holdTable: string; check: () => Promise<A>; writer: () => Promise<B> },
): Promise<[A, B]> {
  if (database.kind !== 'postgres' || !database.createClient) {
    const checked = await check();
    return [checked, await writer()];
  }
  const holder = database.createClient();
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query(`lock table ${holdTable} in access exclusive mode`);
    const checking = settle(check());
    await waitForLockWaits(database, 1, checking.done);
    const writing = settle(writer());
    await waitForLockWaits(database, 2, writing.done);
    await holder.query('commit');
    return [await checking.result, await writing.result];
  } finally {
    await holder.end();
  }
}

/** A promise, and one that settles with it (fulfilled or not) without an unhandled rejection. */
function settle<T>(promise: Promise<T>): { result: Promise<T>; done: Promise<void> } {
  const done = promise.then(
    () => undefined,
    () => undefined,
  );
  return { result: promise, done };
}

/** Waits until `count` statements of this database wait for a lock, or `done` has settled. */
async function waitForLockWaits(database: Database, count: number, done: Promise<void>): Promise<void> {
  let finished = false;
  void done.then(() => {
    finished = true;
  });
  const deadline = Date.now() + 10_000;
  while (!finished) {
    const [row] = await selectRows<{ waiting: number }>(
      database.db,
      sql`select count(distinct l.pid)::int as waiting from pg_locks l
           join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
    );
    if ((row?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`no ${count} statement(s) waiting for a lock within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
