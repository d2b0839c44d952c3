// npm run bench:stream — delivery latency of the live price stream (Server-Sent Events) under load.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// Starts the built server on a new embedded data folder (or, with --postgres, on a new PostgreSQL
// database candor_bench_<pid> at BENCH_DATABASE_URL, dropped at the end), signs one user in, then
// for each step opens that many concurrent connections to
// /api/prices/stream?symbols=BTCUSD,EURUSD (all with the same session cookie), collects quotes for
// --seconds (default 10) and prints, per step: clients connected, quotes received, delivery latency
// and the server's resident memory (VmRSS). Only quotes ticked after every client of the step was
// connected count: the current quotes a stream starts with are older than the connection.
// Latency: the simulated market stamps a quote with its whole second (the tick fires at some
// fraction of it), so receive time − quote `time` ("raw", same machine, same clock) is printed too,
// but the latency figures run from the first receipt of the same quote by any client to each
// receipt.
//
//   node bench/stream.mjs [--postgres] [--max 5000] [--steps 100,500] [--seconds 10] [--tick-ms 1000]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createBenchDatabase,
  dropBenchDatabase,
  guardRun,
  machineLine,
  percentile,
  printTable,
  redact,
  requireBuild,
  signIn,
  startServer,
} from './server.mjs';

/** Thrown when PostgreSQL does not answer: the reason is printed, nothing is measured. */
class SkipError extends Error {}

const TARGET = { clients: 2000, p99Ms: 100 };
const SYMBOLS = 'BTCUSD,EURUSD';
const CONNECT_CONCURRENCY = 100;
const CONNECT_TIMEOUT_MS = 60_000;
/** File descriptors besides the connections: the server's database, logs, node itself. */
const FD_HEADROOM = 200;

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    max: { type: 'string', default: '2000' },
    steps: { type: 'string' },
    seconds: { type: 'string', default: '10' },
    'tick-ms': { type: 'string' },
  },
});
const max = Number(args.max);
const seconds = Number(args.seconds);
if (!Number.isInteger(max) || max < 1 || max > 5000) fail('--max must be an integer from 1 to 5000');
if (!(seconds > 0 && seconds <= 60)) fail('--seconds must be from 1 to 60');
let steps = args.steps
  ? args.steps.split(',').map(Number)
  : [100, 500, 1000, 2000, ...(max > 2000 ? [max] : [])];
if (steps.some((n) => !Number.isInteger(n) || n < 1)) fail('--steps: comma-separated client counts');
steps = steps.filter((n) => n <= max);

requireBuild();

// Client and server each hold one descriptor per connection; the server inherits this limit.
const fdLimit = readFdLimit();
const fitting = steps.filter((n) => n + FD_HEADROOM <= fdLimit);
if (fitting.length < steps.length) {
  const needed = Math.max(...steps) + FD_HEADROOM;
  console.log(
    `Open-file limit (ulimit -n) is ${fdLimit}: ${Math.max(...steps)} clients need at least ${needed}. ` +
      `Raise it first, e.g. \`ulimit -n ${Math.max(8192, needed)}\`; ` +
      `skipping ${steps.filter((n) => !fitting.includes(n)).join(', ')} clients.`,
  );
  steps = fitting;
  if (steps.length === 0) process.exit(1);
}

// Bounded in time: connect + collect + close per step, plus start-up, with a generous margin.
const HARD_LIMIT_MS = 180_000 + steps.length * (CONNECT_TIMEOUT_MS + seconds * 1000 + 25_000);

const run = guardRun(HARD_LIMIT_MS);

/** @type {string[][]} */
const rows = [];
let failed = false;
let setting = '';
try {
  const env = { LOG_LEVEL: 'error' };
  if (args['tick-ms']) env.MARKET_TICK_MS = args['tick-ms'];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-stream-'));
  run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  env.DATA_DIR = dataDir;
  if (args.postgres) {
    const name = `candor_bench_${process.pid}`;
    const url = await createBenchDatabase(name);
    if (!url) throw new SkipError();
    run.onCleanUp(() => dropBenchDatabase(name));
    env.DATABASE_URL = url;
    setting = `PostgreSQL database ${name} at ${redact(url)}`;
  } else {
    setting = `embedded database in ${dataDir}`;
  }
  console.log(`Starting the server (${setting})…`);
  const server = await startServer(env);
  run.onCleanUp(() => server.stop());
  const cookie = await signIn(server.baseUrl);
  const tickMs = Number(env.MARKET_TICK_MS ?? 1000);
  console.log(
    `Server pid ${server.pid} at ${server.baseUrl}, ticks every ${tickMs} ms, ${seconds} s per step, ` +
      `steps ${steps.join(', ')} (open-file limit ${fdLimit})`,
  );
  for (const clients of steps) {
    const row = await runStep(server, cookie, clients);
    rows.push(row);
    console.log(
      `  ${clients} clients: ${row[2]} quotes, latency p50 ${row[4]} ms, p99 ${row[6]} ms, RSS ${row[10]}`,
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
  console.log(
    `\nLive prices: ${SYMBOLS} over SSE ` +
      `(${args.postgres ? 'PostgreSQL' : 'embedded database'}; ${machineLine()}; ` +
      `the clients run on the same cores as the server)\n`,
  );
  console.log(
    'The simulated market stamps each quote with its whole second while its timer fires at a\n' +
      'drifting fraction of that second, so receive time − quote time ("raw") mostly shows that\n' +
      'fraction. Latency is therefore measured from the first receipt of the same quote by any\n' +
      'client (≈ the moment the server sent it) to each receipt: the fan-out delay.\n',
  );
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
    ],
    rows,
  );
  console.log('(times in ms; "expected" = distinct quotes in the window × clients connected)');
  const atTarget = rows.find((row) => Number(row[0]) === TARGET.clients);
  const verdict = atTarget
    ? Number(atTarget[6]) < TARGET.p99Ms && Number(atTarget[1]) === TARGET.clients
      ? 'met'
      : 'MISSED'
    : 'not measured';
  console.log(
    `\nTarget: p99 under ${TARGET.p99Ms} ms at ${TARGET.clients.toLocaleString('en')} clients (latency p99) — ${verdict}.`,
  );
}
process.exit(failed ? 1 : 0);

/**
 * One step: `clients` streams for `seconds`.
 * @param {{ baseUrl: string; pid: number }} server
 */
async function runStep(server, cookie, clients) {
  const step = await collect(server, cookie, clients, seconds);
  if (step.refused > 0) {
    console.log(`  ${clients} clients: ${step.refused} refused or failed (first: ${step.firstError})`);
  }
  if (step.dropped > 0) console.log(`  ${clients} clients: ${step.dropped} streams ended by the server`);
  console.log(`  ${clients} clients: connected in ${(step.connectMs / 1000).toFixed(1)} s`);

  // The first receipt of each quote by any client stands for the moment it was sent.
  const first = new Map();
  for (const [raw, key] of step.samples) first.set(key, Math.min(first.get(key) ?? raw, raw));
  const raw = step.samples.map(([value]) => value).sort((a, b) => a - b);
  const latency = step.samples.map(([value, key]) => value - first.get(key)).sort((a, b) => a - b);
  const ms = (values, p) => (values.length ? String(Math.round(percentile(values, p))) : '—');
  return [
    String(clients),
    String(step.connected),
    raw.length.toLocaleString('en'),
    (first.size * step.connected).toLocaleString('en'),
    ms(latency, 50),
    ms(latency, 95),
    ms(latency, 99),
    ms(latency, 100),
    ms(raw, 50),
    ms(raw, 99),
    step.rss,
  ];
}

/**
 * Opens `count` streams (CONNECT_CONCURRENCY at a time), collects for `windowSeconds` the quotes
 * ticked after the last one connected, reads the server's RSS, closes them all.
 * @param {{ baseUrl: string; pid: number }} server
 */
async function collect(server, cookie, count, windowSeconds) {
  const url = new URL(`/api/prices/stream?symbols=${SYMBOLS}`, server.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  /** @type {http.ClientRequest[]} */
  const requests = [];
  /** @type {[number, string][]} raw latency (ms), tick key */
  const samples = [];
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  let collecting = true;
  let dropped = 0;
  let connected = 0;
  let refused = 0;
  /** @type {string | undefined} */
  let firstError;

  const open = () =>
    new Promise((resolve) => {
      let answered = false;
      const request = http.get(
        url,
        { agent, headers: { cookie, accept: 'text/event-stream' }, timeout: CONNECT_TIMEOUT_MS },
        (response) => {
          answered = true;
          if (response.statusCode !== 200) {
            refused++;
            firstError ??= `HTTP ${response.statusCode}`;
            response.resume();
            request.destroy();
            resolve(undefined);
            return;
          }
          connected++;
          request.setTimeout(0);
          response.setEncoding('utf8');
          let buffer = '';
          response.on('data', (chunk) => {
            const received = Date.now();
            buffer += chunk;
            for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              let event = 'message';
              let data = '';
              for (const line of block.split('\n')) {
                if (line.startsWith('event:')) event = line.slice(6).trim();
                else if (line.startsWith('data:')) data += line.slice(5).trimStart();
              }
              if (event !== 'quote' || !data) continue;
              const quote = JSON.parse(data);
              const time = Date.parse(quote.time);
              if (time >= windowStart && time < windowEnd) {
                samples.push([received - time, `${quote.symbol} ${quote.time}`]);
              }
            }
          });
          response.on('error', () => {});
          response.once('close', () => {
            if (collecting) dropped++;
          });
          resolve(undefined);
        },
      );
      request.on('timeout', () => request.destroy(new Error('connect timeout')));
      request.on('error', (error) => {
        if (answered) return; // our own close, or a drop counted on 'close'
        firstError ??= error.message;
        refused++;
        resolve(undefined);
      });
      requests.push(request);
    });

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, count) }, async () => {
      while (next < count) {
        next++;
        await open();
      }
    }),
  );
  const connectMs = performance.now() - started;

  windowStart = Date.now();
  await sleep(windowSeconds * 1000);
  windowEnd = Date.now();
  // Quotes ticked just before the window's end are still on their way: give them a moment.
  await sleep(1000);
  const rss = readRss(server.pid);
  collecting = false;
  for (const request of requests) request.destroy();
  agent.destroy();
  await sleep(1000); // lets the server see the closes before the next connections
  return { connected, refused, dropped, firstError, connectMs, samples, rss };
}

function readRss(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : '?';
  } catch {
    return '?';
  }
}

function readFdLimit() {
  try {
    const soft = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
