import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Db, openDatabase } from './db/client.ts';
import { depositQuotes, deposits } from './db/schema/deposits.ts';
import { files } from './db/schema/files.ts';
import { siteSettings } from './db/schema/settings.ts';
import { selectRows } from './db/select-rows.ts';
import { requireSiteSettings } from './modules/settings/settings.repository.ts';
import { withDatabase } from './test/global-setup.ts';
import { TEST_AUTH_SECRET } from './test/test-app.ts';

/**
 * Helpers of crash.test.ts: the real server as a separate process on a data folder (PGlite) or a
 * database (PostgreSQL when DATABASE_URL is set) that outlives it, and the ledger's invariants as
 * SQL checks.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<void>;
  output(): string;
};

/**
 * Starts `node --import tsx src/server.ts` (one process, so SIGKILL hits the server itself, not a
 * launcher) on the store, and resolves once GET /api/ready answers 200.
 */
export async function startServerProcess(store: CrashStore): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    cwd: path.resolve(here, '..'),
    env: {
      ...process.env,
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}):\n${output}`);
    const ready = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, child, exited, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server was not ready within 100 s:\n${output}`);
}

/** Sets the minimum withdrawal (cents) and the withdrawal fee (basis points). */
export async function setWithdrawalTerms(db: Db, minCents: bigint, feeBps: number): Promise<void> {
  await requireSiteSettings(db);
  await db
    .update(siteSettings)
    .set({ minWithdrawalMinor: minCents, withdrawalFeeBps: feeBps })
    .where(eq(siteSettings.id, 1));
}

/** A pending USDT deposit with its quote and a proof file row (the bytes do not matter here). */
export async function insertPendingDeposit(db: Db, userId: string, cents: bigint): Promise<string> {
  const [file] = await db
    .insert(files)
    .values({
      storageKey: `proof_of_payment/${randomBytes(8).toString('hex')}.png`,
      purpose: 'proof_of_payment',
      visibility: 'private',
      ownerUserId: userId,
      contentType: 'image/png',
      sizeBytes: 1,
    })
    .returning({ id: files.id });
  const expiresAt = new Date(Date.now() + 3600_000);
  const quoteFields = {
    userId,
    amountMinor: cents,
    coin: 'usdt' as const,
    cryptoAmountBaseUnits: (cents * 10_000n).toString(),
    rate: '1.00',
    rateSource: 'fixed' as const,
    address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  };
  const [quote] = await db
    .insert(depositQuotes)
    .values({ ...quoteFields, expiresAt })
    .returning({ id: depositQuotes.id });
  if (!file || !quote) throw new Error('the deposit set-up was not stored');
  const [deposit] = await db
    .insert(deposits)
    .values({ ...quoteFields, quoteId: quote.id, quoteExpiresAt: expiresAt, proofFileId: file.id })
    .returning({ id: deposits.id });
  if (!deposit) throw new Error('the deposit was not stored');
  return deposit.id;
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
