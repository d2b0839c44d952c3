import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

/**
 * The server as an operator runs it: on the embedded database a second server on the same data
 * folder refuses to start, and SIGTERM shuts the first one down cleanly, releasing the folder.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
let dataDir: string;
let first: ChildProcess | undefined;

// Each start opens the embedded database: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

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

function startServer(port: number) {
  // Node itself with tsx's loader, not the tsx command: SIGTERM must reach the server, not a wrapper
  // that SIGKILLs it when it does not answer within 30 ms (as on a busy machine).
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilReady(port: number): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not become ready');
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-server-'));
});
afterAll(() => {
  first?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a second server on the same data folder refuses to start; SIGTERM stops the first cleanly', async () => {
  const port = await freePort();
  const server = startServer(port);
  first = server.child;
  await waitUntilReady(port);
  expect(server.output()).toContain('No administrator exists yet');
  expect(fs.existsSync(path.join(dataDir, 'candor.lock'))).toBe(true);

  const second = startServer(await freePort());
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain(
    `Candor cannot start: The data folder ${dataDir} is in use by the Candor server on port ${port}`,
  );
  // The first server never noticed.
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, 'candor.lock'))).toBe(false);
});
