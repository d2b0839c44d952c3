// npm run bench:copy — the copy fan-out (issue 14): one strategy provider with N followers opens a
// trade through the HTTP API, then closes it; how long until every follower's copy is open, and closed.
// Measures the build in apps/server/dist: run `npm run build` first (this script builds nothing).
//
// On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) it creates
// database candor_bench_copy_<pid>, starts the built server on it and writes the provider (with a
// session), COPY_FOLLOWERS followers (default 10,000), their money and their copy relations straight
// into the database in a few statements: each account's money is an adjustment entry of the ledger
// (platform_adjustments → customer_cash, with its postings and cached balance), so the
// reconciliation holds. Then the provider opens a trade (POST /api/trades) and, once every copy is
// open, closes it (POST /api/trades/:id/close); the database is read every 25 ms meanwhile. Afterwards
// the server is stopped, each relation's copies and skips are counted (none missed or doubled), the
// ledger reconciliation (`admin reconcile`) runs, and the database is dropped. pgbench (TPC-B-like,
// 32 clients, 10 s, its own database) runs last: copies opened or closed per second are money
// operations, compared with its TPS like bench:ledger's (issue 15 item 1).
//
//   COPY_FOLLOWERS=10000 node bench/copy.mjs
import os from 'node:os';
import { connect, insertUsers } from './ledger-setup.mjs';
import {
  ADMIN_CLI,
  checkLedger,
  client,
  fail,
  printReconciliation,
  printTargetsHeading,
  runPgbench,
  startOnPostgres,
  verdict,
} from './load.mjs';
import { guardRun, machineLine, readCpuMs, requireBuild, SERVER, waitUntilSettled } from './server.mjs';

const TARGET = { followers: 10_000, openWithinMs: 5000, ratioOfPgbench: 0.5 };
/** pgbench's reference run (issue 15 item 1: the money operations' clients, 32). */
const PGBENCH = { clients: 32, seconds: 10 };
const AUTH_SECRET = 'bench-copy-secret-bench-copy-secret-000001';
/** Every account's starting money: $1,000 (the provider's trade risks $100 of it). */
const START_CENTS = 100_000n;
const POLL_MS = 25;

const followers = Number(process.env.COPY_FOLLOWERS ?? TARGET.followers);
if (!Number.isInteger(followers) || followers < 1 || followers > 200_000)
  fail('COPY_FOLLOWERS must be an integer from 1 to 200000');

requireBuild([SERVER, ADMIN_CLI]);
const run = guardRun(15 * 60_000);

let failed = false;
/** @type {string[]} */
const lines = [];
let openMs = Number.NaN;
let closeMs = Number.NaN;
/** Copies opened and closed per second (each is a money operation: margin reserved, or released and settled). */
let openRate = Number.NaN;
let closeRate = Number.NaN;
/** @type {import('./load.mjs').PgbenchResult | null} */
let pgbench = null;
let reconciliation = '';
let reconciliationClean = false;
/** @type {Record<string, number> | null} */
let counts = null;
try {
  const bench = await startOnPostgres(run, 'copy', AUTH_SECRET);
  if (bench) {
    const { url, server } = bench;
    const http = client(server.baseUrl);
    const db = await connect(url);
    try {
      const setupStarted = performance.now();
      const provider = await seed(db);
      lines.push(
        `Set-up: ${followers.toLocaleString('en')} followers with $${(START_CENTS / 100n).toLocaleString('en')} each ` +
          `(SQL, ledger entries included): ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
      );
      console.log(lines.at(-1));
      // The server's first seconds are busy (the simulated market's history): not part of the fan-out.
      const settledMs = await waitUntilSettled(server.pid, { cpuMsPerSecond: 100, maxMs: 120_000 });
      console.log(`The server settled ${(settledMs / 1000).toFixed(1)} s after the set-up.`);

      // ---------- open ----------
      const openCpu = await cpuMeter(db, server.pid);
      const opened = await http.expectOk('POST', '/api/trades', provider.cookie, {
        symbol: 'EURUSD',
        direction: 'buy',
        amount: '100',
        lotSize: '10.00',
      });
      const openedAt = performance.now();
      const tradeId = JSON.parse(opened.text).id;
      const open = await waitFor(
        db,
        openedAt,
        `select count(*)::int as copies,
          (select count(*) from skipped_copies where provider_trade_id = $1)::int as skips
          from trades where copied_from_trade_id = $1`,
        [tradeId],
        (row) => row.copies + row.skips >= followers,
      );
      openMs = open.ms;
      openRate = (open.row.copies / openMs) * 1000;
      const openUsed = await openCpu.stop();
      lines.push(
        `Open: the provider's POST /api/trades took ${opened.ms.toFixed(0)} ms; ${open.row.copies} copies opened and ` +
          `${open.row.skips} skipped ${(openMs / 1000).toFixed(2)} s after its answer ` +
          `(${((open.row.copies / openMs) * 1000).toFixed(0)} copies/s)${open.timedOut ? ' — GAVE UP WAITING' : ''}`,
      );
      console.log(lines.at(-1));
      lines.push(cpuLine(openUsed, open.row.copies));
      console.log(lines.at(-1));

      // ---------- close ----------
      const closeCpu = await cpuMeter(db, server.pid);
      const closed = await http.expectOk('POST', `/api/trades/${tradeId}/close`, provider.cookie);
      const closedAt = performance.now();
      const close = await waitFor(
        db,
        closedAt,
        `select count(*) filter (where status = 'closed')::int as closed,
                count(*) filter (where status = 'open')::int as open
           from trades where copied_from_trade_id = $1`,
        [tradeId],
        (row) => row.open === 0,
      );
      closeMs = close.ms;
      closeRate = (close.row.closed / closeMs) * 1000;
      const closeUsed = await closeCpu.stop();
      lines.push(
        `Close: the provider's close took ${closed.ms.toFixed(0)} ms; ${close.row.closed} copies closed ` +
          `${(closeMs / 1000).toFixed(2)} s after its answer (${((close.row.closed / closeMs) * 1000).toFixed(0)} copies/s)` +
          `${close.timedOut ? ' — GAVE UP WAITING' : ''}`,
      );
      console.log(lines.at(-1));
      lines.push(cpuLine(closeUsed, close.row.closed));
      console.log(lines.at(-1));
    } finally {
      await db.end();
    }
    await bench.stopServer();
    ({ reconciliation, reconciliationClean, counts } = await checkLedger(bench, readCounts));

    // ---------- pgbench on its own database ----------
    pgbench = await runPgbench(`candor_bench_pgb_${process.pid}`, { ...PGBENCH, run });
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await run.finish();
}

report();
process.exit(failed ? 1 : 0);

// ---------------------------------------------------------------------------------------------

/**
 * The provider (bench-c-1, with a session), followers bench-f-1…, every account's money as a
 * ledger adjustment, the provider's record and one active copy relation per follower.
 */
async function seed(db) {
  const { customers } = await insertUsers(db, 1, AUTH_SECRET);
  const provider = customers[0];
  await db.query('begin');
  await db.query(
    `insert into users (id, name, email, email_verified, username, display_username, role, status)
     select 'bench-f-' || g, 'Bench Follower ' || g, 'bench-f-' || g || '@example.test', true,
            'bench_f_' || g, 'bench_f_' || g, 'client', 'active'
       from generate_series(1, $1::int) g`,
    [followers],
  );
  const accounts = `(select id from users where id = 'bench-c-1' or id like 'bench-f-%')`;
  // Cash (a trigger made it), reserved and loan accounts, as the first posting would make them.
  await db.query(
    `insert into ledger_accounts (kind, user_id)
     select k, u.id from ${accounts} u, unnest(array['customer_cash', 'customer_reserved', 'customer_loan']) k
     on conflict do nothing`,
  );
  await db.query(
    `insert into ledger_accounts (kind) select 'platform_adjustments'
      where not exists (select 1 from ledger_accounts where kind = 'platform_adjustments')`,
  );
  // One adjustment entry per account: platform_adjustments → the account's cash.
  await db.query(
    `with money as (
       select nextval('journal_entries_id_seq') as entry_id, u.id as user_id from ${accounts} u order by u.id
     ), entries as (
       insert into journal_entries (id, kind, description, user_id, actor_id, actor_role)
       select entry_id, 'adjustment', 'Bench starting money', user_id, 'cli', 'cli' from money
     ), legs as (
       insert into postings (entry_id, account_id, amount_minor, balance_after_minor)
       select m.entry_id, a.id, $1::bigint, $1::bigint
         from money m join ledger_accounts a on a.user_id = m.user_id and a.kind = 'customer_cash'
       union all
       select m.entry_id, (select id from ledger_accounts where kind = 'platform_adjustments'), -$1::bigint, null
         from money m
     )
     update ledger_accounts set balance_minor = $1::bigint
      where kind = 'customer_cash' and user_id in (select user_id from money)`,
    [String(START_CENTS)],
  );
  const {
    rows: [providerRow],
  } = await db.query(
    `insert into strategy_providers (user_id, display_name, minimum_balance_minor, profit_share_bps, status,
                                     created_by, created_at, updated_at, responded_at)
     values ('bench-c-1', 'Bench Provider', 0, 2000, 'active', 'cli', now(), now(), now())
     returning id`,
  );
  await db.query(
    `insert into copy_relations (follower_user_id, provider_id, provider_user_id, started_at, profit_share_bps,
                                 copied_open_positions, status)
     select 'bench-f-' || g, $1, 'bench-c-1', now(), 2000, false, 'active'
       from generate_series(1, $2::int) g`,
    [providerRow.id, followers],
  );
  await db.query('commit');
  await db.query('analyze');
  return provider;
}

/**
 * Reads `query` every POLL_MS until `done(row)`, for at most 5 minutes: the milliseconds from
 * `since` to the first read that was done, and that row.
 */
async function waitFor(db, since, query, params, done) {
  const limit = since + 5 * 60_000;
  for (;;) {
    const {
      rows: [row],
    } = await db.query(query, params);
    const now = performance.now();
    if (done(row)) return { ms: now - since, row, timedOut: false };
    if (now > limit) return { ms: Number.NaN, row, timedOut: true };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits (at most 2 minutes) until the server uses under 10 % of a core over a second. */
/**
 * CPU used by the server process and by the PostgreSQL backends of the bench database (not the
 * other databases of the same PostgreSQL, which the machine may be running meanwhile), from /proc:
 * the cost of the fan-out whatever else shares the cores.
 */
async function cpuMeter(db, serverPid) {
  const backends = async () =>
    (await db.query('select pid from pg_stat_activity where datname = current_database()')).rows.map(
      (row) => row.pid,
    );
  const start = new Map([[serverPid, readCpuMs(serverPid)]]);
  for (const pid of await backends()) start.set(pid, readCpuMs(pid) || 0);
  return {
    async stop() {
      const server = readCpuMs(serverPid) - (start.get(serverPid) ?? 0);
      let postgres = 0;
      // A backend that ended meanwhile (NaN) took part of the work unseen: counted as nothing.
      for (const pid of await backends())
        if (pid !== serverPid) postgres += (readCpuMs(pid) || 0) - (start.get(pid) ?? 0);
      return { server, postgres };
    },
  };
}

function cpuLine(used, copies) {
  const perCopy = (used.server + used.postgres) / Math.max(1, copies);
  const cores = os.cpus().length;
  return (
    `  CPU per copy: server ${(used.server / Math.max(1, copies)).toFixed(2)} ms + its PostgreSQL backends ` +
    `${(used.postgres / Math.max(1, copies)).toFixed(2)} ms = ${perCopy.toFixed(2)} ms; on ${cores} cores of its own at most ` +
    `~${((cores * 1000) / perCopy).toFixed(0)} copies/s (${TARGET.followers.toLocaleString('en')} in ` +
    `~${((TARGET.followers * perCopy) / cores / 1000).toFixed(1)} s; the server process alone, one thread: ` +
    `${((TARGET.followers * used.server) / Math.max(1, copies) / 1000).toFixed(1)} s)`
  );
}

/** Per relation: how many copies and skips it got (each exactly one of them, once). */
async function readCounts(db) {
  const { rows } = await db.query(
    `with per as (
       select r.id,
              (select count(*) from trades t where t.copy_relation_id = r.id) as copies,
              (select count(*) from trades t where t.copy_relation_id = r.id and t.status = 'closed') as closed,
              (select count(*) from skipped_copies s where s.copy_relation_id = r.id) as skips
         from copy_relations r
     )
     select count(*)::int as relations,
            count(*) filter (where copies = 1 and skips = 0)::int as copied_once,
            count(*) filter (where copies = 0 and skips = 1)::int as skipped_once,
            count(*) filter (where copies = 0 and skips = 0)::int as missed,
            count(*) filter (where copies + skips > 1)::int as doubled,
            coalesce(sum(closed), 0)::int as closed
       from per`,
  );
  return rows[0];
}

function report() {
  console.log(
    `\nCopy fan-out through HTTP on PostgreSQL: 1 provider, ${followers.toLocaleString('en')} followers (${machineLine()})`,
  );
  console.log(
    'The server, PostgreSQL and this process (reading the database every 25 ms) share the same cores.',
  );
  for (const line of lines) console.log(line);
  if (counts) {
    console.log(
      `Per relation: ${counts.copied_once} copied once, ${counts.skipped_once} skipped once, ${counts.missed} missed, ` +
        `${counts.doubled} doubled (of ${counts.relations}); ${counts.closed} copies closed`,
    );
  }
  printTargetsHeading(followers, TARGET.followers);
  const target = (TARGET.openWithinMs / 1000).toFixed(0);
  console.log(
    `  ${TARGET.followers.toLocaleString('en')} copies opened within ${target} s: ${Number.isFinite(openMs) ? (openMs / 1000).toFixed(2) : '-'} s → ` +
      `${verdict(Number.isFinite(openMs) && openMs <= TARGET.openWithinMs && followers >= TARGET.followers)}`,
  );
  if (Number.isFinite(closeMs)) console.log(`  (closing them all took ${(closeMs / 1000).toFixed(2)} s)`);
  if (pgbench) {
    for (const [what, rate] of [
      ['opened', openRate],
      ['closed', closeRate],
    ]) {
      const ratio = rate / pgbench.tps;
      console.log(
        `  copies ${what} per second ≥ ${TARGET.ratioOfPgbench * 100} % of pgbench TPS ` +
          `(${pgbench.tps.toFixed(0)}, ${PGBENCH.clients} clients): ${Number.isFinite(rate) ? rate.toFixed(0) : '-'}/s, ` +
          `${Number.isFinite(ratio) ? (ratio * 100).toFixed(1) : '-'} % → ${verdict(ratio >= TARGET.ratioOfPgbench)}`,
      );
    }
  }
  const exact = counts !== null && counts.missed === 0 && counts.doubled === 0;
  console.log(`  every relation copied or skipped exactly once: ${verdict(exact)}`);
  printReconciliation(reconciliation, reconciliationClean);
}
