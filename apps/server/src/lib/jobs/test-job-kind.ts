import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from './job-queue.ts';

/**
 * The test-only job kind: it writes one row keyed by the job id into a table with a unique
 * constraint, so a job whose effect happened twice would make its second attempt fail and show.
 * Registered by tests, and by the app only when NODE_ENV is test (the crash test's server).
 */
export const TEST_JOB_KIND = 'test.effect';

export async function createTestJobTable(db: Db): Promise<void> {
  await db.execute(
    sql`create table if not exists test_job_effects (job_id uuid primary key, n integer not null, done_at timestamptz not null default now())`,
  );
}

export function registerTestJobKind(
  queue: JobQueue,
  options: {
    failTimes?: Map<number, number>;
    delayMs?: number;
    /** Called as each attempt starts, before its delay (the crash test waits for these). */
    onStart?: (n: number) => void;
  } = {},
): void {
  queue.registerJobHandler<{ n: number; fail?: boolean }>(
    TEST_JOB_KIND,
    async ({ tx, jobId, payload }) => {
      options.onStart?.(payload.n);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (payload.fail) throw new Error(`test job ${payload.n} fails on purpose`);
      await tx.execute(sql`insert into test_job_effects (job_id, n) values (${jobId}, ${payload.n})`);
    },
    { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 2 },
  );
}
