// Shared by bench/ledger.mjs and bench/trading.mjs: the built server on its own PostgreSQL database,
// HTTP load through the real routes and its statistics, pgbench beside it, the ledger reconciliation
// afterwards, and the lines of their reports.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectionPool } from './http-client.mjs';
import { connect, newKey } from './ledger-setup.mjs';
import {
  createBenchDatabase,
  dropBenchDatabase,
  percentile,
  printTable,
  ROOT,
  redact,
  signIn,
  startServer,
  waitUntilSettled,
} from './server.mjs';

export const ADMIN_CLI = path.join(ROOT, 'apps/server/dist/admin.js');

/**
 * @typedef {{ count: number; latencies: number[]; errors: Map<string, number>; sample?: string }} KindStats
 * @typedef {{ over: number; windows: number; busiest: number }} Tail
 * @typedef {{ ops: number; opsPerSecond: number; elapsedMs: number; latencies: number[];
 *   kinds: Map<string, KindStats>; errors: number; tail: Tail;
 *   observed?: Awaited<ReturnType<Awaited<ReturnType<typeof import('./ledger-observe.mjs').observe>>['stop']>> }} PhaseStats
 * @typedef {{ tps: number; p50: number; p99: number; transactions: number }} PgbenchResult
 * @typedef {ReturnType<typeof import('./server.mjs').guardRun>} Run
 */

/** Prints the message and exits with code 1 (for bad options). */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Milliseconds with one decimal, or '-' when there is no value. */
export function ms(value) {
  return Number.isFinite(value) ? value.toFixed(1) : '-';
}

/**
 * Creates database candor_bench_<kind>_<pid> and a data directory (both removed on clean-up) and
 * starts the built server on them. Resolves with null when PostgreSQL does not answer
 * (createBenchDatabase prints why). `stopServer()` stops the server before the clean-up would.
 * @param {Run} run
 * @param {string} kind
 * @param {string} authSecret
 */
export async function startOnPostgres(run, kind, authSecret) {
  const name = `candor_bench_${kind}_${process.pid}`;
  const url = await createBenchDatabase(name);
  if (!url) return null;
  run.onCleanUp(() => dropBenchDatabase(name));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `candor-bench-${kind}-`));
  run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  console.log(`PostgreSQL database ${name} at ${redact(url)}: starting the server…`);
  // Statements and transactions counted in the server (bench/sql-statements.mjs), read by observe();
  // with CAPTURE_SQL_FILE set, also every statement's text (bench:backoffice).
  const sqlCountFile = path.join(dataDir, 'sql-count.json');
  const preload = `--import=${path.join(ROOT, 'bench/sql-statements.mjs')}`;
  const nodeArgs = process.env.BENCH_NODE_ARGS ?? '';
  process.env.BENCH_NODE_ARGS = nodeArgs.includes(preload) ? nodeArgs : `${nodeArgs} ${preload}`;
  const server = await startServer({
    COUNT_SQL_FILE: sqlCountFile,
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    AUTH_SECRET: authSecret,
    // What a server logs by default (a line per request), so the cost of logging is in the figures.
    LOG_LEVEL: 'info',
    // The bench's clients are one address and a few accounts sending thousands of requests a second:
    // the request limits (lib/rate-limit-policies.ts) are raised, not switched off (still counted).
    RATE_LIMITS: process.env.RATE_LIMITS ?? 'default.account=100000000,default.address=100000000',
  });
  let serverStopped = false;
  run.onCleanUp(async () => {
    if (!serverStopped) await server.stop();
  });
  // The operations are measured in the steady state, not against the server's start-up work.
  const settledMs = await waitUntilSettled(server.pid);
  // A running server has signed someone in through better-auth, which turns Node's async hooks on for
  // every later promise (its AsyncLocalStorage): about 4 % of the server's CPU on the money path. The
  // bench's customers get their sessions from the database, so one sign-in through the API puts the
  // server in that state before anything is measured.
  await signIn(server.baseUrl);
  console.log(`The server settled ${(settledMs / 1000).toFixed(0)} s after it started.`);
  const stopServer = async () => {
    serverStopped = true;
    await server.stop();
  };
  return { url, dataDir, server, stopServer, sqlCountFile };
}

/**
 * The body of a staff approval that moves money (deposits, withdrawals): the server requires a
 * reason (docs/decisions/044), which goes to the approval's audit row.
 */
export const APPROVAL_BODY = { reason: 'Benchmark: payment checked' };

/**
 * HTTP calls with the session cookie, the Origin header and a fresh Idempotency-Key each, over
 * keep-alive connections on raw sockets (bench/http-client.mjs: a fraction of node:http's CPU per
 * request, so the load generator takes less of the cores it shares with the server it measures).
 */
export function client(baseUrl) {
  const pool = connectionPool(baseUrl);
  const send = (method, url, cookie, body) => {
    /** @type {Record<string, string>} */
    const headers = { origin: baseUrl };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers['idempotency-key'] = newKey();
    if (body !== undefined) headers['content-type'] = 'application/json';
    return pool.request(
      method,
      url,
      headers,
      body === undefined ? undefined : Buffer.from(JSON.stringify(body)),
    );
  };
  return {
    send,
    expectOk: async (method, url, cookie, body) => {
      const answer = await send(method, url, cookie, body);
      if (answer.status !== 200) throw new Error(`${method} ${url}: HTTP ${answer.status} ${answer.text}`);
      return answer;
    },
  };
}

/** Runs `task` over `items` with at most `concurrency` at once. */
export async function runAll(items, concurrency, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

/**
 * Counts the answers of a timed phase by kind of operation: `record` keeps the latency of a 200
 * (and says true), or counts the status and keeps a sample of the first error's body;
 * `result(elapsedMs)` sorts the latencies and returns the phase's statistics.
 * @param {string[]} kindNames
 */
export function phaseRecorder(kindNames) {
  /** @type {Map<string, KindStats>} */
  const kinds = new Map(kindNames.map((kind) => [kind, { count: 0, latencies: [], errors: new Map() }]));
  /** @type {number[]} */
  const all = [];
  /** @type {Array<[number, number]>} each 200's arrival (performance.now()) and latency */
  const answers = [];
  let errors = 0;
  return {
    /** @param {string} kind @param {{ status: number; ms: number; text: string }} answer */
    record(kind, answer) {
      const k = /** @type {KindStats} */ (kinds.get(kind));
      if (answer.status === 200) {
        k.count++;
        k.latencies.push(answer.ms);
        all.push(answer.ms);
        answers.push([performance.now(), answer.ms]);
        return true;
      }
      errors++;
      const key = String(answer.status);
      k.errors.set(key, (k.errors.get(key) ?? 0) + 1);
      k.sample ??= answer.text.slice(0, 200);
      return false;
    },
    /** @param {number} elapsedMs @returns {PhaseStats} */
    result(elapsedMs) {
      const sort = (values) => values.sort((a, b) => a - b);
      sort(all);
      for (const k of kinds.values()) sort(k.latencies);
      return {
        ops: all.length,
        opsPerSecond: all.length / (elapsedMs / 1000),
        elapsedMs,
        latencies: all,
        kinds,
        errors,
        tail: tailWindows(answers, percentile(all, 99)),
      };
    },
  };
}

/** The width of the windows `tailWindows` counts the slowest answers in. */
export const TAIL_WINDOW_MS = 100;

/**
 * Where a phase's answers at or over its p99 arrived: how many there are, in how many windows of
 * TAIL_WINDOW_MS, and how many in the busiest window. A few windows holding them all means a few
 * stalls in which every client waited at once (decision 041), not a slow steady state.
 * @param {ReadonlyArray<readonly [number, number]>} answers  arrival time (ms) and latency (ms)
 * @param {number} p99
 * @returns {Tail}
 */
export function tailWindows(answers, p99) {
  /** @type {Map<number, number>} */
  const windows = new Map();
  let over = 0;
  for (const [at, latency] of answers) {
    if (!(latency >= p99)) continue;
    over++;
    const window = Math.floor(at / TAIL_WINDOW_MS);
    windows.set(window, (windows.get(window) ?? 0) + 1);
  }
  return { over, windows: windows.size, busiest: Math.max(0, ...windows.values()) };
}

/**
 * One line on where a phase's slowest answers fell (`tailWindows`).
 * @param {string} label
 * @param {Tail} tail
 */
export function tailLine(label, { over, windows, busiest }) {
  return (
    `  ${label}: ${over} answers at or over the p99, in ${windows} windows of ${TAIL_WINDOW_MS} ms ` +
    `(the busiest holds ${busiest})`
  );
}

/**
 * Gathers PostgreSQL's statistics of the bench database before a timed phase, as autovacuum keeps
 * them for a database in use and as `pgbench -i` does for its own tables. A new database is first
 * visited by autovacuum up to a minute after it is made, longer than a run, and a set-up and a
 * warm-up grow its tables many times over within seconds: a statement prepared while a table was
 * small keeps a plan that reads it whole (2026-11-27: the idempotency keys' settling, 5–29 ms a batch
 * once the table had grown thirtyfold; docs/decisions/041).
 * @param {string} url
 */
export async function analyzeBenchDatabase(url) {
  const db = await connect(url);
  try {
    await db.query('analyze');
  } finally {
    await db.end();
  }
}

/**
 * Seconds of each timed phase's own load run just before it and not counted (`--warm-up`). A server
 * in use has compiled its hot code (V8 optimises a function only after many calls), opened its
 * pool's connections and filled PostgreSQL's caches; a timed phase that starts cold measures that
 * instead (2026-11-27: bench:trading's first two seconds ran at half the rate of the rest, and the
 * server's CPU per operation over 10 s was 0.78 ms after 4 rounds of warm-up, 0.56 ms after 30;
 * docs/decisions/041). Its figures are printed beside the timed ones.
 */
export const WARM_UP_SECONDS = 3;

/**
 * Reads `--warm-up` (seconds, 0 to 60).
 * @param {string} value
 */
export function warmUpSeconds(value) {
  const seconds = Number(value);
  if (!(seconds >= 0 && seconds <= 60)) fail('--warm-up must be from 0 to 60 seconds');
  return seconds;
}

/**
 * A phase's operations, rate, p50, p99 and errors on one line.
 * @param {PhaseStats} stats
 * @param {string} [lead]  before the numbers, e.g. "A: "
 */
export function phaseLine(stats, lead = '') {
  return (
    `  ${lead}${stats.ops} operations in ${(stats.elapsedMs / 1000).toFixed(1)} s = ` +
    `${stats.opsPerSecond.toFixed(0)}/s, p50 ${ms(percentile(stats.latencies, 50))} ms, ` +
    `p99 ${ms(percentile(stats.latencies, 99))} ms, ${stats.errors} errors`
  );
}

/**
 * The line printed after a timed phase, and one more per kind of operation that had errors.
 * @param {PhaseStats} stats
 * @param {string} [lead]  before the numbers, e.g. "A: "
 */
export function printPhase(stats, lead = '') {
  console.log(phaseLine(stats, lead));
  for (const [kind, k] of stats.kinds) {
    if (k.errors.size > 0) {
      console.log(
        `    ${kind} errors: ${[...k.errors].map(([s, n]) => `${n}× HTTP ${s}`).join(', ')}: ${k.sample}`,
      );
    }
  }
}

/**
 * Runs a command (in the repository root) to its end; resolves with its exit code and its
 * stdout+stderr.
 */
export function runCommand(command, commandArgs, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * With the server stopped: the ledger reconciliation (`admin reconcile`) of the bench database, and
 * `readCounts` on it.
 * @template T
 * @param {{ url: string; dataDir: string }} bench
 * @param {(db: import('pg').Client) => Promise<T>} readCounts
 */
export async function checkLedger({ url, dataDir }, readCounts) {
  const reconciled = await runCommand(process.execPath, [ADMIN_CLI, 'reconcile'], {
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
  });
  const db = await connect(url);
  try {
    return {
      reconciliation: reconciled.output.trim(),
      reconciliationClean: reconciled.code === 0,
      counts: await readCounts(db),
    };
  } finally {
    await db.end();
  }
}

/**
 * Creates `name`, runs `pgbench -i -s 10` then `pgbench -c N -j 2 -T seconds` on it, drops it.
 * @param {string} name
 * @param {{ clients: number; seconds: number; run: Run }} options
 * @returns {Promise<PgbenchResult>}
 */
export async function runPgbench(name, { clients, seconds, run }) {
  const url = await createBenchDatabase(name);
  if (!url) throw new Error('PostgreSQL stopped answering before pgbench');
  run.onCleanUp(() => dropBenchDatabase(name));
  console.log(`pgbench: initialising ${name} (scale 10)…`);
  const init = await runCommand('pgbench', ['-i', '-s', '10', '-q', url], {});
  if (init.code !== 0) throw new Error(`pgbench -i failed:\n${init.output}`);
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-pgbench-'));
  run.onCleanUp(async () => fs.rmSync(logDir, { recursive: true, force: true }));
  const threads = Math.min(2, clients);
  console.log(`pgbench: ${clients} clients, ${threads} threads, ${seconds} s…`);
  const bench = await runCommand(
    'pgbench',
    [
      '-c',
      String(clients),
      '-j',
      String(threads),
      '-T',
      String(seconds),
      '-l',
      '--log-prefix',
      path.join(logDir, 'tx'),
      url,
    ],
    {},
  );
  if (bench.code !== 0) throw new Error(`pgbench failed:\n${bench.output}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(bench.output)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(bench.output)?.[1]);
  if (!Number.isFinite(tps)) throw new Error(`could not read pgbench's tps:\n${bench.output}`);
  // Per-transaction log: "client_id transaction_no time_us script_no epoch epoch_us".
  const latencies = [];
  for (const file of fs.readdirSync(logDir)) {
    for (const line of fs.readFileSync(path.join(logDir, file), 'utf8').split('\n')) {
      const micros = Number(line.split(' ')[2]);
      if (line && Number.isFinite(micros)) latencies.push(micros / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  return { tps, transactions, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

// ---------- report ----------

/**
 * The paragraph on what shares the cores and what one operation is (`transaction`: its steps;
 * `grouped`: which operations share a transaction when they arrive together).
 */
export function printLoadNote(transaction, grouped) {
  console.log(
    'The load generator (this process, keep-alive HTTP on raw sockets), the server and PostgreSQL share the\n' +
      `same ${os.cpus().length} cores; pgbench's client shares them too. Each operation is one HTTP request,\n` +
      `decided in a database transaction (${transaction}).` +
      (grouped ? `\n${grouped} that arrive together share one (group commit, docs/decisions/041).` : ''),
  );
}

/** `perSecond` as a share of pgbench's TPS, or '-' without pgbench. */
export function ofPgbench(perSecond, pgbench) {
  return pgbench ? `${((100 * perSecond) / pgbench.tps).toFixed(0)} %` : '-';
}

/**
 * Table rows of a phase: the whole (its share of pgbench's TPS in the last column), then one row per
 * kind of operation (`kindShare`: their share too, else an empty cell).
 * @param {string} label
 * @param {PhaseStats} stats
 * @param {PgbenchResult | null} pgbench
 */
export function phaseRows(label, stats, pgbench, { kindShare = false } = {}) {
  const rows = [
    [
      label,
      String(stats.ops),
      stats.opsPerSecond.toFixed(0),
      ms(percentile(stats.latencies, 50)),
      ms(percentile(stats.latencies, 99)),
      String(stats.errors),
      ofPgbench(stats.opsPerSecond, pgbench),
    ],
  ];
  for (const [kind, k] of stats.kinds) {
    const perSecond = k.count / (stats.elapsedMs / 1000);
    rows.push([
      `  ${kind}`,
      String(k.count),
      perSecond.toFixed(0),
      ms(percentile(k.latencies, 50)),
      ms(percentile(k.latencies, 99)),
      String([...k.errors.values()].reduce((a, b) => a + b, 0)),
      kindShare ? ofPgbench(perSecond, pgbench) : '',
    ]);
  }
  return rows;
}

/**
 * Prints the rows with pgbench's row below them.
 * @param {string[][]} rows
 * @param {PgbenchResult | null} pgbench
 */
export function printLoadTable(rows, pgbench) {
  const all = [...rows];
  if (pgbench) {
    all.push([
      'pgbench TPC-B -s 10',
      String(pgbench.transactions),
      pgbench.tps.toFixed(0),
      ms(pgbench.p50),
      ms(pgbench.p99),
      '0',
      '100 %',
    ]);
  }
  printTable(['', 'ops', 'ops/s', 'p50 ms', 'p99 ms', 'errors', 'of pgbench'], all);
}

export function verdict(met) {
  return met ? 'MET' : 'MISSED';
}

/** The "Targets" heading, with a note when the run did not use the clients the targets assume. */
export function printTargetsHeading(clients, targetClients) {
  console.log('\nTargets');
  if (clients !== targetClients) {
    console.log(`  (the targets are set at ${targetClients} clients; this run used ${clients})`);
  }
}

/**
 * CPU per operation of a phase (from observe()), in two lines: `lead` before the first (after two
 * spaces), `indent` before the second.
 * @param {PhaseStats} stats
 */
export function printCpuPerOperation(stats, { lead = '', indent = '  ' } = {}) {
  const o = stats.observed;
  if (!o) return;
  const perOp = (cpuMs) =>
    Number.isFinite(cpuMs) ? `${(cpuMs / Math.max(1, stats.ops)).toFixed(2)} ms` : '?';
  console.log(
    `  ${lead}server process ${perOp(o.serverCpuMs)}, load generator ${perOp(o.benchCpuMs)}, ` +
      `all PostgreSQL processes ${perOp(o.postgresCpuMs)}; machine ` +
      `${Number.isFinite(o.machineBusy) ? (o.machineBusy * 100).toFixed(0) : '?'} % busy; ` +
      `${o.active.toFixed(1)} backends active, ${o.lockWaiting.toFixed(1)} waiting on a lock`,
  );
  if (Number.isFinite(o.statements) && stats.ops > 0) {
    console.log(
      `${indent}${(o.statements / stats.ops).toFixed(2)} statements, ${(o.roundTrips / stats.ops).toFixed(2)} round trips ` +
        `and ${(o.transactions / stats.ops).toFixed(2)} transactions per operation sent by the server ` +
        `(${(o.statements / Math.max(1, o.transactions)).toFixed(1)} statements and ` +
        `${(o.roundTrips / Math.max(1, o.transactions)).toFixed(1)} round trips per transaction; statements sent ` +
        `together on a connection share a round trip)`,
    );
  }
  const totalPerOp = (o.serverCpuMs + o.benchCpuMs + o.postgresCpuMs) / Math.max(1, stats.ops);
  if (Number.isFinite(totalPerOp) && totalPerOp > 0) {
    console.log(
      `${indent}${totalPerOp.toFixed(2)} ms of CPU per operation in all: ${os.cpus().length} cores of our own ` +
        `would allow at most ~${((os.cpus().length * 1000) / totalPerOp).toFixed(0)} operations/s; ` +
        `the server process alone (one thread) at most ~${(1000 / (o.serverCpuMs / Math.max(1, stats.ops))).toFixed(0)}/s`,
    );
  }
}

/** The reconciliation's verdict and its output, indented. */
export function printReconciliation(reconciliation, reconciliationClean) {
  console.log(
    `\nReconciliation (admin reconcile) of the bench database: ${reconciliationClean ? 'CLEAN' : 'PROBLEMS'}`,
  );
  if (reconciliation)
    console.log(
      reconciliation
        .split('\n')
        .map((line) => `  ${line}`)
        .join('\n'),
    );
}
