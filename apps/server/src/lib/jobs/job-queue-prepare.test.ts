import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createTestJobTable, TEST_JOB_KIND } from './test-job-kind.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 60_000 });

/** This file's own copy of the module: no queue of another file's app is prepared in it. */
async function freshJobQueueModule() {
  vi.resetModules();
  return import('./job-queue.ts');
}

const errors: unknown[] = [];
const logger = {
  level: 'silent',
  fatal: () => undefined,
  error: (...args: unknown[]) => errors.push(args),
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  silent: () => undefined,
  child: () => logger,
} as never;

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await createTestJobTable(database.db);
});

afterAll(async () => {
  await drop?.();
});

test('a job cannot be added before the queue is prepared: it says so instead of waiting in the transaction', async () => {
  const { createJobQueue, enqueueJob } = await freshJobQueueModule();
  const queue = createJobQueue({ database, logger });
  queue.registerJobHandler(TEST_JOB_KIND, async () => undefined);
  expect(queue.prepared).toBe(false);
  await expect(
    database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 1 } })),
  ).rejects.toThrow(
    `cannot enqueue a ${TEST_JOB_KIND} job: the job queue is not prepared (call jobs.prepare() before the transaction)`,
  );
  await queue.prepare();
  expect(queue.prepared).toBe(true);
  await expect(
    database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 1 } })),
  ).resolves.toEqual(expect.any(String));
  await queue.stop();
  expect(queue.prepared).toBe(false);
});

test('callers of prepare while it runs share the one start; once done it answers at once', async () => {
  const { createJobQueue } = await freshJobQueueModule();
  const queue = createJobQueue({ database, logger });
  queue.registerJobHandler(TEST_JOB_KIND, async () => undefined);
  const first = queue.prepare();
  expect(queue.prepare()).toBe(first);
  await first;
  expect(queue.prepared).toBe(true);
  const again = queue.prepare();
  expect(again).not.toBe(first);
  await again;
  await queue.stop();
  expect(errors).toEqual([]);
});

test('stopping while the queue starts waits for the start, then stops it', async () => {
  const { createJobQueue, enqueueJob } = await freshJobQueueModule();
  const queue = createJobQueue({ database, logger });
  queue.registerJobHandler(TEST_JOB_KIND, async () => undefined);
  const starting = queue.prepare();
  await queue.stop();
  await starting;
  expect(queue.prepared).toBe(false);
  await expect(
    database.db.transaction((tx) => enqueueJob(tx, { kind: TEST_JOB_KIND, payload: { n: 2 } })),
  ).rejects.toThrow('the job queue is not prepared');
  expect(errors).toEqual([]);
});
