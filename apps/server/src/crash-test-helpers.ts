import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { PGLITE_START_PARAMS } from './db/pglite-start-params.ts';
import { selectRows } from './db/select-rows.ts';
import { withDatabase } from './test/global-setup.ts';
import { type ServerProcess, spawnServer, waitUntilReady } from './test/server-process.ts';
import { TEST_AUTH_SECRET } from './test/test-app.ts';

/**
 * Helpers of crash.test.ts: the real server as a separate process on a data folder (PGlite) or a
 * database (PostgreSQL when DATABASE_URL is set) that outlives it, and the ledger's invariants as
 * SQL checks.
 */

/** Where the server keeps its data: a folder for the embedded database, or a PostgreSQL database. */
export type CrashStore = {
  dataDir: string;
  /** Empty on the embedded database. */
  databaseUrl: string;
  /** Opens the store in this process (the server must be stopped on the embedded database). */
  open(): Promise<Database>;
  remove(): Promise<void>;
};

export async function createCrashStore(): Promise<CrashStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-crash-'));
  const url = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `candor_crash_${randomUUID().replaceAll('-', '')}`;
    await adminQuery(url, `create database ${name} template ${template}`);
    const databaseUrl = withDatabase(url, name);
    return {
      dataDir,
      databaseUrl,
      open: () => openDatabase({ kind: 'postgres', url: databaseUrl }),
      remove: async () => {
        await adminQuery(url, `drop database if exists ${name} with (force)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  // The data folder starts migrated, from the run's snapshot, as the PostgreSQL database starts
  // from the migrated template: making a folder from nothing is the server's own test
  // (server.test.ts), and took a quarter of each crash test's time (docs/decisions/047).
  const seeded = await PGlite.create({
    dataDir: path.join(dataDir, 'pg'),
    loadDataDir: new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]),
    startParams: PGLITE_START_PARAMS,
  });
  await seeded.close();
  return {
    dataDir,
    databaseUrl: '',
    open: () => openDatabase({ kind: 'pglite', dataDir, holder: 'the crash test' }),
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Starts the server on the store (see spawnServer), with `env` added and resolves once GET /api/ready answers 200.
 */
export async function startServerProcess(
  store: CrashStore,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl,
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...env,
  });
  await waitUntilReady(server);
  return server;
}

/**
 * Everything that would be half-done after a crash, as a list of findings (empty when whole):
 * an approved deposit without its entry, a deposit entry without its approved deposit, a
 * withdrawal without its reservation entry or the other way round, an entry without postings
 * (the reconciliation checks the sums), and an idempotency key claimed without an answer.
 */
export async function findHalfDone(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const row of await selectRows<{ id: string }>(
    db,
    sql`select d.id::text from deposits d
         where d.status = 'approved'
           and (d.entry_id is null
                or not exists (select 1 from journal_entries e
                                where e.id = d.entry_id and e.kind = 'deposit'
                                  and e.reference ->> 'deposit' = d.id::text))`,
  )) {
    found.push(`approved deposit ${row.id} has no deposit entry`);
  }
  for (const row of await selectRows<{ id: string; status: string | null }>(
    db,
    sql`select e.id::text, d.status from journal_entries e
          left join deposits d on d.id::text = e.reference ->> 'deposit'
         where e.kind = 'deposit' and (d.id is null or d.status <> 'approved' or d.entry_id <> e.id)`,
  )) {
    found.push(
      `deposit entry ${row.id} has no approved deposit pointing at it (deposit ${row.status ?? 'missing'})`,
    );
  }
  for (const row of await selectRows<{ id: string }>(
    db,
    sql`select w.id::text from withdrawals w
         where w.reservation_entry_id is null
            or not exists (select 1 from journal_entries e
                            where e.id = w.reservation_entry_id and e.kind = 'reservation'
                              and e.reference ->> 'withdrawal' = w.id::text)`,
  )) {
    found.push(`withdrawal ${row.id} has no reservation entry`);
  }
  for (const row of await selectRows<{ id: string }>(
    db,
    sql`select e.id::text from journal_entries e
         where e.kind = 'reservation'
           and not exists (select 1 from withdrawals w
                            where w.reservation_entry_id = e.id and w.id::text = e.reference ->> 'withdrawal')`,
  )) {
    found.push(`reservation entry ${row.id} has no withdrawal`);
  }
  for (const row of await selectRows<{ id: string }>(
    db,
    sql`select e.id::text from journal_entries e where not exists (select 1 from postings p where p.entry_id = e.id)`,
  )) {
    found.push(`entry ${row.id} has no postings`);
  }
  for (const row of await selectRows<{ key: string }>(
    db,
    sql`select key from idempotency_keys where response_status is null or response_body is null`,
  )) {
    found.push(`idempotency key ${row.key} was claimed without an answer`);
  }
  return found;
}

export type StoredMoves = {
  /** Approved deposits: id → the number of deposit entries that reference it. */
  depositEntries: Map<string, number>;
  /** Withdrawals: id → the number of reservation entries that reference it. */
  reservationEntries: Map<string, number>;
  /** Idempotency keys with an answer, by key: the id in the stored answer. */
  answeredKeys: Map<string, string>;
  withdrawalsPerUser: Map<string, number>;
  withdrawalKeysPerUser: Map<string, number>;
};

/** What the database holds of the burst's movements. */
export async function readStoredMoves(db: Db): Promise<StoredMoves> {
  const depositRows = await selectRows<{ id: string; entries: string }>(
    db,
    sql`select d.id::text,
               (select count(*) from journal_entries e
                 where e.kind = 'deposit' and e.reference ->> 'deposit' = d.id::text)::text as entries
          from deposits d where d.status = 'approved'`,
  );
  const withdrawalRows = await selectRows<{ id: string; user_id: string; entries: string }>(
    db,
    sql`select w.id::text, w.user_id,
               (select count(*) from journal_entries e
                 where e.kind = 'reservation' and e.reference ->> 'withdrawal' = w.id::text)::text as entries
          from withdrawals w`,
  );
  const keyRows = await selectRows<{ key: string; actor_id: string; scope: string; id: string | null }>(
    db,
    sql`select key, actor_id, scope, response_body ->> 'id' as id from idempotency_keys`,
  );
  const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  const withdrawalsPerUser = new Map<string, number>();
  for (const row of withdrawalRows) count(withdrawalsPerUser, row.user_id);
  const withdrawalKeysPerUser = new Map<string, number>();
  for (const row of keyRows)
    if (row.scope === 'POST /api/withdrawals') count(withdrawalKeysPerUser, row.actor_id);
  return {
    depositEntries: new Map(depositRows.map((row) => [row.id, Number(row.entries)])),
    reservationEntries: new Map(withdrawalRows.map((row) => [row.id, Number(row.entries)])),
    answeredKeys: new Map(keyRows.map((row) => [row.key, row.id ?? ''])),
    withdrawalsPerUser,
    withdrawalKeysPerUser,
  };
}

/** Each customer's cash and reserved balances (cached), in cents. */
export async function readCustomerBalances(db: Db): Promise<Map<string, { cash: bigint; reserved: bigint }>> {
  const result = new Map<string, { cash: bigint; reserved: bigint }>();
  for (const row of await selectRows<{ user_id: string; kind: string; balance: string }>(
    db,
    sql`select user_id, kind, balance_minor::text as balance from ledger_accounts where user_id is not null`,
  )) {
    const balances = result.get(row.user_id) ?? { cash: 0n, reserved: 0n };
    if (row.kind === 'customer_cash') balances.cash = BigInt(row.balance);
    if (row.kind === 'customer_reserved') balances.reserved = BigInt(row.balance);
    result.set(row.user_id, balances);
  }
  return result;
}
