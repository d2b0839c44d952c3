// Starts the built server (apps/server/dist/server.js) for the benchmarks and times its start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER = path.join(ROOT, 'apps/server/dist/server.js');

/** Stops with a message when the build is missing: the benchmarks measure the build, never make it. */
export function requireBuild(files = [SERVER]) {
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(
      `Missing ${missing.map((f) => path.relative(ROOT, f)).join(', ')}: run \`npm run build\` first.`,
    );
    process.exit(1);
  }
}

export function findFreePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `node apps/server/dist/server.js` and resolves when GET /api/ready first answers 200,
 * with the milliseconds from the spawn to that answer.
 * @param {Record<string, string>} env  DATA_DIR and/or DATABASE_URL
 */
export async function startServer(env, { timeoutMs = 120_000 } = {}) {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  let output = '';
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const stop = () => stopProcess(child);
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}):\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/ready`);
        if (response.status === 200) return { ms: performance.now() - started, baseUrl, stop };
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output}`);
  } catch (error) {
    await stop();
    throw error;
  }
}

/** @param {import('node:child_process').ChildProcess} child */
function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}
