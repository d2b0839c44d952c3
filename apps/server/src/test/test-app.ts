import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { trades } from '../db/schema/trades.ts';
import { readEnv } from '../env.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { reconcileLedger } from '../modules/ledger/reconcile.ts';
import { withDatabase } from './global-setup.ts';
import { TEST_RATE_LIMITS } from './rate-limits.ts';

/** The AUTH_SECRET of every test app (factories sign session cookies with it). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The app's clock (the test's manual clock when it passed one): quotes a test fixes are stamped with it. */
  clock: Clock;
  close(): Promise<void>;
};

/**
 * What every test database must satisfy when its file is done: the ledger reconciles (entries
 * balance, cached balances equal their postings, running balances chain) and every open trade
 * holds its margin. Checked when the database is dropped, so each file answers for itself.
 */
export async function assertLedgerConsistent(db: Db): Promise<void> {
  const { problems } = await reconcileLedger(db);
  const [unbacked] = await db
    .select({ n: count() })
    .from(trades)
    .where(and(eq(trades.status, 'open'), isNull(trades.marginEntryId), eq(trades.bookedByDesk, false)));
  if (unbacked && unbacked.n > 0) problems.push(`${unbacked.n} open trade(s) without a margin entry`);
  if (problems.length > 0) throw new Error(`The ledger does not reconcile:\n- ${problems.join('\n- ')}`);
}

/**
 * A fresh database for one test file: PGlite from the run's migrated snapshot, or, when
 * DATABASE_URL is set, a new PostgreSQL database copied from the run's migrated template.
 * Dropping it first checks that its ledger is consistent (assertLedgerConsistent), unless the
 * file damages the ledger on purpose (`checkLedger: false`).
 */
export async function openTestDatabase({
  checkLedger = true,
}: {
  checkLedger?: boolean;
} = {}): Promise<{ database: Database; drop(): Promise<void> }> {
  const opened = await openFreshDatabase();
  return {
    database: opened.database,
    drop: async () => {
      try {
        if (checkLedger) await assertLedgerConsistent(opened.database.db);
      } finally {
        await opened.drop();
      }
    },
  };
}

async function openFreshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `candor_t_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = await openDatabase({ kind: 'postgres', url: withDatabase(url, name) });
    return {
      database,
      drop: async () => {
        await database.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshotPath'))]);
  const database = await openDatabase({ kind: 'pglite-snapshot', snapshot });
  return { database, drop: () => database.close() };
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  deps: { clock?: Clock } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: overrides.DATA_DIR ?? fs.mkdtempSync('/tmp/candor-test-data-'),
    AUTH_SECRET: TEST_AUTH_SECRET,
    RATE_LIMITS: TEST_RATE_LIMITS,
    JOB_WORKER: 'off',
    ...overrides,
  });
  const app = await buildApp({ env, database, ...deps });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock: deps.clock ?? systemClock,
    close: async () => {
      try {
        await app.close();
      } finally {
        // Checks the ledger, then drops the database (see openTestDatabase).
        await drop();
        fs.rmSync(env.dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The test file's app: opened before its tests, closed after them (which checks its ledger, see
 * openTestDatabase). Its fields are there once the file's first beforeAll hook has run.
 */
export function useTestApp(overrides: Record<string, string> = {}, deps: { clock?: Clock } = {}): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(overrides, deps));
  });
  afterAll(() => handle.close());
  return handle;
}

/** A cookie jar for one simulated browser: sends its cookies and keeps the ones set. */
export class Browser {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  /** POSTs a JSON body, with an Idempotency-Key when one is given. */
  post(url: string, payload?: object, idempotencyKey?: string): Promise<LightMyRequestResponse> {
    const headers = idempotencyKey ? { 'idempotency-key': idempotencyKey } : {};
    return this.request({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
  }

  /** Puts a cookie in the jar, as if the server had set it (`value` as it travels in the header). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}
