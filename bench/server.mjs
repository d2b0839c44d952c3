// Starts the built server (apps/server/dist/server.js) for the benchmarks and times its start.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeServerErrors, serverErrorLog } from './server-log.mjs';

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
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server during a benchmark.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, SERVER], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // BENCH_SERVER_LOG=/tmp/server.log keeps what the server wrote (its errors) for reading afterwards.
  const logFile = process.env.BENCH_SERVER_LOG;
  const keep = (chunk) => {
    // The last 64 KB is enough to say why a server did not start (an info-level log grows fast).
    output = (output + chunk).slice(-65_536);
    if (logFile) fs.appendFileSync(logFile, chunk);
  };
  // Every benchmark says so when its server logged errors meanwhile (bench/server-log.mjs).
  const errorLog = serverErrorLog();
  for (const stream of [child.stdout, child.stderr]) {
    const readErrors = errorLog.stream();
    stream.on('data', (chunk) => {
      keep(chunk);
      readErrors(chunk);
    });
  }
  let reported = false;
  const stop = async () => {
    await stopProcess(child);
    if (reported) return;
    reported = true;
    for (const text of describeServerErrors(errorLog.summary())) console.log(text);
  };
  try {
    while (performance.now() - started < timeoutMs) {
      if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}):\n${output}`);
      try {
        const response = await fetch(`${baseUrl}/api/ready`);
        if (response.status === 200) {
          return { ms: performance.now() - started, baseUrl, stop, pid: /** @type {number} */ (child.pid) };
        }
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

/**
 * Signs a new user up (POST /api/users) and in (POST /api/session) and returns the session cookie
 * header value ("candor.session_token=…").
 * @param {string} baseUrl
 */
export async function signIn(baseUrl) {
  const tag = `${process.pid}${Date.now()}`;
  const password = `Bench-${tag}-password!`;
  const email = `bench${tag}@example.com`;
  const signUp = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: `bench${tag}`, fullname: 'Bench User', email, password }),
  });
  if (!signUp.ok) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const session = await fetch(`${baseUrl}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!session.ok) throw new Error(`Sign-in failed: ${session.status} ${await session.text()}`);
  const cookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith('candor.session_token='));
  if (!cookie) throw new Error('Sign-in answered without a candor.session_token cookie');
  return cookie;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms (/proc/<pid>/stat); NaN once it has gone. */
export function readCpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS_PER_SECOND);
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until a freshly started server has done its start-up work (the simulated market's history
 * and the signal ratings it computes ahead, ~30 s of one core here): until it uses under
 * `cpuMsPerSecond` over 2 s, at most `maxMs`. Returns the ms waited. Benchmarks of the steady
 * state start after it, so that one-off work is not counted against the operations they time.
 */
export async function waitUntilSettled(pid, { cpuMsPerSecond = 50, maxMs = 90_000 } = {}) {
  const started = Date.now();
  while (Date.now() - started < maxMs) {
    const before = readCpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if ((readCpuMs(pid) - before) / 2 < cpuMsPerSecond) break;
  }
  return Date.now() - started;
}

export const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on BENCH_DATABASE_URL (the maintenance database). */
export async function postgresQuery(sql) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The URL without its password, for printing. */
export function redact(text) {
  const url = new URL(text);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * Creates database `name` next to BENCH_DATABASE_URL and returns its URL, or null (with the reason
 * printed) when PostgreSQL does not answer.
 */
export async function createBenchDatabase(name) {
  try {
    await postgresQuery('select 1');
  } catch (error) {
    console.log(`PostgreSQL not reachable at ${redact(POSTGRES_URL)} (${error.message}): skipped.`);
    return null;
  }
  await postgresQuery(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropBenchDatabase(name) {
  return postgresQuery(`drop database if exists ${name} with (force)`);
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** "2 cores, load average 1.0 0.9 0.8, node v22…" */
export function machineLine() {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return `${os.cpus().length} cores, load average ${load}, node ${process.version}`;
}

/** Prints rows of cells: the first column left-aligned, the others right-aligned. */
export function printTable(header, rows) {
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/**
 * Clean-up for a benchmark run: steps registered with `onCleanUp` run once, newest first, on
 * `finish()`, on Ctrl-C/SIGTERM/SIGHUP, or when the run passes `hardLimitMs` (the run is bounded).
 */
export function guardRun(hardLimitMs) {
  /** @type {(() => Promise<void>)[]} */
  const cleanups = [];
  let cleaning;
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const step of cleanups.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error(`Clean-up failed: ${error.message}`);
        }
      }
    })();
    return cleaning;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the server…`);
      cleanUp().finally(() => process.exit(130));
    });
  }
  const hardLimit = setTimeout(() => {
    console.error(`Still running after ${Math.round(hardLimitMs / 1000)} s: giving up.`);
    cleanUp().finally(() => process.exit(2));
  }, hardLimitMs);
  hardLimit.unref();
  return {
    onCleanUp: (step) => cleanups.push(step),
    finish: async () => {
      await cleanUp();
      clearTimeout(hardLimit);
    },
  };
}
