// npm run bench:ledger — money movements per second through the real HTTP routes, against pgbench.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) it creates
// database candor_bench_ledger_<pid>, starts the built server on it and writes 10,000 customers,
// an administrator, their sessions and pending deposits straight into the database. Each customer
// gets starting money through a deposit approval over HTTP (set-up, not timed). Then, for --seconds
// each, --clients concurrent HTTP clients (keep-alive) run:
//   A  withdrawal requests (a reservation: cash → reserved, the customer's own accounts only) by random
//      customers, mixed 1:1 with deposit approvals by the administrator (transit → cash);
//   B  deposit approvals mixed 1:1 with withdrawal approvals (reserved → transit, and fee → fee
//      revenue: the withdrawal fee is set above 0), so every operation touches the same platform
//      accounts.
// Every request carries its own Idempotency-Key. Afterwards the server is stopped, the ledger
// reconciliation (`admin reconcile`) runs on the database, and pgbench (TPC-B-like, `-i -s 10` on
// its own fresh database) runs with the same number of clients for the same time. Both databases
// are dropped at the end.
//
//   node bench/ledger.mjs [--clients 32] [--seconds 10] [--customers 10000]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { observe } from './ledger-observe.mjs';
import { connect, insertPendingDeposits, insertUsers, newKey, readLedgerCounts } from './ledger-setup.mjs';
import {
  createBenchDatabase,
  dropBenchDatabase,
  guardRun,
  machineLine,
  percentile,
  printTable,
  ROOT,
  redact,
  requireBuild,
  SERVER,
  startServer,
} from './server.mjs';

const ADMIN_CLI = path.join(ROOT, 'apps/server/dist/admin.js');
const TARGET = { clients: 32, ratioOfPgbench: 0.5, p99Ms: 50, hotOverSpread: 0.8 };
const AUTH_SECRET = 'bench-ledger-secret-bench-ledger-secret-0123';
/** Starting money per customer, and the amount of each deposit approved while timed. */
const START_CENTS = 100_000n;
const STOCK_DEPOSIT_CENTS = 1_000n;
/** Enough pending deposits for this many operations per second (half of them approvals) per profile. */
const STOCK_OPS_PER_SECOND = 4000;
const FEE_PERCENT = '2.50';
const PAYOUT = { method: 'paypal', details: { email: 'bench@paypal.example' } };

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    customers: { type: 'string', default: '10000' },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const customerCount = Number(args.customers);
if (!Number.isInteger(clients) || clients < 1 || clients > 500)
  fail('--clients must be an integer from 1 to 500');
if (!(seconds >= 1 && seconds <= 300)) fail('--seconds must be from 1 to 300');
if (!Number.isInteger(customerCount) || customerCount < 1 || customerCount > 1_000_000) {
  fail('--customers must be an integer from 1 to 1,000,000');
}

requireBuild([SERVER, ADMIN_CLI]);

const run = guardRun(15 * 60_000 + 4 * seconds * 1000);

/** @type {{ label: string; stats: PhaseStats }[]} */
const profiles = [];
/** @type {{ tps: number; p50: number; p99: number; transactions: number } | null} */
let pgbench = null;
let reconciliation = '';
let reconciliationClean = false;
/** @type {Record<string, number> | null} */
let counts = null;
let setupLine = '';
let failed = false;
try {
  const name = `candor_bench_ledger_${process.pid}`;
  const url = await createBenchDatabase(name);
  // Without PostgreSQL createBenchDatabase prints why and nothing is measured.
  if (url) {
    run.onCleanUp(() => dropBenchDatabase(name));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-ledger-'));
    run.onCleanUp(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    console.log(`PostgreSQL database ${name} at ${redact(url)}: starting the server…`);
    const server = await startServer({
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET,
      LOG_LEVEL: 'error',
    });
    let serverStopped = false;
    run.onCleanUp(async () => {
      if (!serverStopped) await server.stop();
    });
    const http = client(server.baseUrl);

    // ---------- set-up (not timed) ----------
    const setupStarted = performance.now();
    const db = await connect(url);
    let users;
    /** @type {string[]} */
    let startDeposits;
    /** @type {string[][]} */
    let stock;
    try {
      users = await insertUsers(db, customerCount, AUTH_SECRET);
      startDeposits = await insertPendingDeposits(db, {
        count: customerCount,
        customers: customerCount,
        amountCents: START_CENTS,
      });
      const perProfile = Math.ceil((STOCK_OPS_PER_SECOND * seconds) / 2) + clients;
      stock = [];
      for (let i = 0; i < 2; i++) {
        const ids = await insertPendingDeposits(db, {
          count: perProfile,
          customers: customerCount,
          amountCents: STOCK_DEPOSIT_CENTS,
          offset: i * 7919,
        });
        stock.push(shuffle(ids));
      }
    } finally {
      await db.end();
    }
    const { admin, customers } = users;
    await http.expectOk('GET', '/api/me/balances', admin.cookie);
    const settings = JSON.parse((await http.expectOk('GET', '/api/settings')).text);
    await http.expectOk('PUT', '/api/admin/settings', admin.cookie, {
      siteName: settings.siteName,
      minWithdrawal: '1.00',
      withdrawalPercent: FEE_PERCENT,
    });
    console.log(
      `Set-up: ${customerCount.toLocaleString('en')} customers; approving their starting deposits…`,
    );
    await runAll(startDeposits, clients, (id) =>
      http.expectOk('POST', `/api/admin/deposits/${id}/approve`, admin.cookie),
    );
    setupLine =
      `Set-up: ${customerCount.toLocaleString('en')} customers with $${(START_CENTS / 100n).toLocaleString('en')} ` +
      `each (deposit approvals over HTTP), ${(stock[0].length + stock[1].length).toLocaleString('en')} more ` +
      `pending deposits, withdrawal fee ${FEE_PERCENT} %: ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`;
    console.log(setupLine);

    /** Pending withdrawals made in A, approved in B. */
    const pendingWithdrawals = [];
    const requestWithdrawal = async () => {
      const customer = customers[Math.floor(Math.random() * customers.length)];
      const cents = 100 + Math.floor(Math.random() * 900);
      const answer = await http.send('POST', '/api/withdrawals', customer.cookie, {
        amount: (cents / 100).toFixed(2),
        ...PAYOUT,
      });
      if (answer.status === 200) pendingWithdrawals.push(JSON.parse(answer.text).id);
      return answer;
    };
    const approveDeposit = (queue) => () => {
      const id = queue.pop();
      return id === undefined
        ? undefined
        : http.send('POST', `/api/admin/deposits/${id}/approve`, admin.cookie);
    };
    const approveWithdrawal = () => {
      const id = pendingWithdrawals.pop();
      return id === undefined
        ? undefined
        : http.send('POST', `/api/admin/withdrawals/${id}/approve`, admin.cookie);
    };

    // Warms the withdrawal route (the approvals above warmed the deposit route).
    await runAll(Array.from({ length: clients * 4 }), clients, async () => {
      const answer = await requestWithdrawal();
      if (answer.status !== 200) throw new Error(`warm-up withdrawal: HTTP ${answer.status} ${answer.text}`);
    });

    // ---------- A: customer accounts spread over 10,000 ----------
    console.log(`A: ${clients} clients for ${seconds} s (withdrawal requests + deposit approvals)…`);
    const watchA = await observe({ serverPid: server.pid, url });
    const statsA = await runPhase(clients, seconds, [
      { kind: 'withdrawal request', send: requestWithdrawal },
      { kind: 'deposit approval', send: approveDeposit(stock[0]) },
    ]);
    statsA.observed = await watchA.stop();
    profiles.push({ label: 'A spread', stats: statsA });
    printPhase('A', statsA);

    // ---------- B: the same platform accounts in every operation ----------
    const needed = Math.ceil(statsA.opsPerSecond * seconds * 0.75) + clients * 4;
    if (pendingWithdrawals.length < needed) {
      const more = needed - pendingWithdrawals.length;
      console.log(`B: requesting ${more} more withdrawals to approve (not timed)…`);
      await runAll(Array.from({ length: more }), clients, async () => {
        const answer = await requestWithdrawal();
        if (answer.status !== 200) throw new Error(`withdrawal: HTTP ${answer.status} ${answer.text}`);
      });
    }
    shuffle(pendingWithdrawals);
    console.log(`B: ${clients} clients for ${seconds} s (deposit approvals + withdrawal approvals)…`);
    const watchB = await observe({ serverPid: server.pid, url });
    const statsB = await runPhase(clients, seconds, [
      { kind: 'deposit approval', send: approveDeposit(stock[1]) },
      { kind: 'withdrawal approval', send: approveWithdrawal },
    ]);
    statsB.observed = await watchB.stop();
    profiles.push({ label: 'B hot', stats: statsB });
    printPhase('B', statsB);

    // ---------- the ledger afterwards ----------
    serverStopped = true;
    await server.stop();
    const reconciled = await runCommand(process.execPath, [ADMIN_CLI, 'reconcile'], {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    });
    reconciliation = reconciled.output.trim();
    reconciliationClean = reconciled.code === 0;
    const after = await connect(url);
    try {
      counts = await readLedgerCounts(after);
    } finally {
      await after.end();
    }

    // ---------- pgbench on its own database ----------
    pgbench = await runPgbench(`candor_bench_pgb_${process.pid}`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

if (profiles.length > 0) report();
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------

/**
 * @typedef {{ count: number; latencies: number[]; errors: Map<string, number>; sample?: string }} KindStats
 * @typedef {{ ops: number; opsPerSecond: number; elapsedMs: number; latencies: number[];
 *   kinds: Map<string, KindStats>; errors: number; exhausted: string[];
 *   observed?: Awaited<ReturnType<Awaited<ReturnType<typeof observe>>['stop']>> }} PhaseStats
 */

/** HTTP calls with the session cookie, the Origin header and a fresh Idempotency-Key each. */
function client(baseUrl) {
  const send = async (method, url, cookie, body) => {
    /** @type {Record<string, string>} */
    const headers = { origin: baseUrl };
    if (cookie) headers.cookie = cookie;
    if (method !== 'GET') headers['idempotency-key'] = newKey();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, text };
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
async function runAll(items, concurrency, task) {
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
 * `clients` loops, each alternating between the operations (client i starts with operation
 * i mod n, so the mix is even), until `seconds` have passed. An operation whose stock is empty
 * ends its loop (reported as "exhausted").
 * @param {{ kind: string; send: () => Promise<{ status: number; ms: number; text: string }> | undefined }[]} operations
 * @returns {Promise<PhaseStats>}
 */
async function runPhase(clientCount, phaseSeconds, operations) {
  /** @type {Map<string, KindStats>} */
  const kinds = new Map(operations.map((op) => [op.kind, { count: 0, latencies: [], errors: new Map() }]));
  const all = [];
  const exhausted = new Set();
  let errors = 0;
  const started = performance.now();
  const deadline = started + phaseSeconds * 1000;
  const loop = async (index) => {
    let turn = index;
    while (performance.now() < deadline) {
      const op = operations[turn++ % operations.length];
      const pending = op.send();
      if (!pending) {
        exhausted.add(op.kind);
        return;
      }
      const answer = await pending;
      const stats = kinds.get(op.kind);
      if (answer.status === 200) {
        stats.count++;
        stats.latencies.push(answer.ms);
        all.push(answer.ms);
      } else {
        errors++;
        const key = String(answer.status);
        stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
        stats.sample ??= answer.text.slice(0, 200);
      }
    }
  };
  await Promise.all(Array.from({ length: clientCount }, (_, i) => loop(i)));
  const elapsedMs = performance.now() - started;
  const sort = (values) => values.sort((a, b) => a - b);
  sort(all);
  for (const stats of kinds.values()) sort(stats.latencies);
  return {
    ops: all.length,
    opsPerSecond: all.length / (elapsedMs / 1000),
    elapsedMs,
    latencies: all,
    kinds,
    errors,
    exhausted: [...exhausted],
  };
}

function printPhase(label, stats) {
  console.log(
    `  ${label}: ${stats.ops} operations in ${(stats.elapsedMs / 1000).toFixed(1)} s = ` +
      `${stats.opsPerSecond.toFixed(0)}/s, p50 ${ms(percentile(stats.latencies, 50))} ms, ` +
      `p99 ${ms(percentile(stats.latencies, 99))} ms, ${stats.errors} errors`,
  );
  for (const [kind, k] of stats.kinds) {
    if (k.errors.size > 0) {
      console.log(
        `    ${kind} errors: ${[...k.errors].map(([s, n]) => `${n}× HTTP ${s}`).join(', ')}: ${k.sample}`,
      );
    }
  }
  if (stats.exhausted.length > 0) {
    console.log(`    ran out of pending ${stats.exhausted.join(', ')}s before the time was up`);
  }
}

/** Creates `name`, runs `pgbench -i -s 10` then `pgbench -c N -j 2 -T seconds` on it, drops it. */
async function runPgbench(name) {
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

/** Runs a command to its end; resolves with its exit code and its stdout+stderr. */
function runCommand(command, commandArgs, env) {
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

function report() {
  console.log(
    `\nLedger through HTTP on PostgreSQL: ${clients} clients, ${seconds} s per profile, ` +
      `${customerCount.toLocaleString('en')} customers (${machineLine()})`,
  );
  console.log(
    'The load generator (this process, Node fetch with keep-alive), the server and PostgreSQL share the\n' +
      `same ${os.cpus().length} cores; pgbench's client shares them too. Each operation is one HTTP request = one\n` +
      'database transaction (session lookup, idempotency key, row lock, ledger entries, audit record).',
  );
  if (setupLine) console.log(setupLine);
  console.log('');
  const rows = [];
  for (const { label, stats } of profiles) {
    rows.push([
      label,
      String(stats.ops),
      stats.opsPerSecond.toFixed(0),
      ms(percentile(stats.latencies, 50)),
      ms(percentile(stats.latencies, 99)),
      String(stats.errors),
      pgbench ? `${((100 * stats.opsPerSecond) / pgbench.tps).toFixed(0)} %` : '-',
    ]);
    for (const [kind, k] of stats.kinds) {
      rows.push([
        `  ${kind}`,
        String(k.count),
        (k.count / (stats.elapsedMs / 1000)).toFixed(0),
        ms(percentile(k.latencies, 50)),
        ms(percentile(k.latencies, 99)),
        String([...k.errors.values()].reduce((a, b) => a + b, 0)),
        '',
      ]);
    }
  }
  if (pgbench) {
    rows.push([
      'pgbench TPC-B -s 10',
      String(pgbench.transactions),
      pgbench.tps.toFixed(0),
      ms(pgbench.p50),
      ms(pgbench.p99),
      '0',
      '100 %',
    ]);
  }
  printTable(['', 'ops', 'ops/s', 'p50 ms', 'p99 ms', 'errors', 'of pgbench'], rows);

  console.log('\nTargets');
  const verdict = (met) => (met ? 'MET' : 'MISSED');
  if (clients !== TARGET.clients) {
    console.log(`  (the targets are set at ${TARGET.clients} clients; this run used ${clients})`);
  }
  for (const { label, stats } of profiles) {
    const p99 = percentile(stats.latencies, 99);
    if (pgbench) {
      const ratio = stats.opsPerSecond / pgbench.tps;
      console.log(
        `  ${label}: ≥ ${TARGET.ratioOfPgbench * 100} % of pgbench TPS: ${(ratio * 100).toFixed(1)} % → ` +
          `${verdict(ratio >= TARGET.ratioOfPgbench)}`,
      );
    }
    console.log(`  ${label}: p99 < ${TARGET.p99Ms} ms: ${ms(p99)} ms → ${verdict(p99 < TARGET.p99Ms)}`);
    if (stats.errors > 0)
      console.log(`  ${label}: ${stats.errors} requests failed (not counted as operations)`);
    if (stats.exhausted.length > 0)
      console.log(`  ${label}: ran out of stock (${stats.exhausted.join(', ')})`);
  }
  const [a, b] = profiles;
  if (a && b) {
    const ratio = b.stats.opsPerSecond / a.stats.opsPerSecond;
    console.log(
      `  B ≥ ${TARGET.hotOverSpread * 100} % of A: ${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= TARGET.hotOverSpread)}`,
    );
  }
  console.log('\nWhere the time went (CPU per operation; backends of the bench database, averaged)');
  for (const { label, stats } of profiles) {
    const o = stats.observed;
    if (!o) continue;
    const perOp = (cpuMs) =>
      Number.isFinite(cpuMs) ? `${(cpuMs / Math.max(1, stats.ops)).toFixed(1)} ms` : '?';
    console.log(
      `  ${label}: server process ${perOp(o.serverCpuMs)}, load generator ${perOp(o.benchCpuMs)}, ` +
        `all PostgreSQL processes ${perOp(o.postgresCpuMs)}; machine ${Number.isFinite(o.machineBusy) ? (o.machineBusy * 100).toFixed(0) : '?'} % busy; ` +
        `${o.active.toFixed(1)} backends active, ${o.lockWaiting.toFixed(1)} waiting on a lock`,
    );
    const totalPerOp = (o.serverCpuMs + o.benchCpuMs + o.postgresCpuMs) / Math.max(1, stats.ops);
    if (Number.isFinite(totalPerOp) && totalPerOp > 0) {
      console.log(
        `    ${totalPerOp.toFixed(1)} ms of CPU per operation in all: ${os.cpus().length} cores of our own ` +
          `would allow at most ~${((os.cpus().length * 1000) / totalPerOp).toFixed(0)} operations/s; ` +
          `the server process alone (one thread) at most ~${(1000 / (o.serverCpuMs / Math.max(1, stats.ops))).toFixed(0)}/s`,
      );
    }
  }
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
  if (counts) {
    console.log(
      `  ${counts.approved_deposits} approved deposits (${counts.approved_without_entry} without an entry), ` +
        `${counts.deposit_entries} deposit entries; ${counts.withdrawals} withdrawals ` +
        `(${counts.approved_withdrawals} approved), ${counts.reservation_entries} reservation entries; ` +
        `${counts.entries} entries, ${counts.postings} postings`,
    );
  }
}

function ms(value) {
  return Number.isFinite(value) ? value.toFixed(1) : '-';
}

function shuffle(values) {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [values[i], values[j]] = [values[j], values[i]];
  }
  return values;
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
