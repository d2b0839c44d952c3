import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { readEnv } from '../env.ts';
import { withDatabase } from './global-setup.ts';

/** The AUTH_SECRET of every test app (factories sign session cookies with it). */
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  close(): Promise<void>;
};

/**
 * A fresh database for one test file: PGlite from the run's migrated snapshot, or, when
 * DATABASE_URL is set, a new PostgreSQL database copied from the run's migrated template.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
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

export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const env = readEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: overrides.DATA_DIR ?? fs.mkdtempSync('/tmp/candor-test-data-'),
    AUTH_SECRET: TEST_AUTH_SECRET,
    ...overrides,
  });
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(env.dataDir, { recursive: true, force: true });
    },
  };
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

  /** Puts a cookie in the jar, as if the server had set it (`value` as it travels in the header). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  get hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}
