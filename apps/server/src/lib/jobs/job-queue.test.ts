import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import { PREPARE_AFTER } from '../../db/statement-cache.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createJobQueue, enqueueJob, enqueueJobs, type JobQueue } from './job-queue.ts';
import { JOB_QUEUE_SCHEMA, jobQueueAdapter } from './job-queue-schema.ts';
import { createTestJobTable, registerTestJobKind, TEST_JOB_KIND } from './test-job-kind.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

const silent = {
  level: 'silent',
  fatal: () => undefined,
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => silent,
} as never;

let database: Database;
let drop: () => Promise<void>;
let queue: JobQueue;
const errors: unknown[] = [];
/** Silent, but keeps what was logged as an error. */
const quiet = { ...(silent as object), error: (...args: unknown[]) => errors.push(args) } as never;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await createTestJobTable(database.db);
  queue = createJobQueue({ database, logger: quiet });
  registerTestJobKind(queue);
  await queue.start({ work: false });
});

afterAll(async () => {
  await queue?.stop();
  await drop?.();
});

async function effects(): Promise<Map<number, number>> {
  const rows = await selectRows<{ n: number; c: string }>(
    database.db,
    sql`select n, count(*)::text as c from test_job_effects group by n`,
  );
  return new Map(rows.map((row) => [row.n, Number(row.c)]));
}

async function jobStates(): Promise<Record<string, number>> {
  const rows = await selectRows<{ state: string; c: string }>(
    database.db,
    sql`select state::text, count(*)::text as c from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
         where name = ${TEST_JOB_KIND} group by state`,
  );
  return Object.fromEntries(rows.map((row) => [row.state, Number(row.c)]));
}

async function reset(): Promise<void> {
  await database.db.execute(sql`delete from test_job_effects`);
  await database.db.execute(
    sql`delete from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job where name = ${TEST_JOB_KIND}`,
  );
}

test('a job enqueued in a rolled-back transaction never runs', async () => {
  await reset();
  await expect(
    database.db.transaction(async (tx) => {
      await enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 1 } });
      throw new Error('the use case fails');
    }),
  ).rejects.toThrow('the use case fails');
  expect(await queue.drain()).toBe(0);
  expect((await effects()).size).toBe(0);
});

test('a job enqueued in a committed transaction runs exactly once', async () => {
  await reset();
  const id = await database.db.transaction((tx) =>
    enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 2 } }),
  );
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await queue.drain()).toBe(1);
  expect(await queue.drain()).toBe(0);
  expect(await effects()).toEqual(new Map([[2, 1]]));
  const [row] = await selectRows<{ job_id: string }>(
    database.db,
    sql`select job_id::text from test_job_effects`,
  );
  expect(row?.job_id).toBe(id);
  expect(await jobStates()).toEqual({ completed: 1 });
});

test('a job of an unknown kind is refused', async () => {
  await expect(
    database.db.transaction((tx) => enqueueJob(tx, { kind: 'no.such.kind', payload: {} })),
  ).rejects.toThrow('unknown kind');
});

test('a handler that throws is retried, then the job is marked failed and logged', async () => {
  await reset();
  errors.length = 0;
  await database.db.transaction((tx) =>
    enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 3, fail: true } }),
  );
  // The test kind: 2 retries without delay, so three attempts in all.
  expect(await queue.drain()).toBe(3);
  expect(await jobStates()).toEqual({ failed: 1 });
  expect((await effects()).size).toBe(0);
  expect(JSON.stringify(errors)).toContain('job failed for good');
});

test("pg-boss's maintenance, several commands in one text, runs however often it is sent", async () => {
  // Its supervision and queue statistics send `BEGIN; …; COMMIT;` every few seconds. On PostgreSQL
  // a text sent often is prepared (db/statement-cache.ts), and a prepared statement takes one
  // command: the fifth sending failed, and every one after it, for as long as the server ran.
  const maintenance = `BEGIN; SELECT count(*) FROM ${JOB_QUEUE_SCHEMA}.queue; COMMIT;`;
  for (let i = 0; i < 3 * PREPARE_AFTER; i++) {
    await jobQueueAdapter(database).executeSql(maintenance);
  }
});

test('two workers draining 1,000 jobs run each exactly once', async () => {
  await reset();
  const count = 1000;
  await database.db.transaction(async (tx) => {
    for (let n = 0; n < count; n++) await enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n } });
  });
  // A second worker, as another server would be (on PGlite: the same process, one connection).
  const other = createJobQueue({ database, logger: silent, batchSize: 25 });
  registerTestJobKind(other);
  await other.start({ work: false });
  try {
    const [first, second] = await Promise.all([queue.drain(), other.drain()]);
    expect((first ?? 0) + (second ?? 0)).toBe(count);
    if (database.kind === 'postgres') {
      expect(first).toBeGreaterThan(0);
      expect(second).toBeGreaterThan(0);
    }
  } finally {
    await other.stop();
  }
  const done = await effects();
  expect(done.size).toBe(count);
  expect([...done.values()].every((times) => times === 1)).toBe(true);
  expect(await jobStates()).toEqual({ completed: count });
});

test('a running worker picks up a committed job by itself', async () => {
  await reset();
  const worker = createJobQueue({ database, logger: silent, pollIntervalMs: 50 });
  registerTestJobKind(worker);
  await worker.start();
  try {
    await database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 7 } }));
    await vi.waitFor(async () => expect(await effects()).toEqual(new Map([[7, 1]])), { timeout: 10_000 });
  } finally {
    await worker.stop();
  }
});

test('many jobs enqueued at once in one transaction each run once', async () => {
  await reset();
  await database.db.transaction((tx) =>
    enqueueJobs(
      tx,
      TEST_JOB_KIND,
      Array.from({ length: 500 }, (_, n) => ({ payload: { n }, key: `fan-out:${n}` })),
    ),
  );
  expect(await queue.drain()).toBe(500);
  const done = await effects();
  expect(done.size).toBe(500);
  expect(await jobStates()).toEqual({ completed: 500 });
});

test("a queue's settings follow its registration from one start to the next", async () => {
  const retryLimitOf = async (kind: string) =>
    (
      await selectRows<{ retry_limit: number }>(
        database.db,
        sql`select retry_limit from ${sql.identifier(JOB_QUEUE_SCHEMA)}.queue where name = ${kind}`,
      )
    )[0]?.retry_limit;
  const startWith = async (retryLimit: number) => {
    const other = createJobQueue({ database, logger: silent });
    other.registerJobHandler('settings-check', async () => undefined, { retryLimit });
    await other.start({ work: false });
    await other.stop();
  };
  await startWith(2);
  expect(await retryLimitOf('settings-check')).toBe(2);
  await startWith(2);
  expect(await retryLimitOf('settings-check')).toBe(2);
  await startWith(5);
  expect(await retryLimitOf('settings-check')).toBe(5);
});

/** Runs `check` with this file's queue stopped: no other queue of this process is prepared then. */
async function aloneInTheProcess(check: () => Promise<void>): Promise<void> {
  await queue.stop();
  try {
    await check();
  } finally {
    await queue.start({ work: false });
  }
}

test('a job cannot be added before the queue is prepared: it says so instead of waiting in the transaction', () =>
  aloneInTheProcess(async () => {
    const other = createJobQueue({ database, logger: quiet });
    registerTestJobKind(other);
    expect(other.prepared).toBe(false);
    const add = () =>
      database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 1 } }));
    await expect(add()).rejects.toThrow(
      `cannot enqueue a ${TEST_JOB_KIND} job: the job queue is not prepared (call jobs.prepare() before the transaction)`,
    );
    await other.prepare();
    expect(other.prepared).toBe(true);
    await expect(add()).resolves.toEqual(expect.any(String));
    await other.stop();
    expect(other.prepared).toBe(false);
    await expect(add()).rejects.toThrow('the job queue is not prepared');
  }));

test('callers of prepare while it runs share the one start; once done it answers at once', async () => {
  const logged = errors.length;
  const other = createJobQueue({ database, logger: quiet });
  registerTestJobKind(other);
  const first = other.prepare();
  expect(other.prepare()).toBe(first);
  await first;
  expect(other.prepared).toBe(true);
  await other.prepare();
  await other.stop();
  expect(errors.slice(logged)).toEqual([]);
});

test('stopping while the queue starts waits for the start, then stops it', () =>
  aloneInTheProcess(async () => {
    const logged = errors.length;
    const other = createJobQueue({ database, logger: quiet });
    registerTestJobKind(other);
    const starting = other.prepare();
    await other.stop();
    await starting;
    expect(other.prepared).toBe(false);
    await expect(
      database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 2 } })),
    ).rejects.toThrow('the job queue is not prepared');
    expect(errors.slice(logged)).toEqual([]);
  }));
