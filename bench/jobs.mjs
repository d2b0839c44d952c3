// The durable job queue (apps/server/src/lib/jobs, docs/decisions/030) on PostgreSQL: how fast jobs
// are added inside use cases' transactions, and how fast two workers (as two servers would) run them.
// Not part of npm test. It reads the server's TypeScript sources, so it runs under tsx's loader:
//
//   node --import tsx bench/jobs.mjs [--jobs 10000] [--workers 2]
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server; the
// bench creates database candor_bench_jobs_<pid> and drops it at the end. It prints:
//   1. --jobs jobs each in its own transaction (8 at a time): enqueues per second;
//   2. --jobs jobs in ONE transaction (enqueueJobs, a fan-out): its duration;
//   3. all of them run by --workers queues draining at once: jobs per second, and that each ran once.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createJobQueue, enqueueJob, enqueueJobs } from '../apps/server/src/lib/jobs/job-queue.ts';

const { values } = parseArgs({
  options: { jobs: { type: 'string', default: '10000' }, workers: { type: 'string', default: '2' } },
});
const JOBS = Number(values.jobs);
const WORKERS = Number(values.workers);
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `candor_bench_jobs_${process.pid}`;
const url = new URL(base);
url.pathname = `/${name}`;
const silent = {
  fatal() {},
  error: console.error,
  warn() {},
  info() {},
  debug() {},
  trace() {},
  child: () => silent,
};

async function admin(text) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

await admin(`create database ${name}`);
const database = await openDatabase({ kind: 'postgres', url: url.toString() });
try {
  const { db } = database;
  await db.execute(sql`create table bench_job_effects (job_id uuid primary key)`);
  const handler = async ({ tx, jobId }) => {
    await tx.execute(sql`insert into bench_job_effects (job_id) values (${jobId})`);
  };
  const queues = Array.from({ length: WORKERS }, () => {
    const queue = createJobQueue({ database, logger: silent, batchSize: 50, concurrency: 4 });
    queue.registerJobHandler('bench.effect', handler, { retryLimit: 2 });
    return queue;
  });
  for (const queue of queues) await queue.start({ work: false });

  let started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < JOBS) {
        const n = next++;
        await db.transaction((tx) => enqueueJob(tx, { kind: 'bench.effect', payload: { n } }));
      }
    }),
  );
  let ms = performance.now() - started;
  console.log(
    `enqueue, one transaction each (8 at a time): ${JOBS} jobs in ${ms.toFixed(0)} ms = ${((JOBS / ms) * 1000).toFixed(0)}/s`,
  );

  started = performance.now();
  await db.transaction((tx) =>
    enqueueJobs(
      tx,
      'bench.effect',
      Array.from({ length: JOBS }, (_, n) => ({ payload: { n: JOBS + n } })),
    ),
  );
  ms = performance.now() - started;
  console.log(
    `enqueue, ${JOBS} jobs in one transaction (enqueueJobs): ${ms.toFixed(0)} ms = ${((JOBS / ms) * 1000).toFixed(0)}/s`,
  );

  started = performance.now();
  const ran = await Promise.all(queues.map((queue) => queue.drain()));
  ms = performance.now() - started;
  const total = ran.reduce((a, b) => a + b, 0);
  const [row] = (await db.execute(sql`select count(*)::int as n from bench_job_effects`)).rows;
  console.log(
    `run by ${WORKERS} workers (4 handlers each): ${total} jobs in ${ms.toFixed(0)} ms = ${((total / ms) * 1000).toFixed(0)}/s (per worker: ${ran.join(', ')})`,
  );
  console.log(`effects: ${row.n} of ${2 * JOBS} ${row.n === 2 * JOBS ? '(each job once)' : 'MISMATCH'}`);
  for (const queue of queues) await queue.stop();
} finally {
  await database.close();
  await admin(`drop database if exists ${name} with (force)`);
}
