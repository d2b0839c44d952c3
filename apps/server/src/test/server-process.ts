import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_RATE_LIMITS } from './rate-limits.ts';
import { requireServerBuild } from './server-build.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
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
  port: number;
  baseUrl: string;
  child: ChildProcess;
  /** The exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  output(): string;
};

/**
 * Starts the server as an operator would (`npm start`), in a process of its own: node on the
 * server built from the current sources for this run (test/server-build.ts), so a signal reaches
 * the server itself. `env` is added to this process's environment.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const build = await requireServerBuild();
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(build, 'server.js')], {
    cwd: path.resolve(here, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: TEST_RATE_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { port, baseUrl: `http://127.0.0.1:${port}`, child, exited, output: () => output };
}

/** Waits until GET /api/ready answers 200; throws (killing the server) after 100 s or when it exits. */
export async function waitUntilReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`the server exited (code ${server.child.exitCode}):\n${server.output()}`);
    }
    const ready = await fetch(`${server.baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.child.kill('SIGKILL');
  throw new Error(`the server was not ready within 100 s:\n${server.output()}`);
}
