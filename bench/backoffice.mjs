// npm run bench:backoffice — the back office's lists at scale: how long the server takes to answer the
// first, the next and the last page of the Users, All trades and Audit log tabs, and the searches,
// with the plan of every statement each page ran. Measures the build in apps/server/dist: run
// `npm run build` first (this script builds nothing).
//
// On PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) it creates
// database candor_bench_backoffice_<pid>, starts the built server on it (which migrates it), then
// seeds by SQL: --users customers (default 1,000,000) with a cash account each, --trades trades
// (5,000,000), --entries ledger entries with two postings each (2,000,000) and --audit audit rows
// (1,000,000), and one owner with a session. Each case is asked --samples times (default 40, after 3
// warm-up calls); it prints p50/p95/p99 of the server's own time (its Server-Timing header) and end
// to end. The server runs with bench/sql-statements.mjs preloaded, which records every statement it
// sends; the bench prints EXPLAIN (ANALYZE) of the statements of each case and flags any sequential
// scan of a large table. The database is dropped at the end.
//
//   node bench/backoffice.mjs [--users 1000000] [--trades 5000000] [--entries 2000000] [--audit 1000000]
//                             [--samples 40] [--plans]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connect, sessionCookie } from './ledger-setup.mjs';
import { fail, startOnPostgres } from './load.mjs';
import { guardRun, machineLine, percentile, printTable, requireBuild, SERVER } from './server.mjs';

const TARGET_P95_MS = 20;
/** The most one case is measured for: a slow list is measured fewer times. */
const CASE_BUDGET_MS = 20_000;
const AUTH_SECRET = 'bench-backoffice-secret-bench-backoffice-0123';
// The tables the bench fills. (sessions holds the one staff session: a scan of one row is the right
// plan there; its token has a unique index for when it is large.)
const LARGE_TABLES = ['users', 'trades', 'audit_log', 'ledger_accounts', 'journal_entries', 'postings'];

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    trades: { type: 'string', default: '5000000' },
    entries: { type: 'string', default: '2000000' },
    audit: { type: 'string', default: '1000000' },
    samples: { type: 'string', default: '40' },
    plans: { type: 'boolean', default: false },
  },
});
const size = {
  users: Number(args.users),
  trades: Number(args.trades),
  entries: Number(args.entries),
  audit: Number(args.audit),
};
const samples = Number(args.samples);
for (const [name, value] of Object.entries(size)) {
  if (!Number.isInteger(value) || value < 100 || value > 20_000_000) {
    fail(`--${name} must be an integer from 100 to 20,000,000`);
  }
}
if (!Number.isInteger(samples) || samples < 5 || samples > 1000) fail('--samples must be from 5 to 1,000');

requireBuild([SERVER]);
const run = guardRun(60 * 60_000);
const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candor-bench-sql-')), 'sql.jsonl');
fs.writeFileSync(captureFile, '');
run.onCleanUp(async () => fs.rmSync(path.dirname(captureFile), { recursive: true, force: true }));
// Every statement the server sends is written there (bench/sql-statements.mjs, which startOnPostgres preloads).
process.env.CAPTURE_SQL_FILE = captureFile;

console.log(`Back-office lists at scale — ${machineLine()}`);
const started = await startOnPostgres(run, 'backoffice', AUTH_SECRET);
if (!started) {
  await run.finish();
  process.exit(0);
}
const { url, server } = started;
const db = await connect(url);
run.onCleanUp(() => db.end());
const base = server.baseUrl;
let cookie = '';
try {
  await measure();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
await run.finish();

async function measure() {
  const seedStarted = performance.now();
  const owner = await seed(db, size);
  console.log(`Seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s; analysed.\n`);

  cookie = owner.cookie;
  const firstUsers = await getJson('/api/admin/users?page=1');
  const firstTrades = await getJson('/api/admin/trades?page=1');
  const firstAudit = await getJsonOrNull('/api/admin/audit');

  /** @type {{ name: string; url: string }[]} */
  const cases = [
    { name: 'Users: first page', url: '/api/admin/users?page=1' },
    { name: 'Users: next page', url: '/api/admin/users?page=2' },
    { name: 'Users: last page', url: `/api/admin/users?page=${firstUsers.pageCount}` },
    { name: 'Users: e-mail prefix', url: '/api/admin/users?search=olivia.brown.12' },
    { name: 'Users: name prefix', url: `/api/admin/users?search=${encodeURIComponent('Noah Garcia 45')}` },
    { name: 'Users: by balance', url: '/api/admin/users?page=1&sort=balance_desc' },
    { name: 'All trades: first page', url: '/api/admin/trades?page=1' },
    { name: 'All trades: next page', url: '/api/admin/trades?page=2' },
    { name: 'All trades: last page', url: `/api/admin/trades?page=${firstTrades.pageCount}` },
    { name: 'All trades: e-mail search', url: '/api/admin/trades?search=olivia.brown.12' },
  ];
  if (firstAudit) {
    cases.push(
      { name: 'Audit log: first page', url: '/api/admin/audit?page=1' },
      { name: 'Audit log: next page', url: '/api/admin/audit?page=2' },
      { name: 'Audit log: last page', url: `/api/admin/audit?page=${firstAudit.pageCount}` },
    );
  } else {
    console.log('GET /api/admin/audit is not in this build: the Audit log cases are skipped.\n');
  }

  const rows = [];
  const planReports = [];
  let missed = 0;
  for (const benchCase of cases) {
    // Warm-up; a case slower than its budget is measured fewer times (at least twice).
    const warmStarted = performance.now();
    for (let i = 0; i < 3 && performance.now() - warmStarted < CASE_BUDGET_MS / 4; i++) {
      await timedGet(benchCase.url);
    }
    const before = fs.statSync(captureFile).size;
    const serverMs = [];
    const endToEndMs = [];
    const began = performance.now();
    for (let i = 0; i < samples && (i < 2 || performance.now() - began < CASE_BUDGET_MS); i++) {
      const answer = await timedGet(benchCase.url);
      serverMs.push(answer.serverMs);
      endToEndMs.push(answer.ms);
    }
    const statements = readCaptured(before, serverMs.length);
    serverMs.sort((a, b) => a - b);
    endToEndMs.sort((a, b) => a - b);
    const plans = await explainAll(statements);
    const seqScans = plans.flatMap((plan) => plan.seqScans);
    const p95 = percentile(serverMs, 95);
    const ok = p95 < TARGET_P95_MS && seqScans.length === 0;
    if (!ok) missed += 1;
    rows.push([
      benchCase.name,
      ms(percentile(serverMs, 50)),
      ms(p95),
      ms(percentile(serverMs, 99)),
      ms(percentile(endToEndMs, 50)),
      ms(percentile(endToEndMs, 95)),
      String(serverMs.length),
      String(statements.length),
      seqScans.length === 0 ? 'none' : [...new Set(seqScans)].join(', '),
      ok ? 'met' : 'MISSED',
    ]);
    planReports.push({ name: benchCase.name, plans });
  }

  console.log(
    `Server time (Server-Timing) and end to end, up to ${samples} calls each (n), one at a time; ` +
      `${size.users.toLocaleString('en-US')} users, ${size.trades.toLocaleString('en-US')} trades, ` +
      `${size.entries.toLocaleString('en-US')} entries, ${size.audit.toLocaleString('en-US')} audit rows.`,
  );
  printTable(
    ['case', 'p50 ms', 'p95 ms', 'p99 ms', 'e2e p50', 'e2e p95', 'n', 'statements', 'seq scan of', 'target'],
    rows,
  );
  console.log(
    `\nTarget: p95 server time under ${TARGET_P95_MS} ms and no sequential scan of a large table — ` +
      (missed === 0 ? 'MET by every case.' : `MISSED by ${missed} of ${cases.length} cases.`),
  );

  console.log(args.plans ? '\nPlans (EXPLAIN ANALYZE of each statement a case ran):' : '');
  for (const report of planReports) {
    const flagged = report.plans.filter((plan) => plan.seqScans.length > 0);
    const shown = args.plans ? report.plans : flagged;
    if (shown.length === 0) continue;
    console.log(`\n## ${report.name}`);
    for (const plan of shown) {
      console.log(`\n${plan.text.replace(/\s+/g, ' ').slice(0, 400)}`);
      console.log(plan.plan);
    }
  }
  if (!args.plans)
    console.log('\n(--plans prints the plan of every statement; above, only those with a sequential scan.)');
}

// ---------------------------------------------------------------------------------------------

function ms(value) {
  return value.toFixed(1);
}

async function getJson(url) {
  const response = await fetch(`${base}${url}`, { headers: { cookie, origin: base } });
  if (response.status !== 200)
    throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

async function getJsonOrNull(url) {
  const response = await fetch(`${base}${url}`, { headers: { cookie, origin: base } });
  if (response.status === 404) return null;
  if (response.status !== 200)
    throw new Error(`GET ${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

async function timedGet(url) {
  const startedAt = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { cookie, origin: base } });
  await response.arrayBuffer();
  const elapsed = performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const timing = /app;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
  if (!timing) throw new Error(`GET ${url}: no Server-Timing header (is the build older than the bench?)`);
  return { ms: elapsed, serverMs: Number(timing[1]) };
}

/** The distinct statements the server sent while one case ran `calls` times (one call's worth). */
function readCaptured(fromByte, calls) {
  const text = fs.readFileSync(captureFile, 'utf8').slice(fromByte);
  const lines = text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const perCall = Math.max(1, Math.round(lines.length / calls));
  const seen = new Set();
  const statements = [];
  for (const line of lines.slice(0, perCall)) {
    if (!/^\s*(select|with)\b/i.test(line.text) || seen.has(line.text)) continue;
    seen.add(line.text);
    statements.push(line);
  }
  return statements;
}

async function explainAll(statements) {
  const plans = [];
  for (const statement of statements) {
    const { rows: planRows } = await db.query(
      `explain (analyze, buffers) ${statement.text}`,
      statement.values,
    );
    const plan = planRows.map((row) => row['QUERY PLAN']).join('\n');
    const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)]
      .map((match) => match[1])
      .filter((table) => LARGE_TABLES.includes(table));
    plans.push({ text: statement.text, plan, seqScans });
  }
  return plans;
}

/**
 * Seeds the database by SQL. Names and e-mails are built from small lists and the row number, so
 * prefixes are realistic (many customers share a first name) and every row is unique.
 */
async function seed(client, counts) {
  const step = async (label, sql, params = []) => {
    const t0 = performance.now();
    await client.query(sql, params);
    console.log(`  ${label} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  console.log('Seeding…');
  // The customer counts' trigger moves one row per insert: a million in one statement would stack a
  // million versions of that row. The bulk load counts once afterwards instead.
  await step(
    'counts trigger off for the bulk load',
    'alter table users disable trigger users_customer_counts',
  );
  await step(
    `${counts.users.toLocaleString('en-US')} customers (their ledger accounts come from the users trigger)`,
    `with first(n, i) as (select * from unnest(array['Olivia','Noah','Emma','Liam','Ava','Mia','Lucas','Amara','Sofia','Kenji']) with ordinality),
          last(n, i) as (select * from unnest(array['Brown','Garcia','Smith','Okafor','Tanaka','Rossi','Muller','Novak','Silva','Khan']) with ordinality)
     insert into users (id, name, email, email_verified, username, display_username, role, status, identity_status, created_at)
     select 'bo-c-' || g, f.n || ' ' || l.n || ' ' || g, lower(f.n || '.' || l.n || '.' || g) || '@example.test', true,
            lower(f.n) || '_' || g, lower(f.n) || '_' || g, 'client',
            case when g % 50 = 0 then 'suspended' else 'active' end,
            case when g % 3 = 0 then 'verified' else 'unverified' end,
            now() - make_interval(secs => g * 60)
       from generate_series(1, $1::int) g
       join first f on f.i = 1 + g % 10
       join last l on l.i = 1 + (g / 10) % 10`,
    [counts.users],
  );
  await step(
    'customer counts, once',
    `insert into customer_counts (status, identity_status, customers)
     select status, identity_status, count(*) from users where role = 'client' group by status, identity_status
     on conflict (status, identity_status) do update set customers = excluded.customers`,
  );
  await step('counts trigger on again', 'alter table users enable trigger users_customer_counts');
  const entriesPerUser = Math.max(1, Math.floor(counts.entries / counts.users));
  await step(
    "cash balances, the sum of each customer's entries",
    `update ledger_accounts set balance_minor = $1::bigint * (1000 + (substr(user_id, 6)::bigint * 7919) % 100000)
      where kind = 'customer_cash' and user_id like 'bo-c-%'`,
    [entriesPerUser],
  );
  await step(
    `${counts.entries.toLocaleString('en-US')} ledger entries (adjustments)`,
    `insert into journal_entries (kind, description, user_id, actor_id, actor_role, created_at)
     select 'adjustment', 'Opening balance', 'bo-c-' || (1 + (g - 1) % $2::int), 'bo-owner', 'owner',
            now() - make_interval(secs => g)
       from generate_series(1, $1::int) g`,
    [counts.entries, counts.users],
  );
  await step(
    'their postings (customer cash and the platform adjustments account)',
    `insert into postings (entry_id, account_id, amount_minor, balance_after_minor)
     select e.id, a.id, 1000 + (substr(e.user_id, 6)::bigint * 7919) % 100000, null::bigint
       from journal_entries e join ledger_accounts a on a.user_id = e.user_id and a.kind = 'customer_cash'
      where e.user_id like 'bo-c-%'
     union all
     select e.id, p.id, -(1000 + (substr(e.user_id, 6)::bigint * 7919) % 100000), null::bigint
       from journal_entries e cross join (select id from ledger_accounts where kind = 'platform_adjustments') p
      where e.user_id like 'bo-c-%'`,
  );
  await step(
    `${counts.trades.toLocaleString('en-US')} trades`,
    `insert into trades (user_id, symbol, instrument_class, direction, amount_minor, lot_hundredths, exposure_minor,
                         open_price, opened_at, status, close_price, closed_at, result_minor, closed_by, price_source)
     select 'bo-c-' || (1 + (g * 7) % $2::int), 'EURUSD', 'forex', case when g % 2 = 0 then 'buy' else 'sell' end,
            10000, 100, 10000, 1.08, now() - make_interval(secs => g * 2), 'closed', 1.09,
            now() - make_interval(secs => g * 2 - 1), 92, 'customer', 'simulated'
       from generate_series(1, $1::int) g`,
    [counts.trades, counts.users],
  );
  await step(
    `${counts.audit.toLocaleString('en-US')} audit rows`,
    `insert into audit_log (seq, actor_id, actor_role, action, target_type, target_id, subject_user_id, reason,
                            before, after, created_at, prev_hash, hash)
     select g, 'bo-owner', 'owner',
            (array['deposit.approve','withdrawal.approve','user.adjustment','user.suspend','trade.close'])[1 + g % 5],
            'user', 'bo-c-' || (1 + g % $2::int), 'bo-c-' || (1 + g % $2::int), 'Bench', null, null,
            now() - make_interval(secs => $1::int - g), repeat('0', 64), repeat('0', 64)
       from generate_series(1, $1::int) g`,
    [counts.audit, counts.users],
  );
  await step(
    'the audit chain head and the owner with a session',
    `with head as (update audit_chain_head set seq = $1::int)
     insert into users (id, name, email, email_verified, username, display_username, role, status)
     values ('bo-owner', 'Bench Owner', 'bench-owner@example.test', true, 'bench_owner', 'bench_owner', 'owner', 'active')`,
    [counts.audit],
  );
  const token = `bench-owner-${process.pid}-token`;
  await client.query(
    `insert into sessions (id, token, user_id, expires_at) values (gen_random_uuid()::text, $1, 'bo-owner', now() + interval '1 day')`,
    [token],
  );
  await step('vacuum analyze', 'vacuum analyze');
  return { cookie: sessionCookie(token, AUTH_SECRET) };
}
