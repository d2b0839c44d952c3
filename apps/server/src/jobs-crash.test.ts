import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type CrashStore, createCrashStore, startServerProcess } from './crash-test-helpers.ts';
import type { Db } from './db/client.ts';
import { selectRows } from './db/select-rows.ts';
import { createJobQueue, enqueueJob } from './lib/jobs/job-queue.ts';
import { JOB_QUEUE_SCHEMA } from './lib/jobs/job-queue-schema.ts';
import { createTestJobTable, registerTestJobKind, TEST_JOB_KIND } from './lib/jobs/test-job-kind.ts';
import { requireServerBuild } from './test/server-build.ts';
import type { ServerProcess } from './test/server-process.ts';

/**
 * kill -9 of the real server while it works through committed jobs (the test kind, slowed down so
 * that most are still waiting and some are claimed mid-way). After a restart every job has run
 * exactly once: one effect row per job (a unique key), every job completed, none failed. On the
 * embedded database by default, on PostgreSQL when DATABASE_URL is set.
 */

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const JOBS = 300;
const silent = {
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  child: () => silent,
} as never;

let store: CrashStore;
let server: ServerProcess | undefined;

beforeAll(async () => {
  store = await createCrashStore();
  await requireServerBuild(); // built once per run; in the hook, so the test's time is its own
});

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await store?.remove();
});

async function withStore<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const database = await store.open();
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

async function countEffects(db: Db): Promise<{ rows: number; distinct: number }> {
  const [row] = await selectRows<{ rows: string; distinct: string }>(
    db,
    sql`select count(*)::text as rows, count(distinct n)::text as distinct from test_job_effects`,
  );
  return { rows: Number(row?.rows), distinct: Number(row?.distinct) };
}

async function jobStates(db: Db): Promise<Record<string, number>> {
  const rows = await selectRows<{ state: string; c: string }>(
    db,
    sql`select state::text, count(*)::text as c from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
         where name = ${TEST_JOB_KIND} group by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.c)]));
}

async function stop(running: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  running.child.kill(signal);
  await running.exited;
  server = undefined;
}

test('committed jobs survive kill -9 of the server and each runs exactly once after the restart', async () => {
  // Jobs committed by use cases (here: 30 transactions of 10), while no server runs.
  const database = await store.open();
  try {
    await createTestJobTable(database.db);
    const queue = createJobQueue({ database, logger: silent });
    registerTestJobKind(queue);
    await queue.start({ work: false });
    for (let batch = 0; batch < JOBS / 10; batch++) {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++)
          await enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: batch * 10 + i } });
      });
    }
    await queue.stop();
  } finally {
    await database.close();
  }

  // The server starts working through them slowly, and is killed in the middle: once it has said
  // that a few attempts started (its log, on both engines: the embedded database cannot be read
  // while the server holds it).
  server = await startServerProcess(store, { NODE_ENV: 'test', CANDOR_TEST_JOB_DELAY_MS: '20' });
  const running = server;
  const started = () => running.output().split('"msg":"test job started"').length - 1;
  await vi.waitFor(() => expect(started()).toBeGreaterThanOrEqual(5), { timeout: 60_000, interval: 5 });
  await stop(server, 'SIGKILL');
  const before = await withStore(async (db) => ({
    effects: await countEffects(db),
    states: await jobStates(db),
  }));
  expect(before.effects.rows).toBeGreaterThan(0);
  expect(before.states.active ?? 0).toBeGreaterThan(0); // claimed by the dead server, mid-way
  expect(before.effects.rows).toBeLessThan(JOBS);
  expect(before.effects.rows).toBe(before.effects.distinct);
  expect(before.states.completed ?? 0).toBe(before.effects.rows);

  // A claimed attempt of the dead server counts as lost once it expires (2 s for the test kind).
  await new Promise((resolve) => setTimeout(resolve, 2500));
  // It is retried by the restarted server's supervisor (every 10 s): the embedded database can
  // only be read with the server stopped, so it runs for a while and stops before each look.
  for (let round = 0; round < 6; round++) {
    server = await startServerProcess(store, { NODE_ENV: 'test' });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    await stop(server, 'SIGTERM');
    const done = await withStore(jobStates);
    if ((done.completed ?? 0) === JOBS) break;
  }
  await withStore(async (db) => {
    expect(await countEffects(db)).toEqual({ rows: JOBS, distinct: JOBS });
    expect(await jobStates(db)).toEqual({ completed: JOBS });
  });
  console.info(
    `jobs crash test: ${before.effects.rows} of ${JOBS} jobs had run when the server was killed (${JSON.stringify(before.states)}); all ran once after the restart`,
  );
});
