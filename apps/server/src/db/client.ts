import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { installJobQueueSchema } from '../lib/jobs/job-queue-schema.ts';
import { createCoalescingClient } from './coalesce-writes.ts';
import type { DataDirLock } from './data-dir-lock.ts';
import { PGLITE_EXTENSIONS } from './pglite-extensions.ts';
import { PGLITE_START_PARAMS } from './pglite-start-params.ts';
import { type EmbeddedClient, PgliteThread } from './pglite-thread.ts';
import { startPgliteThread, takeEarlyPgliteThread } from './pglite-thread-start.ts';
import * as accountSecurity from './schema/account-security.ts';
import * as audit from './schema/audit.ts';
import * as auth from './schema/auth.ts';
import * as authFailures from './schema/auth-failures.ts';
import * as copyTrading from './schema/copy-trading.ts';
import * as deposits from './schema/deposits.ts';
import * as files from './schema/files.ts';
import * as idempotency from './schema/idempotency.ts';
import * as ledger from './schema/ledger.ts';
import * as loans from './schema/loans.ts';
import * as mail from './schema/mail.ts';
import * as market from './schema/market.ts';
import * as passkeys from './schema/passkeys.ts';
import * as plans from './schema/plans.ts';
import * as rateLimits from './schema/rate-limits.ts';
import * as secrets from './schema/secrets.ts';
import * as settings from './schema/settings.ts';
import * as signInTrust from './schema/sign-in-trust.ts';
import * as signals from './schema/signals.ts';
import * as trades from './schema/trades.ts';
import * as verifications from './schema/verifications.ts';
import * as wallets from './schema/wallets.ts';
import * as withdrawals from './schema/withdrawals.ts';
import { usePostgresTypeParsers } from './select-rows.ts';
import { createStatementCachingClient } from './statement-cache.ts';

export const schema = {
  ...auth,
  ...settings,
  ...files,
  ...mail,
  ...audit,
  ...authFailures,
  ...rateLimits,
  ...signInTrust,
  ...secrets,
  ...market,
  ...ledger,
  ...idempotency,
  ...wallets,
  ...deposits,
  ...withdrawals,
  ...trades,
  ...passkeys,
  ...accountSecurity,
  ...verifications,
  ...plans,
  ...signals,
  ...loans,
  ...copyTrading,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Whether its connections pipeline: send a statement while earlier ones still wait for their
   * answers (PostgreSQL's pool below; the embedded database runs one statement at a time).
   */
  pipelines: boolean;
  /** The embedded database itself (the job queue talks to it directly; lib/jobs). */
  pglite?: EmbeddedClient;
  /** A new connection outside the pool, for LISTEN and session locks (PostgreSQL only). */
  createClient?: () => pg.Client;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * Settles with why, should the database stop answering for good while open: the embedded
   * database's thread ended (server.ts then stops the process, to be started again). Absent where
   * that cannot happen: PostgreSQL's pool opens new connections, and the tests' in-process snapshots
   * fail in the statement itself.
   */
  lost?: Promise<Error>;
  close(): Promise<void>;
};

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string; holder: string }
  /** An embedded database that starts from a dumped data folder (tests). */
  | { kind: 'pglite-snapshot'; snapshot: Blob };

/** The migrations folder, found next to the sources or next to the built bundle. */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Whether the database already has the folder's last migration. Drizzle applies the migrations
 * newer than the last one it recorded (by the journal's `when`), so when that is the journal's
 * last there is nothing to apply: two small queries instead of reading and hashing every
 * migration file at each start (docs/decisions/038).
 */
async function hasEveryMigration(
  client: { query(text: string): Promise<{ rows: unknown[] }> },
  migrationsFolder: string,
): Promise<boolean> {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  const table = await client.query("select to_regclass('drizzle.__drizzle_migrations') is not null as found");
  if (!(table.rows[0] as { found: boolean } | undefined)?.found) return false;
  const last = await client.query('select max(created_at) as last from drizzle.__drizzle_migrations');
  const recorded = (last.rows[0] as { last: string | number | null } | undefined)?.last;
  return recorded !== null && recorded !== undefined && Number(recorded) >= newest;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.kind === 'postgres') return openPostgres(config.url);
  if (config.kind === 'pglite-snapshot') {
    const client = await PGlite.create({
      loadDataDir: config.snapshot,
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
    });
    return wrapPglite(client, undefined);
  }
  // PGlite runs on a thread of its own, opened there while this one goes on: the built entry
  // starts it before the server's bundle loads (docs/decisions/042).
  const started = takeEarlyPgliteThread(config.dataDir) ?? startPgliteThread(config.dataDir, config.holder);
  let client: PgliteThread | undefined;
  try {
    client = await PgliteThread.connect(started);
    const database = wrapPglite(client, started.lock);
    const migrationsFolder = findMigrationsFolder();
    if (!(await hasEveryMigration(client, migrationsFolder))) {
      await migratePglite(drizzleOver(client), { migrationsFolder });
    }
    await installJobQueueSchema(database);
    return database;
  } catch (error) {
    await (client ? client.close() : started.worker.terminate()).catch(() => undefined);
    started.lock.release();
    throw error;
  }
}

/**
 * Drizzle over the embedded database. Drizzle's PGlite driver asks only `query` and `transaction`
 * of its client, which the thread's client has as PGlite's own (the same base class).
 */
function drizzleOver(client: EmbeddedClient) {
  return drizzlePglite({ client: client as PGlite, schema });
}

function wrapPglite(
  client: EmbeddedClient & { close(): Promise<void>; lost?: Promise<Error> },
  lock: DataDirLock | undefined,
): Database {
  // No statement after each transaction any more (decision 006, note of 2026-11-27): the sync
  // PGlite skips after a COMMIT (electric-sql/pglite#1065) does nothing on a data folder of files.
  const db = drizzleOver(client);
  return {
    db,
    kind: 'pglite',
    pipelines: false,
    pglite: client,
    lost: client.lost,
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string): Promise<Database> {
  // Loaded here, not with the module: the embedded database never needs them (docs/decisions/038).
  const [{ default: pg }, { drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  usePostgresTypeParsers(pg.types);
  // Statements sent again and again are prepared once per connection (db/statement-cache.ts).
  // Pipelined: statements a transaction sends without waiting for the one before (a batch's locks
  // and its keys' claim, docs/decisions/041) leave together and cost one round trip. PostgreSQL
  // still runs them one after the other, in the order sent, each with its own snapshot; a statement
  // sent alone waits for its answer as before.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: createStatementCachingClient(createCoalescingClient(pg.Client)),
    pipeline: true,
  });
  // An idle connection can drop (a database restart, a terminated backend). pg reports it here;
  // without a listener it would crash the process. The pool replaces the connection by itself.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzleNodePg({ client: pool, schema });
  // Several servers may start at once: one migrates, the others wait on the advisory lock.
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock(726372)');
    const migrationsFolder = findMigrationsFolder();
    if (!(await hasEveryMigration(lockClient, migrationsFolder))) {
      await migrateNodePg(drizzleNodePg({ client: lockClient, schema }), { migrationsFolder });
    }
    await installJobQueueSchema({ db, kind: 'postgres' });
  } finally {
    await lockClient.query('select pg_advisory_unlock(726372)').catch(() => undefined);
    lockClient.release();
  }
  return {
    db,
    kind: 'postgres',
    pipelines: true,
    createClient: () => new pg.Client({ connectionString: url }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** Applies migrations to a PGlite client (tests build their snapshot with it). */
export async function migrateEmbedded(client: PGlite): Promise<void> {
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: findMigrationsFolder() });
  await installJobQueueSchema({ db, kind: 'pglite', pglite: client });
}
