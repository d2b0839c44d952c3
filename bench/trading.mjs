// npm run bench:trading — trades opened and closed per second through the real HTTP routes, against pgbench.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) it creates
// database candor_bench_trading_<pid>, starts the built server on it (simulated prices ticking every
// second, so the stop-out monitor checks every batch of ticks while the load runs) and writes
// --clients customers, an administrator and their sessions straight into the database. Each customer
// gets starting money through a deposit approval over HTTP (set-up, not timed). Then, for --warm-up
// seconds (not timed, printed) and then --seconds (timed), each customer runs its own loop through the HTTP API (keep-alive): open a trade (POST /api/trades:
// a random instrument, direction and lot size, at the market price) and close it (POST
// /api/trades/:id/close), over and over. Every request carries its own Idempotency-Key. Afterwards
// the server is stopped, the ledger reconciliation (`admin reconcile`) runs on the database, and
// pgbench (TPC-B-like, `-i -s 10` on its own fresh database) runs with the same number of clients
// for the same time. Both databases are dropped at the end.
//
//   node bench/trading.mjs [--clients 32] [--seconds 10] [--warm-up 3]
import { parseArgs } from 'node:util';
import { observe } from './ledger-observe.mjs';
import { connect, insertPendingDeposits, insertUsers } from './ledger-setup.mjs';
import {
  ADMIN_CLI,
  APPROVAL_BODY,
  analyzeBenchDatabase,
  checkLedger,
  client,
  fail,
  ms,
  phaseLine,
  phaseRecorder,
  phaseRows,
  printCpuPerOperation,
  printLoadNote,
  printLoadTable,
  printPhase,
  printReconciliation,
  printTargetsHeading,
  runAll,
  runPgbench,
  startOnPostgres,
  tailLine,
  verdict,
  WARM_UP_SECONDS,
  warmUpSeconds,
} from './load.mjs';
import { guardRun, machineLine, percentile, requireBuild, SERVER } from './server.mjs';

/**
 * Issue 15, item 1: at least half of pgbench's TPS with the same number of clients, and p99 under
 * 50 ms at 32 clients (the count bench:ledger uses too). This script was written at 50 clients
 * before the issue set the count; `--clients 50` still runs it that way.
 */
const TARGET = { clients: 32, ratioOfPgbench: 0.5, p99Ms: 50 };
const AUTH_SECRET = 'bench-trading-secret-bench-trading-secret-01';
/** Starting money per customer; each trade risks $10, one open trade per customer at a time. */
const START_CENTS = 100_000n;
const SYMBOLS = ['EURUSD', 'GBPUSD', 'USDJPY', 'BTCUSD', 'ETHUSD', 'AAPL', 'TSLA', 'MSFT'];

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: String(TARGET.clients) },
    seconds: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: String(WARM_UP_SECONDS) },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
if (!Number.isInteger(clients) || clients < 1 || clients > 500)
  fail('--clients must be an integer from 1 to 500');
if (!(seconds >= 1 && seconds <= 300)) fail('--seconds must be from 1 to 300');
const warmUp = warmUpSeconds(args['warm-up']);

requireBuild([SERVER, ADMIN_CLI]);

const run = guardRun(10 * 60_000 + 4 * (seconds + warmUp) * 1000);

/** @type {import('./load.mjs').PhaseStats | null} */
let stats = null;
/** @type {import('./load.mjs').PgbenchResult | null} */
let pgbench = null;
let reconciliation = '';
let reconciliationClean = false;
/** @type {Record<string, number> | null} */
let counts = null;
let setupLine = '';
let warmUpLine = '';
let failed = false;
try {
  const bench = await startOnPostgres(run, 'trading', AUTH_SECRET);
  // Without PostgreSQL startOnPostgres prints why and nothing is measured.
  if (bench) {
    const { url, server, sqlCountFile } = bench;
    const http = client(server.baseUrl);

    // ---------- set-up (not timed) ----------
    const setupStarted = performance.now();
    const db = await connect(url);
    let users;
    /** @type {string[]} */
    let deposits;
    try {
      users = await insertUsers(db, clients, AUTH_SECRET);
      deposits = await insertPendingDeposits(db, {
        count: clients,
        customers: clients,
        amountCents: START_CENTS,
      });
    } finally {
      await db.end();
    }
    const { admin, customers } = users;
    await runAll(deposits, clients, (id) =>
      http.expectOk('POST', `/api/admin/deposits/${id}/approve`, admin.cookie, APPROVAL_BODY),
    );
    setupLine =
      `Set-up: ${clients} customers with $${(START_CENTS / 100n).toLocaleString('en')} each (deposit approvals ` +
      `over HTTP): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`;
    console.log(setupLine);

    // ---------- warm-up (not timed) ----------
    if (warmUp > 0) {
      console.log(`Warm-up: the same load for ${warmUp} s (not timed)…`);
      warmUpLine = phaseLine(await runPhase(http, customers, warmUp), 'warm-up, not timed: ');
      console.log(warmUpLine);
    }

    // ---------- timed ----------
    await analyzeBenchDatabase(url);
    console.log(`${clients} customers for ${seconds} s, each opening and closing trades in turn…`);
    const watch = await observe({ serverPid: server.pid, url, sqlCountFile });
    stats = await runPhase(http, customers, seconds);
    stats.observed = await watch.stop();
    printPhase(stats);

    // ---------- the ledger afterwards ----------
    await bench.stopServer();
    ({ reconciliation, reconciliationClean, counts } = await checkLedger(bench, readTradeCounts));

    // ---------- pgbench on its own database ----------
    pgbench = await runPgbench(`candor_bench_pgb_${process.pid}`, { clients, seconds, run });
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

if (stats) report(stats);
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------

function openTrade(http, customer) {
  return http.send('POST', '/api/trades', customer.cookie, {
    symbol: SYMBOLS[Math.floor(Math.random() * SYMBOLS.length)],
    direction: Math.random() < 0.5 ? 'buy' : 'sell',
    amount: '10',
    lotSize: (1 + Math.floor(Math.random() * 1000) / 100).toFixed(2),
  });
}

function closeTrade(http, customer, id) {
  return http.send('POST', `/api/trades/${id}/close`, customer.cookie);
}

/**
 * One loop per customer until `phaseSeconds` have passed: open a trade, close it, again. A trade
 * the stop-out monitor closed first (409 on the close) is counted as a close error and the loop
 * goes on. A trade left open when the time is up is closed afterwards (not timed).
 * @returns {Promise<import('./load.mjs').PhaseStats>}
 */
async function runPhase(http, customerList, phaseSeconds) {
  const { record, result } = phaseRecorder(['open', 'close']);
  const leftOpen = [];
  const started = performance.now();
  const deadline = started + phaseSeconds * 1000;
  const loop = async (customer) => {
    while (performance.now() < deadline) {
      const opened = await openTrade(http, customer);
      if (!record('open', opened)) continue;
      const id = JSON.parse(opened.text).id;
      if (performance.now() >= deadline) {
        leftOpen.push({ customer, id });
        return;
      }
      record('close', await closeTrade(http, customer, id));
    }
  };
  await Promise.all(customerList.map(loop));
  const elapsedMs = performance.now() - started;
  await runAll(leftOpen, 10, ({ customer, id }) => closeTrade(http, customer, id));
  return result(elapsedMs);
}

/** Trades and their ledger entries after the run (a cross-check beside the reconciliation). */
async function readTradeCounts(db) {
  const { rows } = await db.query(
    `select (select count(*) from trades)::int as trades,
            (select count(*) from trades where status = 'open')::int as open,
            (select count(*) from trades where closed_by = 'stop_out')::int as stopped_out,
            (select count(*) from journal_entries where kind = 'trade_margin')::int as margins,
            (select count(*) from journal_entries where kind = 'trade_margin_release')::int as releases,
            (select count(*) from journal_entries where kind = 'trade_result')::int as results,
            (select count(*) from trades where status = 'closed' and result_minor <> 0)::int as nonzero_results`,
  );
  return rows[0];
}

/** @param {import('./load.mjs').PhaseStats} s */
function report(s) {
  console.log(`\nTrading through HTTP on PostgreSQL: ${clients} customers, ${seconds} s (${machineLine()})`);
  printLoadNote(
    'session lookup, idempotency key, quote, row lock, ledger entries, trade row',
    'Opens, and closes,',
  );
  console.log(
    'Live simulated prices tick every second meanwhile, and the stop-out monitor checks each batch.',
  );
  if (setupLine) console.log(setupLine);
  if (warmUpLine) console.log(warmUpLine);
  console.log('');
  printLoadTable(phaseRows('opens + closes', s, pgbench, { kindShare: true }), pgbench);
  console.log('\nWhere the slowest answers fell (a few windows: stalls in which every client waited)');
  console.log(tailLine('opens + closes', s.tail));
  const closes = s.kinds.get('close')?.count ?? 0;
  console.log(`\nRound trips (a trade opened and closed): ${(closes / (s.elapsedMs / 1000)).toFixed(0)}/s`);

  printTargetsHeading(clients, TARGET.clients);
  if (pgbench) {
    const ratio = s.opsPerSecond / pgbench.tps;
    console.log(
      `  operations (each open or close one HTTP request) ≥ ${TARGET.ratioOfPgbench * 100} % of pgbench TPS: ` +
        `${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= TARGET.ratioOfPgbench)}`,
    );
  }
  for (const [kind, k] of s.kinds) {
    const p99 = percentile(k.latencies, 99);
    console.log(`  ${kind}: p99 < ${TARGET.p99Ms} ms: ${ms(p99)} ms → ${verdict(p99 < TARGET.p99Ms)}`);
  }
  if (s.errors > 0) console.log(`  ${s.errors} requests failed (not counted as operations)`);

  if (s.observed) {
    console.log('\nWhere the time went (CPU per operation)');
    printCpuPerOperation(s);
  }
  printReconciliation(reconciliation, reconciliationClean);
  if (counts) {
    console.log(
      `  ${counts.trades} trades (${counts.open} open, ${counts.stopped_out} stopped out); ${counts.margins} margin ` +
        `entries, ${counts.releases} releases, ${counts.results} result entries for ${counts.nonzero_results} ` +
        'non-zero results',
    );
  }
}
