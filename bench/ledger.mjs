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
//      accounts;
//   C  plan purchases (cash → plan revenue; a second purchase of a kind replaces the first and
//      credits its unused part back) by customers spread over the 10,000, from a catalogue of
//      $1 plans the administrator adds over HTTP (set-up): every purchase touches the same platform
//      account, and several customers buy the same plan at once.
// Every request carries its own Idempotency-Key. Afterwards the server is stopped, the ledger
// reconciliation (`admin reconcile`) runs on the database, and pgbench (TPC-B-like, `-i -s 10` on
// its own fresh database) runs with the same number of clients for the same time. Both databases
// are dropped at the end.
//
// Before each profile's timed --seconds, the same load runs for --warm-up seconds (not timed, printed).
//
//   node bench/ledger.mjs [--clients 32] [--seconds 10] [--warm-up 3] [--customers 10000]
import { parseArgs } from 'node:util';
import { observe } from './ledger-observe.mjs';
import { connect, insertPendingDeposits, insertUsers, readLedgerCounts } from './ledger-setup.mjs';
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

const TARGET = { clients: 32, ratioOfPgbench: 0.5, p99Ms: 50, hotOverSpread: 0.8 };
const AUTH_SECRET = 'bench-ledger-secret-bench-ledger-secret-0123';
/** Starting money per customer, and the amount of each deposit approved while timed. */
const START_CENTS = 100_000n;
const STOCK_DEPOSIT_CENTS = 1_000n;
/** Enough pending deposits for this many operations per second (half of them approvals) per profile. */
const STOCK_OPS_PER_SECOND = 4000;
const FEE_PERCENT = '2.50';
const PAYOUT = { method: 'paypal', details: { email: 'bench@paypal.example' } };
/** Plans of each purchasable kind added for C, ranked 1…n at $1: a customer buys them in turn. */
const BENCH_PLANS_PER_KIND = 10;
const PLAN_FEATURES = {
  signal: { kind: 'signal', instrumentCount: null, intervals: ['1h'], alerts: false },
  trading: { kind: 'trading', maxLeverage: 100, forexSpreadPips: '1.0', otherSpreadPercent: '0.10' },
};

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '10' },
    customers: { type: 'string', default: '10000' },
    'warm-up': { type: 'string', default: String(WARM_UP_SECONDS) },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const customerCount = Number(args.customers);
if (!Number.isInteger(clients) || clients < 1 || clients > 500)
  fail('--clients must be an integer from 1 to 500');
if (!(seconds >= 1 && seconds <= 300)) fail('--seconds must be from 1 to 300');
const warmUp = warmUpSeconds(args['warm-up']);
if (!Number.isInteger(customerCount) || customerCount < 1 || customerCount > 1_000_000) {
  fail('--customers must be an integer from 1 to 1,000,000');
}

requireBuild([SERVER, ADMIN_CLI]);

const run = guardRun(15 * 60_000 + 4 * (seconds + warmUp) * 1000);

/** @type {{ label: string; stats: PhaseStats }[]} */
const profiles = [];
/** @type {import('./load.mjs').PgbenchResult | null} */
let pgbench = null;
let reconciliation = '';
let reconciliationClean = false;
/** @type {Record<string, number> | null} */
let counts = null;
let setupLine = '';
/** @type {string[]} */
const warmUpLines = [];
let failed = false;
try {
  const bench = await startOnPostgres(run, 'ledger', AUTH_SECRET);
  // Without PostgreSQL startOnPostgres prints why and nothing is measured.
  if (bench) {
    const { url, server, sqlCountFile } = bench;
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
      const perProfile = Math.ceil((STOCK_OPS_PER_SECOND * (seconds + warmUp)) / 2) + clients;
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
      http.expectOk('POST', `/api/admin/deposits/${id}/approve`, admin.cookie, APPROVAL_BODY),
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
        : http.send('POST', `/api/admin/deposits/${id}/approve`, admin.cookie, APPROVAL_BODY);
    };
    const approveWithdrawal = () => {
      const id = pendingWithdrawals.pop();
      return id === undefined
        ? undefined
        : http.send('POST', `/api/admin/withdrawals/${id}/approve`, admin.cookie, APPROVAL_BODY);
    };

    /**
     * Runs `operations` for --warm-up seconds (not timed; its line is printed and kept for the
     * report), analyzes the database, then runs them for --seconds timed, with the server's and
     * PostgreSQL's CPU observed.
     * @param {string} label
     * @param {string} what
     * @param {Operation[]} operations
     */
    const warmThenTime = async (label, what, operations) => {
      if (warmUp > 0) {
        console.log(`${label}: ${clients} clients for ${warmUp} s, warm-up (${what})…`);
        const warm = await runPhase(clients, warmUp, operations);
        warmUpLines.push(phaseLine(warm, `${label} warm-up, not timed: `));
        printProfile(`${label} warm-up, not timed`, warm);
      }
      await analyzeBenchDatabase(url);
      console.log(`${label}: ${clients} clients for ${seconds} s (${what})…`);
      const watch = await observe({ serverPid: server.pid, url, sqlCountFile });
      const stats = await runPhase(clients, seconds, operations);
      stats.observed = await watch.stop();
      printProfile(label, stats);
      return stats;
    };

    // ---------- A: customer accounts spread over 10,000 ----------
    const statsA = await warmThenTime('A', 'withdrawal requests + deposit approvals', [
      { kind: 'withdrawal request', send: requestWithdrawal },
      { kind: 'deposit approval', send: approveDeposit(stock[0]) },
    ]);
    profiles.push({ label: 'A spread', stats: statsA });

    // ---------- B: the same platform accounts in every operation ----------
    // B may decide faster than A (docs/decisions/041): enough for half of B's operations at 3× A's rate.
    const needed = Math.ceil(statsA.opsPerSecond * (seconds + warmUp) * 1.5) + clients * 4;
    if (pendingWithdrawals.length < needed) {
      const more = needed - pendingWithdrawals.length;
      console.log(`B: requesting ${more} more withdrawals to approve (not timed)…`);
      await runAll(Array.from({ length: more }), clients, async () => {
        const answer = await requestWithdrawal();
        if (answer.status !== 200) throw new Error(`withdrawal: HTTP ${answer.status} ${answer.text}`);
      });
    }
    shuffle(pendingWithdrawals);
    const statsB = await warmThenTime('B', 'deposit approvals + withdrawal approvals', [
      { kind: 'deposit approval', send: approveDeposit(stock[1]) },
      { kind: 'withdrawal approval', send: approveWithdrawal },
    ]);
    profiles.push({ label: 'B hot', stats: statsB });

    // ---------- C: plan purchases ----------
    const buyNextPlan = await addBenchPlans(http, admin.cookie);
    // Client i buys for customers i, i + clients, … in turn, so no two requests share a customer.
    const nextBuyer = Array.from({ length: clients }, (_, i) => i);
    const statsC = await warmThenTime('C', 'plan purchases', [
      {
        kind: 'plan purchase',
        send: (client) => {
          const customer = customers[nextBuyer[client] % customers.length];
          nextBuyer[client] += clients;
          return buyNextPlan(customer);
        },
      },
    ]);
    profiles.push({ label: 'C plans', stats: statsC });

    // ---------- the ledger afterwards ----------
    await bench.stopServer();
    ({ reconciliation, reconciliationClean, counts } = await checkLedger(bench, readLedgerCounts));

    // ---------- pgbench on its own database ----------
    pgbench = await runPgbench(`candor_bench_pgb_${process.pid}`, { clients, seconds, run });
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
 * @typedef {import('./load.mjs').PhaseStats & { exhausted: string[] }} PhaseStats
 * @typedef {{ kind: string; send: (client: number) => Promise<{ status: number; ms: number; text: string }> | undefined }} Operation
 */

/**
 * `clients` loops, each alternating between the operations (client i starts with operation
 * i mod n, so the mix is even), until `seconds` have passed. An operation whose stock is empty
 * ends its loop (reported as "exhausted").
 * @param {Operation[]} operations
 * @returns {Promise<PhaseStats>}
 */
async function runPhase(clientCount, phaseSeconds, operations) {
  const recorder = phaseRecorder(operations.map((op) => op.kind));
  const exhausted = new Set();
  const started = performance.now();
  const deadline = started + phaseSeconds * 1000;
  const loop = async (index) => {
    let turn = index;
    while (performance.now() < deadline) {
      const op = operations[turn++ % operations.length];
      const pending = op.send(index);
      if (!pending) {
        exhausted.add(op.kind);
        return;
      }
      recorder.record(op.kind, await pending);
    }
  };
  await Promise.all(Array.from({ length: clientCount }, (_, i) => loop(i)));
  const elapsedMs = performance.now() - started;
  return { ...recorder.result(elapsedMs), exhausted: [...exhausted] };
}

function printProfile(label, stats) {
  printPhase(stats, `${label}: `);
  if (stats.exhausted.length > 0) {
    console.log(`    ran out of pending ${stats.exhausted.join(', ')}s before the time was up`);
  }
}

function report() {
  console.log(
    `\nLedger through HTTP on PostgreSQL: ${clients} clients, ${seconds} s per profile, ` +
      `${customerCount.toLocaleString('en')} customers (${machineLine()})`,
  );
  printLoadNote(
    'session lookup, idempotency key, row lock, ledger entries, audit record',
    'Deposit approvals, withdrawal requests, withdrawal approvals and plan purchases',
  );
  if (setupLine) console.log(setupLine);
  for (const line of warmUpLines) console.log(line);
  console.log('');
  printLoadTable(
    profiles.flatMap(({ label, stats }) => phaseRows(label, stats, pgbench)),
    pgbench,
  );
  console.log('\nWhere the slowest answers fell (a few windows: stalls in which every client waited)');
  for (const { label, stats } of profiles) console.log(tailLine(label, stats.tail));

  printTargetsHeading(clients, TARGET.clients);
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
    printCpuPerOperation(stats, { lead: `${label}: `, indent: '    ' });
  }
  printReconciliation(reconciliation, reconciliationClean);
  if (counts) {
    console.log(
      `  ${counts.approved_deposits} approved deposits (${counts.approved_without_entry} without an entry), ` +
        `${counts.deposit_entries} deposit entries; ${counts.withdrawals} withdrawals ` +
        `(${counts.approved_withdrawals} approved), ${counts.reservation_entries} reservation entries; ` +
        `${counts.plan_purchases} plan purchases; ` +
        `${counts.entries} entries, ${counts.postings} postings`,
    );
  }
}

/**
 * Adds BENCH_PLANS_PER_KIND $1 plans of each purchasable kind (ranks 1…n, 30 days) over the admin
 * API and returns a function that buys a customer's next one: kinds alternate, ranks rise, so every
 * purchase after a customer's first of a kind replaces an active plan and credits its unused part.
 */
async function addBenchPlans(http, adminCookie) {
  /** @type {{ id: string; price: string }[]} */
  const catalogue = [];
  for (let rank = 1; rank <= BENCH_PLANS_PER_KIND; rank++) {
    for (const kind of ['signal', 'trading']) {
      const answer = await http.expectOk('POST', '/api/admin/plans', adminCookie, {
        kind,
        name: `Bench ${kind} ${rank}`,
        description: '',
        price: '1.00',
        durationDays: 30,
        onSale: true,
        rank,
        features: PLAN_FEATURES[kind],
      });
      const plan = JSON.parse(answer.text);
      catalogue.push({ id: plan.id, price: plan.price });
    }
  }
  /** How many plans each customer has bought. */
  const bought = new Map();
  return (customer) => {
    const count = bought.get(customer) ?? 0;
    bought.set(customer, count + 1);
    const plan = catalogue[count % catalogue.length];
    return http.send('POST', `/api/plans/${plan.id}/purchase`, customer.cookie, {
      expectedPrice: plan.price,
    });
  };
}

function shuffle(values) {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [values[i], values[j]] = [values[j], values[i]];
  }
  return values;
}
