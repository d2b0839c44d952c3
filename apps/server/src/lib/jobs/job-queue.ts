import type { FastifyBaseLogger } from 'fastify';
import { type Job, PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/client.ts';
import { JOB_QUEUE_SCHEMA, jobQueueAdapter, transactionAdapter } from './job-queue-schema.ts';

/**
 * A durable job queue in the database (transactional outbox), on pg-boss (docs/decisions/030).
 *
 * - `enqueueJob(tx, job)` adds a job inside the caller's transaction: it exists only if that
 *   transaction commits, and then it survives a crash.
 * - A handler runs in a transaction of its own, and the job is marked done in that same
 *   transaction, only while this worker still holds the attempt: the handler's writes and the
 *   job's completion commit together or not at all. A crash before the commit leaves the job to
 *   be run again (at-least-once delivery), and nothing of the lost attempt stays behind, so the
 *   effect happens exactly once. The job id is the handler's idempotency key for anything it
 *   does outside the database.
 * - Several workers, in one process or in several servers, share jobs through pg-boss's
 *   `FOR UPDATE SKIP LOCKED` claim.
 * - A handler that throws is retried after a delay (exponential backoff by default); after its
 *   last retry the job stays in the `failed` state, logged as an error, until pruned.
 */

export type JobPayload = Record<string, unknown>;

export type NewJob = {
  /** A registered kind (`registerJobHandler`). */
  kind: string;
  payload: JobPayload;
  /**
   * Optional: a business key kept with the job (pg-boss's `singletonKey`), to find it (say,
   * `copy-open:<trade>:<follower>`). It does NOT refuse a second job with the same key (pg-boss's
   * standard queue policy ignores it): a handler dedupes with its own unique constraint.
   */
  key?: string;
};

export type JobContext<P extends JobPayload = JobPayload> = {
  /** The handler's own transaction; the job is completed in it. */
  tx: Db;
  /** The job's id: the idempotency key of anything the handler does outside the database. */
  jobId: string;
  payload: P;
  /** 0 on the first attempt, then 1, 2… on retries. */
  retryCount: number;
};

export type JobHandler<P extends JobPayload = JobPayload> = (context: JobContext<P>) => Promise<void>;

export type JobKindOptions = {
  /** Retries after the first attempt (default 5). */
  retryLimit?: number;
  /** The first retry's delay in seconds (default 5); doubled on each retry with backoff. */
  retryDelaySeconds?: number;
  /** Exponential backoff with jitter (default true). */
  retryBackoff?: boolean;
  /** The longest delay between retries, in seconds (default 600). */
  retryDelayMaxSeconds?: number;
  /**
   * How long an attempt may stay claimed before it counts as lost (a crashed worker) and is
   * retried (default 300 s).
   */
  expireInSeconds?: number;
  /** How long a completed or failed job is kept before it is pruned (default 7 days). */
  deleteAfterSeconds?: number;
};

type Registration = { handler: JobHandler; options: JobKindOptions };

export type JobQueue = {
  /** Registers the handler of a kind; before `start`. */
  registerJobHandler<P extends JobPayload>(
    kind: string,
    handler: JobHandler<P>,
    options?: JobKindOptions,
  ): void;
  /**
   * Starts pg-boss and creates the queues of the registered kinds: jobs can be added from then on.
   * Calls made meanwhile share the one under way; once done it answers at once. Whatever may add a
   * job calls it before it opens the transaction that adds it (a server does it just after it
   * listens: docs/decisions/038).
   */
  prepare(): Promise<void>;
  /** Whether `prepare` has finished: jobs can be added. */
  readonly prepared: boolean;
  /**
   * Prepares the queues when not done yet, then (now, or `afterMs` later) looks for lost attempts
   * and old jobs (then every `superviseIntervalSeconds`) and, unless `work: false`, starts polling.
   */
  start(options?: { work?: boolean; afterMs?: number }): Promise<void>;
  /** Stops polling, waits for running handlers, and detaches from the database. */
  stop(): Promise<void>;
  /** Runs every job that is due now, until none is left (tests). Answers how many ran. */
  drain(): Promise<number>;
  /** Runs one claim of at most `batchSize` due jobs of every kind; answers how many ran. */
  runOnce(): Promise<number>;
};

export type JobQueueDeps = {
  database: Pick<Database, 'db' | 'kind' | 'pglite'>;
  logger: FastifyBaseLogger;
  /** How often an idle worker looks for jobs (default 500 ms). */
  pollIntervalMs?: number;
  /** Jobs claimed at once per kind (default 20). */
  batchSize?: number;
  /** Handlers run at once (default 4 on PostgreSQL, 1 on the embedded database). */
  concurrency?: number;
  /** How often lost attempts are looked for and old jobs pruned (default 10 s). */
  superviseIntervalSeconds?: number;
};

const DEFAULTS: Required<JobKindOptions> = {
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  retryDelayMaxSeconds: 600,
  expireInSeconds: 300,
  deleteAfterSeconds: 7 * 24 * 3600,
};

/**
 * The started queues of this process. `enqueueJob` only needs pg-boss's description of a queue
 * (all queues are created the same way on every server), so any started one can add the job.
 */
const startedQueues: PgBoss[] = [];
const kindsKnown = new Set<string>();

/**
 * Adds a job inside the caller's transaction (`Command`'s `tx`): it runs only if that transaction
 * commits. Answers the job id.
 */
export async function enqueueJob(tx: Db, job: NewJob): Promise<string | null> {
  const boss = startedQueues[0];
  if (!boss) throw notPrepared(`a ${job.kind} job`);
  if (!kindsKnown.has(job.kind)) throw new Error(`cannot enqueue a job of unknown kind ${job.kind}`);
  return boss.send(job.kind, job.payload, {
    db: transactionAdapter(tx),
    ...(job.key === undefined ? {} : { singletonKey: job.key }),
  });
}

/**
 * Adds many jobs of one kind inside the caller's transaction in one statement (a fan-out: one job
 * per follower). Same guarantees as `enqueueJob`.
 */
export async function enqueueJobs(
  tx: Db,
  kind: string,
  jobs: ReadonlyArray<{ payload: JobPayload; key?: string }>,
): Promise<void> {
  const boss = startedQueues[0];
  if (!boss) throw notPrepared(`${kind} jobs`);
  if (!kindsKnown.has(kind)) throw new Error(`cannot enqueue jobs of unknown kind ${kind}`);
  if (jobs.length === 0) return;
  await boss.insert(
    kind,
    jobs.map((job) => ({ data: job.payload, ...(job.key === undefined ? {} : { singletonKey: job.key }) })),
    { db: transactionAdapter(tx) },
  );
}

/**
 * Adding a job never waits for the queue inside a transaction: on the embedded database, one
 * connection, the queue's start would wait for that transaction, which waits for it.
 */
function notPrepared(what: string): Error {
  return new Error(
    `cannot enqueue ${what}: the job queue is not prepared (call jobs.prepare() before the transaction)`,
  );
}

export function createJobQueue({
  database,
  logger,
  pollIntervalMs = 500,
  batchSize = 20,
  concurrency = database.kind === 'pglite' ? 1 : 4,
  superviseIntervalSeconds = 10,
}: JobQueueDeps): JobQueue {
  const registrations = new Map<string, Registration>();
  const boss = new PgBoss({
    db: jobQueueAdapter(database),
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
    schema: JOB_QUEUE_SCHEMA,
    // No cron schedules. The supervisor expires lost attempts (to be retried) and prunes old jobs;
    // a queue is supervised by one server at a time, at most every `superviseIntervalSeconds`.
    schedule: false,
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
    // pg-boss's registry of running instances (a row and a heartbeat each) is for dashboards we do
    // not have; on the embedded database only one process ever runs, and registering it cost
    // four statements of every start (docs/decisions/038).
    registerInstance: database.kind !== 'pglite',
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  let started = false;
  let preparing: Promise<void> | undefined;
  let working = false;
  let supervising: Promise<unknown> | undefined;
  let delayed: NodeJS.Timeout | undefined;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function runJob(kind: string, registration: Registration, job: Job<JobPayload>): Promise<void> {
    try {
      await database.db.transaction(async (tx) => {
        await registration.handler({ tx, jobId: job.id, payload: job.data, retryCount: job.retryCount });
        const result = await boss.complete(kind, { id: job.id, retryCount: job.retryCount }, null, {
          db: transactionAdapter(tx),
        });
        // The attempt was lost (expired and claimed again elsewhere): undo this one's effects.
        // (pg-boss answers { jobs, requested, affected }; its declaration leaves the fields out.)
        if ((result as { affected?: number }).affected !== 1) throw new LostAttempt(job.id);
      });
    } catch (error) {
      if (error instanceof LostAttempt) {
        logger.warn(
          { kind, jobId: job.id },
          'job attempt expired before it completed; its effects were undone',
        );
        return;
      }
      await boss
        .fail(kind, { id: job.id, retryCount: job.retryCount }, { message: String(error) })
        .catch((failError: unknown) =>
          logger.error({ err: failError, kind, jobId: job.id }, 'job failure not recorded'),
        );
      const retryLimit = registration.options.retryLimit ?? DEFAULTS.retryLimit;
      if (job.retryCount >= retryLimit) {
        logger.error(
          { err: error, kind, jobId: job.id, attempts: job.retryCount + 1 },
          'job failed for good',
        );
      } else {
        logger.warn(
          { err: error, kind, jobId: job.id, retryCount: job.retryCount },
          'job failed; it will be retried',
        );
      }
    }
  }

  async function runOnce(): Promise<number> {
    await prepare();
    let ran = 0;
    for (const [kind, registration] of registrations) {
      const jobs = await boss.fetch<JobPayload>(kind, { batchSize });
      let next = 0;
      const lane = async () => {
        while (next < jobs.length) {
          const job = jobs[next++];
          if (job) await runJob(kind, registration, job);
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, lane));
      ran += jobs.length;
    }
    return ran;
  }

  async function work(): Promise<void> {
    while (working) {
      let ran = 0;
      try {
        ran = await runOnce();
      } catch (error) {
        logger.error({ err: error }, 'job queue poll failed');
      }
      if (ran === 0 && working) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    registerJobHandler(kind, handler, options = {}) {
      if (started) throw new Error(`job kind ${kind} registered after the queue started`);
      if (registrations.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      registrations.set(kind, { handler: handler as JobHandler, options });
    },
    prepare,
    get prepared() {
      return started;
    },
    async start({ work: shouldWork = true, afterMs = 0 } = {}) {
      await prepare();
      stopping = false;
      const begin = () => {
        if (!started || stopping) return;
        if (shouldWork) {
          working = true;
          loop = work();
        }
      };
      if (afterMs > 0) {
        delayed = setTimeout(() => {
          supervising = boss
            .supervise()
            .catch((error: unknown) => logger.error({ err: error }, 'job queue supervision failed'))
            .then(begin);
        }, afterMs);
        delayed.unref();
      } else {
        // Attempts of a worker that died (claimed, never completed) are retried once they expire.
        supervising = boss.supervise();
        await supervising;
        begin();
      }
    },
    async stop() {
      stopping = true;
      working = false;
      wake?.();
      clearTimeout(delayed);
      // A start under way finishes first, so that pg-boss is stopped after it, not beside it.
      await preparing?.catch(() => undefined);
      await supervising?.catch(() => undefined);
      await loop;
      const index = startedQueues.indexOf(boss);
      if (index >= 0) startedQueues.splice(index, 1);
      if (started) await boss.stop({ graceful: false, close: false });
      started = false;
    },
    runOnce,
    async drain() {
      let total = 0;
      for (let ran = await runOnce(); ran > 0; ran = await runOnce()) total += ran;
      return total;
    },
  };

  function prepare(): Promise<void> {
    if (started) return Promise.resolve();
    // A failed start may be tried again by the next caller (pg-boss's start can be called again).
    preparing ??= createQueues().finally(() => {
      preparing = undefined;
    });
    return preparing;
  }

  async function createQueues(): Promise<void> {
    await boss.start();
    // One read of every queue; a queue is written only when new or when a setting changed (three
    // reads and three updates at each start before, docs/decisions/038).
    const existing = new Map(
      (await boss.getQueues([...registrations.keys()])).map((queue) => [queue.name, queue]),
    );
    for (const [kind, { options }] of registrations) {
      const retryBackoff = options.retryBackoff ?? DEFAULTS.retryBackoff;
      const settings = {
        retryLimit: options.retryLimit ?? DEFAULTS.retryLimit,
        retryDelay: options.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
        retryBackoff,
        // pg-boss takes a longest delay only with backoff.
        ...(retryBackoff
          ? { retryDelayMax: options.retryDelayMaxSeconds ?? DEFAULTS.retryDelayMaxSeconds }
          : {}),
        expireInSeconds: options.expireInSeconds ?? DEFAULTS.expireInSeconds,
        deleteAfterSeconds: options.deleteAfterSeconds ?? DEFAULTS.deleteAfterSeconds,
      };
      const queue = existing.get(kind) as Record<string, unknown> | undefined;
      if (!queue) await boss.createQueue(kind, settings);
      else if (Object.entries(settings).some(([key, value]) => queue[key] !== value)) {
        await boss.updateQueue(kind, settings);
      }
      kindsKnown.add(kind);
    }
    started = true;
    startedQueues.push(boss);
  }
}

class LostAttempt extends Error {
  constructor(jobId: string) {
    super(`job ${jobId}: the attempt was lost`);
  }
}
