// npm run bench:housekeeping — does the money path slow down as idempotency keys pile up, and does
// pruning them make money requests wait? (issue 15 item 7, docs/decisions/034)
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) it creates
// database candor_bench_housekeeping_<pid>, starts the built server on it and writes customers, an
// administrator, their sessions and pending deposits straight into the database; each customer
// gets starting money through a deposit approval over HTTP (set-up, not timed). Then, for --seconds
// each, --clients concurrent HTTP clients run withdrawal requests mixed 1:1 with deposit approvals,
// every request with its own Idempotency-Key (so every request writes a key):
//   1  before: an empty idempotency_keys table;
//   2  with --keys expired keys (default 10,000,000, or BENCH_HOUSEKEEPING_KEYS) and --entries ledger
//      entries of history (default 5,000,000, or BENCH_HOUSEKEEPING_ENTRIES: two postings each, between
//      two platform accounts, each naming a withdrawal as real ones do), inserted with generate_series
//      (insert times printed);
//   3  during the prune: `admin housekeeping` (the hourly job, run now) deletes the expired keys in
//      batches while the clients run; its time is printed.
// The database is dropped at the end.
//
//   node bench/housekeeping.mjs [--keys 10000000] [--entries 5000000] [--clients 16] [--seconds 10]
//                               [--customers 5000]
import { parseArgs } from 'node:util';
import { connect, insertPendingDeposits, insertUsers } from './ledger-setup.mjs';
import {
  ADMIN_CLI,
  APPROVAL_BODY,
  client,
  fail,
  ms,
  phaseRecorder,
  printPhase,
  printTargetsHeading,
  runAll,
  runCommand,
  startOnPostgres,
  verdict,
} from './load.mjs';
import { guardRun, machineLine, percentile, requireBuild, SERVER } from './server.mjs';

/** Relative to phase 1 on the same machine: the money path must not degrade with the keys or the prune. */
const TARGET = {
  clients: 16,
  withKeysRatio: 0.9,
  withKeysP99: 1.5,
  duringPruneRatio: 0.7,
  duringPruneP99: 3,
};
const AUTH_SECRET = 'bench-housekeeping-secret-bench-housekeeping-0123';
const START_CENTS = 100_000n;
const STOCK_DEPOSIT_CENTS = 1_000n;
/** Pending deposits stocked per phase: enough for this many operations per second. */
const STOCK_OPS_PER_SECOND = 3000;
/** Keys inserted per statement (progress is printed after each). */
const INSERT_CHUNK = 1_000_000;
const PAYOUT = { method: 'paypal', details: { email: 'bench@paypal.example' } };

const { values: args } = parseArgs({
  options: {
    keys: { type: 'string', default: process.env.BENCH_HOUSEKEEPING_KEYS ?? '10000000' },
    entries: { type: 'string', default: process.env.BENCH_HOUSEKEEPING_ENTRIES ?? '5000000' },
    clients: { type: 'string', default: String(TARGET.clients) },
    seconds: { type: 'string', default: '10' },
    customers: { type: 'string', default: '5000' },
  },
});
const keyCount = Number(args.keys);
const entryCount = Number(args.entries);
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const customerCount = Number(args.customers);
if (!Number.isInteger(keyCount) || keyCount < 0 || keyCount > 100_000_000)
  fail('--keys must be an integer from 0 to 100,000,000');
if (!Number.isInteger(entryCount) || entryCount < 0 || entryCount > 100_000_000)
  fail('--entries must be an integer from 0 to 100,000,000');
if (!Number.isInteger(clients) || clients < 1 || clients > 500)
  fail('--clients must be an integer from 1 to 500');
if (!(seconds >= 1 && seconds <= 300)) fail('--seconds must be from 1 to 300');
if (!Number.isInteger(customerCount) || customerCount < 1 || customerCount > 1_000_000)
  fail('--customers must be an integer from 1 to 1,000,000');

requireBuild([SERVER, ADMIN_CLI]);
// Only the measured `admin housekeeping` prunes: the server's own hourly run would start a minute in.
process.env.HOUSEKEEPING = 'off';

const run = guardRun(60 * 60_000);
/** @type {{ label: string; stats: import('./load.mjs').PhaseStats }[]} */
const phases = [];
const lines = [];
let pruneSeconds = null;
let pruneOutput = '';
let keysLeft = null;
let failed = false;
try {
  const bench = await startOnPostgres(run, 'housekeeping', AUTH_SECRET);
  if (bench) {
    const { url, server, dataDir } = bench;
    const http = client(server.baseUrl);
    const db = await connect(url);
    run.onCleanUp(() => db.end());

    // ---------- set-up (not timed) ----------
    const setupStarted = performance.now();
    const { admin, customers } = await insertUsers(db, customerCount, AUTH_SECRET);
    const startDeposits = await insertPendingDeposits(db, {
      count: customerCount,
      customers: customerCount,
      amountCents: START_CENTS,
    });
    const stock = [];
    for (let i = 0; i < 3; i++) {
      stock.push(
        await insertPendingDeposits(db, {
          count: Math.ceil((STOCK_OPS_PER_SECOND * seconds) / 2) + clients,
          customers: customerCount,
          amountCents: STOCK_DEPOSIT_CENTS,
          offset: (i + 1) * 7919,
        }),
      );
    }
    await http.expectOk('GET', '/api/me/balances', admin.cookie);
    console.log(`Set-up: approving ${customerCount.toLocaleString('en')} starting deposits…`);
    await runAll(startDeposits, clients, (id) =>
      http.expectOk('POST', `/api/admin/deposits/${id}/approve`, admin.cookie, APPROVAL_BODY),
    );
    lines.push(
      `Set-up: ${customerCount.toLocaleString('en')} customers, ${seconds} s per phase: ` +
        `${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const requestWithdrawal = () => {
      const customer = customers[Math.floor(Math.random() * customers.length)];
      const cents = 100 + Math.floor(Math.random() * 900);
      return http.send('POST', '/api/withdrawals', customer.cookie, {
        amount: (cents / 100).toFixed(2),
        ...PAYOUT,
      });
    };
    const approveDeposit = (queue) => () => {
      const id = queue.pop();
      return id === undefined
        ? undefined
        : http.send('POST', `/api/admin/deposits/${id}/approve`, admin.cookie, APPROVAL_BODY);
    };
    const measure = async (label, queue, until) => {
      console.log(`${label}: ${clients} clients (withdrawal requests + deposit approvals)…`);
      const stats = await runPhase(
        [
          { kind: 'withdrawal request', send: requestWithdrawal },
          { kind: 'deposit approval', send: approveDeposit(queue) },
        ],
        until,
      );
      printPhase(stats, `${label}: `);
      phases.push({ label, stats });
      return stats;
    };

    // Warm-up (not measured): the routes, the connection pool, the JIT.
    await runAll(Array.from({ length: clients * 8 }), clients, () => requestWithdrawal());

    // ---------- 1: no stored keys but the set-up's ----------
    await measure('1 before', stock[0], { seconds });

    // ---------- 2: with the expired keys ----------
    const insertStarted = performance.now();
    for (let from = 1; from <= keyCount; from += INSERT_CHUNK) {
      const to = Math.min(keyCount, from + INSERT_CHUNK - 1);
      // Two to three days old, spread over 10,000 actors, with a stored answer like a real one.
      await db.query(
        `insert into idempotency_keys (actor_id, key, scope, request_hash, response_status, response_body, created_at)
         select 'bench-old-' || (g % 10000), 'old-' || g, 'POST /api/withdrawals', md5(g::text), 200,
                jsonb_build_object('id', md5(g::text), 'status', 'pending', 'amount', '5.00'),
                now() - interval '48 hours' - (g % 86400) * interval '1 second'
           from generate_series($1::bigint, $2::bigint) g`,
        [from, to],
      );
      process.stdout.write(`\r  ${to.toLocaleString('en')} keys inserted`);
    }
    await db.query('analyze idempotency_keys');
    const insertSeconds = (performance.now() - insertStarted) / 1000;
    console.log('');
    lines.push(
      `Inserted ${keyCount.toLocaleString('en')} expired idempotency keys (generate_series) in ${insertSeconds.toFixed(1)} s`,
    );
    const entriesStarted = performance.now();
    const { rows: platform } = await db.query(
      `select id from ledger_accounts where kind in ('platform_house', 'platform_adjustments') order by kind`,
    );
    for (let from = 1; from <= entryCount; from += INSERT_CHUNK) {
      const to = Math.min(entryCount, from + INSERT_CHUNK - 1);
      // A year of history between two platform accounts (no customer balance changes, so the
      // ledger still reconciles), each entry naming a withdrawal as the real ones do.
      await db.query(
        `with e as (
           insert into journal_entries (kind, description, actor_id, actor_role, reference, created_at)
           select 'adjustment', 'Bench history', 'system', 'system',
                  jsonb_build_object('withdrawal', md5(g::text)::uuid::text),
                  now() - interval '400 days' + g * interval '5 seconds'
             from generate_series($1::bigint, $2::bigint) g
           returning id
         )
         insert into postings (entry_id, account_id, amount_minor)
         select e.id, v.account_id, v.amount from e
          cross join (values ($3::bigint, 100::bigint), ($4::bigint, -100::bigint)) as v(account_id, amount)`,
        [from, to, platform[0].id, platform[1].id],
      );
      process.stdout.write(`\r  ${to.toLocaleString('en')} ledger entries inserted`);
    }
    if (entryCount > 0) {
      await db.query('analyze journal_entries');
      await db.query('analyze postings');
      console.log('');
      const { rows: sizes } = await db.query(
        `select (select count(*) from journal_entries)::bigint as entries, (select count(*) from postings)::bigint as postings`,
      );
      lines.push(
        `Inserted ${entryCount.toLocaleString('en')} ledger entries of history (${Number(sizes[0].postings).toLocaleString('en')} ` +
          `postings in all) in ${((performance.now() - entriesStarted) / 1000).toFixed(1)} s`,
      );
    }
    const withKeys = `2 with ${stored()}`;
    await measure(withKeys, stock[1], { seconds });

    // ---------- 3: while the housekeeping prunes them ----------
    const pruneStarted = performance.now();
    let pruneDone = false;
    const prune = runCommand(process.execPath, [ADMIN_CLI, 'housekeeping'], {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
    }).then((result) => {
      pruneDone = true;
      pruneSeconds = (performance.now() - pruneStarted) / 1000;
      pruneOutput = result.output.trim();
      if (result.code !== 0) throw new Error(`admin housekeeping: exit ${result.code}: ${pruneOutput}`);
    });
    await measure('3 during prune', stock[2], { seconds, stopWhen: () => pruneDone });
    await prune;
    const { rows } = await db.query(
      `select count(*)::int as n from idempotency_keys where actor_id like 'bench-old-%'`,
    );
    keysLeft = rows[0].n;
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

if (phases.length > 0) report();
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------

/** Clients loop over the operations until `until.seconds` pass (or `until.stopWhen()` is true). */
async function runPhase(operations, until) {
  const recorder = phaseRecorder(operations.map((op) => op.kind));
  const started = performance.now();
  const deadline = started + until.seconds * 1000;
  const going = () => performance.now() < deadline && !until.stopWhen?.();
  const loop = async (index) => {
    let turn = index;
    while (going()) {
      const op = operations[turn++ % operations.length];
      const pending = op.send();
      if (!pending) return;
      recorder.record(op.kind, await pending);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  return recorder.result(performance.now() - started);
}

/** What phase 2 runs with. */
function stored() {
  const keys = `${shortCount(keyCount)} keys`;
  return entryCount > 0 ? `${keys} and ${shortCount(entryCount)} ledger entries` : keys;
}

function shortCount(n) {
  return n >= 1_000_000 ? `${(n / 1_000_000).toLocaleString('en')}M` : n.toLocaleString('en');
}

function report() {
  console.log(`\nHousekeeping on PostgreSQL: ${clients} clients (${machineLine()})`);
  for (const line of lines) console.log(line);
  if (pruneSeconds !== null) {
    const rate = keyCount / pruneSeconds;
    console.log(
      `Prune: ${shortCount(keyCount)} expired keys in ${pruneSeconds.toFixed(1)} s ` +
        `(${Math.round(rate).toLocaleString('en')} keys/s), ${keysLeft} left. ${pruneOutput}`,
    );
  }
  console.log('');
  for (const { label, stats } of phases) {
    console.log(
      `  ${label.padEnd(48)} ${stats.opsPerSecond.toFixed(0).padStart(6)} ops/s  ` +
        `p50 ${ms(percentile(stats.latencies, 50)).padStart(6)} ms  p99 ${ms(percentile(stats.latencies, 99)).padStart(6)} ms  ` +
        `${stats.errors} errors`,
    );
  }
  const [before, withKeys, during] = phases.map((phase) => phase.stats);
  printTargetsHeading(clients, TARGET.clients);
  if (before && withKeys) {
    const ratio = withKeys.opsPerSecond / before.opsPerSecond;
    console.log(
      `  with ${stored()} ≥ ${TARGET.withKeysRatio * 100} % of before: ` +
        `${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= TARGET.withKeysRatio)}`,
    );
  }
  if (before && during) {
    const ratio = during.opsPerSecond / before.opsPerSecond;
    console.log(
      `  during the prune ≥ ${TARGET.duringPruneRatio * 100} % of before (the prune shares the CPUs): ` +
        `${(ratio * 100).toFixed(1)} % → ${verdict(ratio >= TARGET.duringPruneRatio)}`,
    );
  }
  const p99 = (stats) => percentile(stats.latencies, 99);
  if (before && withKeys) {
    const ratio = p99(withKeys) / p99(before);
    console.log(
      `  with ${stored()} p99 ≤ ${TARGET.withKeysP99}× before: ${ms(p99(withKeys))} ms vs ` +
        `${ms(p99(before))} ms → ${verdict(ratio <= TARGET.withKeysP99)}`,
    );
  }
  if (before && during) {
    const ratio = p99(during) / p99(before);
    console.log(
      `  during the prune p99 ≤ ${TARGET.duringPruneP99}× before (no request waits on it): ${ms(p99(during))} ms vs ` +
        `${ms(p99(before))} ms → ${verdict(ratio <= TARGET.duringPruneP99)}`,
    );
  }
  const errors = phases.reduce((sum, phase) => sum + phase.stats.errors, 0);
  console.log(`  no failed requests: ${errors} → ${verdict(errors === 0)}`);
  if (pruneSeconds !== null) {
    console.log(`  every expired key pruned: ${keysLeft} left → ${verdict(keysLeft === 0)}`);
  }
}
