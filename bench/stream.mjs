// npm run bench:stream — delivery latency and server memory of the live price stream
// (Server-Sent Events) under load. Measures the build in apps/server/dist: run `npm run build`
// first (this script builds nothing).
//
// Embedded database: starts the built server once on a new data folder (which creates it: the
// embedded PostgreSQL's initdb leaves the process larger than a normal start), signs one user in,
// stops it and measures a restart on that folder, as a running installation is. With --postgres:
// a new PostgreSQL database candor_bench_<pid> at BENCH_DATABASE_URL, dropped at the end.
// For each step it opens that many concurrent connections to
// /api/prices/stream?symbols=BTCUSD,EURUSD (one session cookie), from --client-processes child
// processes (bench/stream-clients.mjs: raw sockets, so the load generator costs the shared cores
// less than the server), collects quotes for --seconds and prints, per step: clients connected,
// quotes received, delivery latency and the server's resident memory (VmRSS).
// Latency: the simulated market stamps a quote with its whole second (the tick fires at some
// fraction of it), so receive time − quote `time` ("raw", same machine, same clock) is printed
// too, but the latency figures run from the first receipt of the same quote by any client to
// each receipt: the fan-out delay.
//
//   node bench/stream.mjs [--postgres] [--steps 2000,10000] [--seconds 10] [--tick-ms 1000]
//                         [--client-processes 2]
import { execFileSync, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  dropBenchDatabase,
  guardRun,
  machineLine,
  percentile,
  printTable,
  readCpuMs,
  redact,
  requireBuild,
  signIn,
  startServer,
  waitUntilSettled,
} from './server.mjs';

/** Thrown when PostgreSQL does not answer: the reason is printed, nothing is measured. */
class SkipError extends Error {}

const TARGET = { clients: 10_000, p99Ms: 100 };
const MEMORY_TARGET = { clients: 2000, rssMb: 400 };
const SYMBOLS = 'BTCUSD,EURUSD';
/** Streams being opened at once, over all client processes. */
const CONNECT_CONCURRENCY = 100;
const CONNECT_TIMEOUT_MS = 60_000;
/** File descriptors besides the connections: the server's database, logs, node itself. */
const FD_HEADROOM = 200;
const CLIENTS_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stream-clients.mjs');

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    steps: { type: 'string', default: '2000,10000' },
    seconds: { type: 'string', default: '10' },
    'tick-ms': { type: 'string' },
    'client-processes': { type: 'string', default: '2' },
  },
});
const seconds = Number(args.seconds);
const processes = Number(args['client-processes']);
if (!(seconds > 0 && seconds <= 60)) fail('--seconds must be from 1 to 60');
if (!Number.isInteger(processes) || processes < 1 || processes > 8) fail('--client-processes: 1 to 8');
let steps = args.steps.split(',').map(Number);
if (steps.some((n) => !Number.isInteger(n) || n < 1 || n > 50_000)) {
  fail('--steps: comma-separated client counts, each from 1 to 50000');
}

requireBuild();
steps = await fitOpenFileLimit(steps);

// Bounded in time: connect + collect + close per step, plus start-up, with a generous margin.
const HARD_LIMIT_MS =
  240_000 + steps.reduce((sum, n) => sum + CONNECT_TIMEOUT_MS + n * 40 + seconds * 1000 + 30_000, 0);

const run = guardRun(HARD_LIMIT_MS);

/** @type {string[][]} */
const rows = [];
let failed = false;
let setting = '';
let idleRss = Number.NaN;
let firstStartRss = Number.NaN;
try {
  const env = { LOG_LEVEL: 'error' };
  if (args['tick-ms']) env.MARKET_TICK_MS = args['tick-ms'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-stream-'));
  run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;
  let server;
  let cookie;
  if (args.postgres) {
    const name = `candor_bench_${process.pid}`;
    const url = await createBenchDatabase(name);
    if (!url) throw new SkipError();
    run.onCleanUp(() => dropBenchDatabase(name));
    env.DATABASE_URL = url;
    setting = `PostgreSQL database ${name} at ${redact(url)}`;
    console.log(`Starting the server (${setting})…`);
    server = await startServer(env);
    run.onCleanUp(() => server.stop());
    cookie = await signIn(server.baseUrl);
  } else {
    setting = `embedded database in ${dataDir}`;
    console.log(`Starting the server once to create the data folder (${setting})…`);
    const first = await startServer(env);
    cookie = await signIn(first.baseUrl);
    await sleep(3000);
    firstStartRss = readRssMb(first.pid);
    await first.stop();
    console.log(`  first start, idle: RSS ${formatMb(firstStartRss)}; restarting on the folder…`);
    server = await startServer(env);
    run.onCleanUp(() => server.stop());
  }
  // A new server warms its caches (signal ratings compute candles: seconds of CPU); the streams
  // are measured once it has settled, not against its start-up work.
  const settledAfter = await waitUntilSettled(server.pid);
  console.log(`  settled after ${(settledAfter / 1000).toFixed(0)} s`);
  idleRss = readRssMb(server.pid);
  const tickMs = Number(env.MARKET_TICK_MS ?? 1000);
  console.log(
    `Server pid ${server.pid} at ${server.baseUrl}, idle RSS ${formatMb(idleRss)}, ticks every ${tickMs} ms, ` +
      `${seconds} s per step, steps ${steps.join(', ')}, clients in ${processes} process(es)`,
  );
  const clients = startClientProcesses(processes);
  run.onCleanUp(async () => {
    for (const child of clients) child.kill();
  });
  for (const count of steps) {
    const row = await runStep(server, cookie, clients, count);
    rows.push(row);
    console.log(
      `  ${count} clients: ${row[2]} quotes, latency p50 ${row[4]} ms, p99 ${row[6]} ms, RSS ${row[10]}, ` +
        `CPU ${row[12]} ms/s`,
    );
  }
} catch (error) {
  if (!(error instanceof SkipError)) {
    failed = true;
    console.error(error);
  }
} finally {
  await run.finish();
}

if (rows.length > 0) {
  const engine = args.postgres ? 'PostgreSQL' : 'embedded database';
  console.log(
    `\nLive prices: ${SYMBOLS} over SSE (${engine}; ${machineLine()}; ` +
      `the clients run in ${processes} process(es) on the same cores as the server)\n`,
  );
  console.log(
    'The simulated market stamps each quote with its whole second while its timer fires at a\n' +
      'drifting fraction of that second, so receive time − quote time ("raw") mostly shows that\n' +
      'fraction. Latency is therefore measured from the first receipt of the same quote by any\n' +
      'client (≈ the moment the server sent it) to each receipt: the fan-out delay.\n',
  );
  if (!args.postgres) {
    console.log(
      `Server RSS idle before the steps: ${formatMb(idleRss)} (restart on an existing data folder; ` +
        `the first start on a new one was ${formatMb(firstStartRss)} idle).\n`,
    );
  } else {
    console.log(`Server RSS idle before the steps: ${formatMb(idleRss)}.\n`);
  }
  printTable(
    [
      'clients',
      'connected',
      'quotes',
      'expected',
      'latency p50',
      'p95',
      'p99',
      'max',
      'raw p50',
      'raw p99',
      'server RSS',
      'per client',
      'server CPU',
    ],
    rows,
  );
  console.log('(times in ms; "expected" = distinct quotes in the window × clients connected;');
  console.log(' "per client" = (RSS − idle RSS) / clients connected;');
  console.log(' "server CPU" = the server\'s user + system CPU time in ms per second of the window)');
  const atTarget = rows.find((row) => Number(row[0]) === TARGET.clients);
  const verdict = atTarget
    ? Number(atTarget[6]) < TARGET.p99Ms && Number(atTarget[1]) === TARGET.clients
      ? 'MET'
      : 'MISSED'
    : 'not measured (add the step)';
  console.log(
    `\nTarget: p99 under ${TARGET.p99Ms} ms at ${TARGET.clients.toLocaleString('en')} clients ` +
      `(${engine}) — ${verdict}${atTarget ? ` (p99 ${atTarget[6]} ms, ${atTarget[1]} connected)` : ''}.`,
  );
  if (!args.postgres) {
    const atMemory = rows.find((row) => Number(row[0]) === MEMORY_TARGET.clients);
    const memoryVerdict = atMemory
      ? Number.parseFloat(atMemory[10]) < MEMORY_TARGET.rssMb && Number(atMemory[1]) === MEMORY_TARGET.clients
        ? 'MET'
        : 'MISSED'
      : 'not measured (add the step)';
    console.log(
      `Target: server RSS under ${MEMORY_TARGET.rssMb} MB at ${MEMORY_TARGET.clients.toLocaleString('en')} ` +
        `clients (embedded database) — ${memoryVerdict}${atMemory ? ` (${atMemory[10]})` : ''}.`,
    );
  }
}
process.exit(failed ? 1 : 0);

/**
 * One step: `count` streams for `seconds`, spread over the client processes.
 * @param {{ baseUrl: string; pid: number }} server
 * @param {import('node:child_process').ChildProcess[]} clients
 */
async function runStep(server, cookie, clients, count) {
  const url = new URL(`/api/prices/stream?symbols=${SYMBOLS}`, server.baseUrl);
  const shares = clients.map(
    (_, i) => Math.floor(count / clients.length) + (i < count % clients.length ? 1 : 0),
  );
  const opened = await Promise.all(
    clients.map((child, i) =>
      ask(child, 'opened', {
        type: 'open',
        host: url.hostname,
        port: Number(url.port),
        path: `${url.pathname}${url.search}`,
        cookie,
        count: shares[i],
        concurrency: Math.max(1, Math.round(CONNECT_CONCURRENCY / clients.length)),
        timeoutMs: CONNECT_TIMEOUT_MS,
      }),
    ),
  );
  const connected = opened.reduce((sum, o) => sum + o.connected, 0);
  const refused = opened.reduce((sum, o) => sum + o.refused, 0);
  const connectMs = Math.max(...opened.map((o) => o.connectMs));
  if (refused > 0) {
    console.log(
      `  ${count} clients: ${refused} refused or failed (first: ${opened.find((o) => o.firstError)?.firstError})`,
    );
  }
  console.log(`  ${count} clients: ${connected} connected in ${(connectMs / 1000).toFixed(1)} s`);

  for (const child of clients) child.send({ type: 'record' });
  const start = Date.now();
  const cpuBefore = readCpuMs(server.pid);
  await sleep(seconds * 1000);
  const end = Date.now();
  // The server's own CPU time (user + system) per second of the window: what the fan-out costs,
  // whatever else the machine runs at the time.
  const cpuPerSecond = (readCpuMs(server.pid) - cpuBefore) / ((end - start) / 1000);
  // Quotes stamped just before the window's end are still on their way (a tick fires up to a
  // second after its stamp, later on a busy machine): give them a moment.
  await sleep(2500);
  const rss = readRssMb(server.pid);
  const reports = await Promise.all(
    clients.map((child) => ask(child, 'samples', { type: 'report', start, end })),
  );
  await Promise.all(clients.map((child) => ask(child, 'closed', { type: 'close' })));
  await sleep(1500); // lets the server see the closes before the next connections
  const dropped = reports.reduce((sum, r) => sum + r.dropped, 0);
  if (dropped > 0) console.log(`  ${count} clients: ${dropped} streams ended by the server`);

  // The first receipt of each quote by any client stands for the moment it was sent.
  const first = new Map();
  for (const report of reports) {
    for (let i = 0; i < report.received.length; i++) {
      const key = report.keyNames[report.keys[i]];
      const at = report.received[i];
      if (!(first.get(key) <= at)) first.set(key, at);
    }
  }
  const raw = [];
  const latency = [];
  for (const report of reports) {
    for (let i = 0; i < report.received.length; i++) {
      const key = report.keyNames[report.keys[i]];
      const at = report.received[i];
      raw.push(at - Date.parse(key.slice(key.indexOf(' ') + 1)));
      latency.push(at - first.get(key));
    }
  }
  raw.sort((a, b) => a - b);
  latency.sort((a, b) => a - b);
  const ms = (values, p) => (values.length ? String(Math.round(percentile(values, p))) : '—');
  const perClient = connected > 0 ? `${(((rss - idleRss) * 1024) / connected).toFixed(1)} KB` : '—';
  return [
    String(count),
    String(connected),
    raw.length.toLocaleString('en'),
    (first.size * connected).toLocaleString('en'),
    ms(latency, 50),
    ms(latency, 95),
    ms(latency, 99),
    ms(latency, 100),
    ms(raw, 50),
    ms(raw, 99),
    formatMb(rss),
    perClient,
    Number.isFinite(cpuPerSecond) ? String(Math.round(cpuPerSecond)) : '?',
  ];
}

/** Forks the load generators (they inherit this process's open-file limit). */
function startClientProcesses(count) {
  const children = [];
  for (let i = 0; i < count; i++) {
    const child = fork(CLIENTS_SCRIPT, [], {
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('exit', (code, signal) => {
      if (code !== 0 && code !== null)
        console.error(`A client process exited (code ${code}, signal ${signal})`);
    });
    children.push(child);
  }
  return children;
}

/** Sends a message and waits for the answer of type `type`. */
function ask(child, type, message) {
  return new Promise((resolve, reject) => {
    const onMessage = (answer) => {
      if (answer.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(answer);
    };
    const onExit = () => reject(new Error(`A client process exited while waiting for '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(message);
  });
}

/**
 * Each connection holds one descriptor in the server and one in a client process. When the soft
 * open-file limit is too low but the hard one allows enough, this script runs itself again under
 * a raised soft limit (the server and the client processes inherit it); otherwise it says so and
 * leaves out the steps that cannot fit.
 */
function fitOpenFileLimit(wanted) {
  const needed = Math.max(...wanted) + FD_HEADROOM;
  const { soft, hard } = readFdLimits();
  if (soft >= needed) return wanted;
  if (hard >= needed && !process.env.CANDOR_BENCH_STREAM_RAISED) {
    console.log(
      `Open-file limit (ulimit -n) is ${soft}; raising it to ${needed} for this run (hard limit ${hard}).`,
    );
    const child = spawn(
      '/bin/sh',
      [
        '-c',
        `ulimit -n ${needed} && exec "$0" "$@"`,
        process.execPath,
        ...process.execArgv,
        ...process.argv.slice(1),
      ],
      { stdio: 'inherit', env: { ...process.env, CANDOR_BENCH_STREAM_RAISED: '1' } },
    );
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code) => process.exit(code ?? 1));
    // Nothing else runs in this process: wait for the child.
    return new Promise(() => {});
  }
  const fitting = wanted.filter((n) => n + FD_HEADROOM <= soft);
  console.log(
    `Open-file limit (ulimit -n) is ${soft} (hard ${hard}): ${Math.max(...wanted)} clients need at least ${needed}. ` +
      `Raise it first, e.g. \`ulimit -n ${Math.max(needed, 8192)}\` (as root, or in /etc/security/limits.conf); ` +
      `skipping ${wanted.filter((n) => !fitting.includes(n)).join(', ')} clients.`,
  );
  if (fitting.length === 0) process.exit(1);
  return fitting;
}

function readFdLimits() {
  const read = (flag) => {
    try {
      const value = execFileSync('/bin/sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
      return value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value);
    } catch {
      return Number.POSITIVE_INFINITY;
    }
  };
  return { soft: read('-Sn'), hard: read('-Hn') };
}

function readRssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

function formatMb(mb) {
  return Number.isFinite(mb) ? `${mb.toFixed(0)} MB` : '?';
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
