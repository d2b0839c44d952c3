import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { openDatabase } from './db/client.ts';
import { type ServerProcess, spawnServer, waitUntilReady } from './test/server-process.ts';

/**
 * The server as an operator runs it: on the embedded database a second server on the same data
 * folder refuses to start, and SIGTERM shuts the first one down cleanly, releasing the folder.
 */
let dataDir: string;
let first: ChildProcess | undefined;

// Each start opens the embedded database: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

function startServer(): Promise<ServerProcess> {
  return spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-server-'));
});
afterAll(() => {
  first?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second server on the same data folder refuses to start; SIGTERM stops the first cleanly', async () => {
  const server = await startServer();
  first = server.child;
  await waitUntilReady(server);
  expect(server.output()).toContain('No administrator exists yet');
  // The one-time link of the first run in the browser, beside the command-line hint.
  expect(server.output()).toMatch(
    new RegExp(`http://localhost:${server.port}/setup\\?token=[A-Za-z0-9_-]{43}\\n`),
  );
  expect(server.output()).toContain('npm run admin -- create');
  expect(fs.existsSync(path.join(dataDir, 'candor.lock'))).toBe(true);

  const second = await startServer();
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(
    `Candor cannot start: The data folder ${dataDir} is in use by the Candor server on port ${server.port}`,
  );
  // The first server never noticed.
  expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'candor.lock'))).toBe(false);
});

test('a job queue that cannot start stops the server, although it starts after listening', async () => {
  // The folder of the test above, its server stopped. pg-boss's table of queues is gone.
  const database = await openDatabase({ kind: 'pglite', dataDir, holder: 'server.test' });
  await database.db.execute(sql`drop table pgboss.queue cascade`);
  await database.close();

  const server = await startServer();
  first = server.child;
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('Candor could not start:');
});
