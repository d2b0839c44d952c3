import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { selectRows } from '../db/select-rows.ts';

/** Keys deleted per statement: small enough that each delete is a few milliseconds. */
export const IDEMPOTENCY_PRUNE_BATCH = 5000;

/**
 * Deletes the keys created before `before` (expired), a batch per statement, each its own short
 * transaction, oldest first through `idempotency_keys_created_idx`, by row address (ctid: the
 * rows are locked, so they cannot move in between). Rows a money request holds are
 * skipped (SKIP LOCKED), so a request never waits on the prune, and two servers pruning at once
 * share the work. Answers how many keys went.
 */
export async function pruneExpiredIdempotencyKeys(
  db: Db,
  options: { before: Date; batchSize?: number },
): Promise<number> {
  const batchSize = options.batchSize ?? IDEMPOTENCY_PRUNE_BATCH;
  const before = options.before.toISOString();
  const t = idempotencyKeys;
  let removed = 0;
  for (;;) {
    const rows = await selectRows<{ n: string }>(
      db,
      sql`with gone as (
            delete from ${t}
            where ctid = any(array(
              select ctid from ${t}
              where ${t.createdAt} < ${before}
              order by ${t.createdAt}
              limit ${batchSize}
              for update skip locked
            ))
            and ${t.createdAt} < ${before}
            returning 1
          )
          select count(*)::text as n from gone`,
    );
    const n = Number(rows[0]?.n ?? 0);
    removed += n;
    if (n < batchSize) return removed;
  }
}
