import { sql } from 'drizzle-orm';
import {
  type Db as BossDb,
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  getConstructionPlans,
} from 'pg-boss';
import type { EmbeddedClient } from '../../db/pglite-thread.ts';
import { type SqlExecutor, selectRows } from '../../db/select-rows.ts';

/** The PostgreSQL schema pg-boss keeps its tables in (docs/decisions/030). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/** The database as the queue needs it (structural, so db/client.ts can install the schema without a circle). */
type QueueDatabase = { db: SqlExecutor; kind: 'pglite' | 'postgres'; pglite?: EmbeddedClient };

/**
 * pg-boss's view of the database. PGlite is reached directly (its `exec` runs pg-boss's
 * multi-statement DDL); PostgreSQL through the app's own pool, so the queue adds no connections.
 */
export function jobQueueAdapter(database: QueueDatabase): BossDb {
  if (database.kind === 'pglite') {
    if (!database.pglite) throw new Error('the embedded database does not expose its PGlite instance');
    return fromPglite(database.pglite);
  }
  return transactionAdapter(database.db);
}

/**
 * pg-boss's view of a Drizzle transaction (or the pool): what `send` and `complete` run in.
 * pg-boss types `execute`'s answer more narrowly than Drizzle declares it; the rows are the same.
 */
export function transactionAdapter(tx: SqlExecutor): BossDb {
  return fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
}

/**
 * Creates pg-boss's schema when it is missing, next to the migrations (so the tests' migrated
 * snapshot and template hold it, and a server's start finds it). pg-boss upgrades its own schema
 * when it starts (`migrate`), under its own advisory lock.
 */
export async function installJobQueueSchema(database: QueueDatabase): Promise<void> {
  const found = await selectRows(
    database.db,
    sql`select 1 from pg_namespace where nspname = ${JOB_QUEUE_SCHEMA}`,
  );
  if (found.length > 0) return;
  const plans = getConstructionPlans(JOB_QUEUE_SCHEMA, {
    backend: database.kind === 'pglite' ? 'pglite' : 'postgres',
  });
  await jobQueueAdapter(database).executeSql(plans);
}
