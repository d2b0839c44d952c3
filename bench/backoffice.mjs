// npm run bench:backoffice — the back office's lists at scale: the Users tab, All trades and the
// Audit log, on PostgreSQL. Measures the build in apps/server/dist: run `npm run build` first.
//
// Creates database candor_bench_backoffice_<pid> next to BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), starts the built server on it (it migrates), then
// seeds it by SQL (generate_series): --users customers (default 1,000,000; their ledger accounts
// come from the users trigger), --trades trades (5,000,000), --entries journal entries (2,000,000,
// without postings: the lists read entries, not balances) and --audit audit rows (1,000,000, a
// chain of fake hashes: the append-only trigger refuses only UPDATE and DELETE). A staff session
// is written straight into the database. Each list request is then sent --runs times (keep-alive,
// one at a time) and timed twice: by the server itself (its Server-Timing header, Fastify's
// reply.elapsedTime) and end to end. EXPLAIN ANALYZE of each list query is printed. The database
// is dropped at the end.
//
//   node bench/backoffice.mjs [--users 1000000] [--trades 5000000] [--entries 2000000] [--audit 1000000] [--runs 50]
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connect, sessionCookie } from './ledger-setup.mjs';
import { fail, startOnPostgres } from './load.mjs';
import { guardRun, machineLine, percentile, printTable, requireBuild } from './server.mjs';

const TARGET_P95_MS = 20;
const AUTH_SECRET = 'bench-backoffice-secret-bench-backoffice-01';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '1000000' },
    trades: { type: 'string', default: '5000000' },
    entries: { type: 'string', default: '2000000' },
    audit: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '50' },
  },
});
const size = {
  users: Number(args.users),
  trades: Number(args.trades),
  entries: Number(args.entries),
  audit: Number(args.audit),
};
const runs = Number(args.runs);
for (const [name, value] of Object.entries(size)) {
  if (!Number.isInteger(value) || value < 100 || value > 20_000_000)
    fail(`--${name} must be an integer from 100 to 20,000,000`);
}
if (!Number.isInteger(runs) || runs < 5 || runs > 1000) fail('--runs must be from 5 to 1000');

requireBuild();
const run = guardRun(90 * 60_000);

/** Seeds the bench database by SQL; prints each step's time. */
async function seed(db) {
  const step = async (label, sql, params = []) => {
    const started = performance.now();
    await db.query(sql, params);
    console.log(`  ${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };
  const first = [
    'Ada',
    'Grace',
    'Alan',
    'Linus',
    'Margaret',
    'Edsger',
    'Barbara',
    'Donald',
    'Ken',
    'Frances',
  ];
  const last = [
    'Lovelace',
    'Hopper',
    'Turing',
    'Torvalds',
    'Hamilton',
    'Dijkstra',
    'Liskov',
    'Knuth',
    'Thompson',
    'Allen',
  ];
  // The customer counts' trigger moves one row per insert: a million of them in one statement
  // would stack a million versions of that row. Bulk loads count once afterwards instead.
  await step(
    'counts trigger off for the bulk load',
    'alter table users disable trigger users_customer_counts',
  );
  await step(
    `${size.users.toLocaleString('en-US')} customers (and their ledger accounts)`,
    `insert into users (id, name, email, email_verified, username, display_username, role, status, identity_status, created_at)
     select 'bench-u-' || i, ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 10] || ' ' || i,
            'customer' || i || '@example' || (i % 97) || '.test', true, 'customer_' || i, 'Customer_' || i, 'client',
            case when i % 50 = 0 then 'suspended' else 'active' end,
            (array['unverified','pending','verified','declined'])[1 + i % 4],
            timestamptz '2025-01-01' + (i * interval '20 seconds')
       from generate_series(1, $1::int) i`,
    [size.users, first, last],
  );
  await step(
    'customer counts, once',
    `insert into customer_counts (status, identity_status, customers)
     select status, identity_status, count(*) from users where role = 'client' group by status, identity_status
     on conflict (status, identity_status) do update set customers = excluded.customers`,
  );
  await step('counts trigger on again', 'alter table users enable trigger users_customer_counts');
  await step(
    'cash balances',
    `update ledger_accounts set balance_minor = (hashtext(user_id) & 2147483647) % 10000000
      where kind = 'customer_cash' and user_id like 'bench-u-%'`,
  );
  await step(
    `${size.trades.toLocaleString('en-US')} trades`,
    `insert into trades (user_id, symbol, instrument_class, direction, amount_minor, lot_hundredths, exposure_minor,
                         open_price, opened_at, status, close_price, closed_at, result_minor, closed_by, price_source)
     select 'bench-u-' || (1 + (i::bigint * 7919) % $2::int), 'EURUSD', 'forex', case when i % 2 = 0 then 'buy' else 'sell' end,
            1000, 100, 1000, 1.08, timestamptz '2025-01-01' + (i * interval '5 seconds'),
            case when i % 20 = 0 then 'open' else 'closed' end,
            case when i % 20 = 0 then null else 1.09 end,
            case when i % 20 = 0 then null else timestamptz '2025-01-01' + (i * interval '5 seconds') + interval '1 hour' end,
            case when i % 20 = 0 then null else (i % 200) - 100 end,
            case when i % 20 = 0 then null else 'customer' end, 'simulated'
       from generate_series(1, $1::int) i`,
    [size.trades, size.users],
  );
  await step(
    `${size.entries.toLocaleString('en-US')} journal entries`,
    `insert into journal_entries (kind, description, user_id, actor_id, actor_role, created_at)
     select 'adjustment', 'Bench entry ' || i, 'bench-u-' || (1 + (i::bigint * 104729) % $2::int), 'cli', 'operator',
            timestamptz '2025-01-01' + (i * interval '10 seconds')
       from generate_series(1, $1::int) i`,
    [size.entries, size.users],
  );
  await step(
    `${size.audit.toLocaleString('en-US')} audit rows`,
    `insert into audit_log (seq, actor_id, actor_role, action, target_type, target_id, subject_user_id, reason,
                           before, after, created_at, prev_hash, hash)
     select i, 'bench-staff', 'admin', (array['user.adjustment','deposit.approved','withdrawal.approved','user.suspended'])[1 + i % 4],
            'user', 'bench-u-' || (1 + (i * 15485863::bigint) % $2::int), 'bench-u-' || (1 + (i * 15485863::bigint) % $2::int),
            'Bench reason ' || i, '{}'::jsonb, '{}'::jsonb, timestamptz '2025-01-01' + (i * interval '30 seconds'),
            md5('prev' || i), md5('row' || i)
       from generate_series(1, $1::int) i`,
    [size.audit, size.users],
  );
  await step('analyze', 'analyze');
}

/** A staff member (admin) and a session cookie for them. */
async function staffCookie(db) {
  await db.query(
    `insert into users (id, name, email, email_verified, username, display_username, role)
     values ('bench-staff', 'Bench Staff', 'bench-staff@example.test', true, 'bench_staff', 'bench_staff', 'admin')`,
  );
  const token = randomBytes(24).toString('base64url');
  await db.query(
    `insert into sessions (id, token, user_id, expires_at) values (gen_random_uuid()::text, $1, 'bench-staff', now() + interval '1 day')`,
    [token],
  );
  return sessionCookie(token, AUTH_SECRET);
}

/** The most a single list is measured for; a slow one is measured fewer times. */
const BUDGET_MS = 20_000;

/**
 * Times up to `runs` GETs of `url` (within BUDGET_MS, after 3 unmeasured ones): the server's own
 * time (Server-Timing) and end to end.
 */
async function measure(baseUrl, cookie, url) {
  const server = [];
  const total = [];
  const began = performance.now();
  for (let i = 0; i < runs + 3 && (i < 4 || performance.now() - began < BUDGET_MS); i++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${url}`, { headers: { cookie, origin: baseUrl } });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 200) return { status: response.status };
    const timing = /dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '');
    if (i < 3) continue; // warm-up
    total.push(elapsed);
    if (timing) server.push(Number(timing[1]));
  }
  server.sort((a, b) => a - b);
  total.sort((a, b) => a - b);
  return { status: 200, server, total };
}

const pct = (values, p) => (values.length ? percentile(values, p).toFixed(1) : '—');

let failed = false;
try {
  const bench = await startOnPostgres(run, 'backoffice', AUTH_SECRET);
  if (bench) {
    const { url, server } = bench;
    const db = await connect(url);
    run.onCleanUp(() => db.end());
    console.log(`Seeding (${machineLine()}):`);
    await seed(db);
    const cookie = await staffCookie(db);
    const lastUserPage = Math.ceil(size.users / 10);
    const lastTradePage = Math.ceil(size.trades / 10);
    const lastAuditPage = Math.ceil(size.audit / 10);
    const cases = [
      ['Users, first page', '/api/admin/users'],
      ['Users, next page', '/api/admin/users?page=2'],
      ['Users, last page', `/api/admin/users?page=${lastUserPage}`],
      ['Users, by balance', '/api/admin/users?sort=balance_desc'],
      ['Users, e-mail prefix', '/api/admin/users?search=customer12345'],
      ['Users, name prefix', '/api/admin/users?search=Grace%20Hopper%201234'],
      ['All trades, first page', '/api/admin/trades'],
      ['All trades, next page', '/api/admin/trades?page=2'],
      ['All trades, last page', `/api/admin/trades?page=${lastTradePage}`],
      ['All trades, e-mail search', '/api/admin/trades?search=customer12345'],
      ['Audit log, first page', '/api/admin/audit'],
      ['Audit log, next page', '/api/admin/audit?page=2'],
      ['Audit log, last page', `/api/admin/audit?page=${lastAuditPage}`],
    ];
    const rows = [];
    for (const [label, path] of cases) {
      const result = await measure(server.baseUrl, cookie, path);
      if (result.status === 404 && path.startsWith('/api/admin/audit')) {
        rows.push([label, 'skipped: no /api/admin/audit in this build', '', '', '', '', '', '', '']);
        continue;
      }
      if (result.status !== 200) {
        failed = true;
        rows.push([label, `HTTP ${result.status}`, '', '', '', '', '', '', '']);
        continue;
      }
      const p95 = percentile(result.server, 95);
      const met = p95 < TARGET_P95_MS;
      if (!met) failed = true;
      rows.push([
        label,
        pct(result.server, 50),
        pct(result.server, 95),
        pct(result.server, 99),
        pct(result.total, 50),
        pct(result.total, 95),
        pct(result.total, 99),
        String(result.total.length),
        met ? 'yes' : 'NO',
      ]);
    }
    console.log(
      `\nLists at scale, up to ${runs} requests each (n: how many; a slow list at most ${BUDGET_MS / 1000} s), ` +
        `one at a time (ms; target p95 server time < ${TARGET_P95_MS} ms):`,
    );
    printTable(
      ['request', 'server p50', 'p95', 'p99', 'end to end p50', 'p95', 'p99', 'n', 'target met'],
      rows,
    );

    console.log("\nQuery plans (EXPLAIN ANALYZE) of the Users and All trades lists' queries:");
    await explainQueries(url);
    await bench.stopServer();
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.stack : error);
} finally {
  await run.finish();
}
process.exitCode = failed ? 1 : 0;

/**
 * EXPLAIN ANALYZE of the lists' queries, written as the repositories send them
 * (users/customer-list.repository.ts, trades/trades.repository.ts), parameters inlined.
 */
async function explainQueries(url) {
  const db = await connect(url);
  try {
    const plans = [
      ['Users, first page (count)', `select coalesce(sum(customers), 0) from customer_counts`],
      [
        'Users, first page (rows)',
        `select users.id, ledger_accounts.balance_minor from users join ledger_accounts
           on ledger_accounts.user_id = users.id and ledger_accounts.kind = 'customer_cash'
          where users.role = 'client' order by users.created_at desc nulls last, users.id desc nulls last limit 10 offset 10`,
      ],
      [
        'Users, last page (rows, read from the end)',
        `select users.id from users join ledger_accounts
           on ledger_accounts.user_id = users.id and ledger_accounts.kind = 'customer_cash'
          where users.role = 'client' order by users.created_at asc nulls first, users.id asc nulls first limit 10`,
      ],
      [
        'Users, by balance',
        `select users.id from users join ledger_accounts
           on ledger_accounts.user_id = users.id and ledger_accounts.kind = 'customer_cash'
          where users.role = 'client' order by ledger_accounts.balance_minor desc nulls last, ledger_accounts.user_id desc nulls last limit 10`,
      ],
      [
        'Users, e-mail prefix (count)',
        `select count(*) from (select 1 from users where role = 'client' and (email like 'customer12345%'
           or username like 'customer12345%' or lower(name) like 'customer12345%') limit 1001) m`,
      ],
      [
        'Users, name prefix (count)',
        `select count(*) from (select 1 from users where role = 'client' and (email like 'grace hopper 1234%'
           or username like 'grace hopper 1234%' or lower(name) like 'grace hopper 1234%') limit 1001) m`,
      ],
      ['All trades (count)', `select count(*) from trades`],
      [
        'All trades, first page (rows)',
        `select t.id from trades t join users u on u.id = t.user_id order by t.opened_at desc, t.id desc limit 10`,
      ],
      [
        'All trades, last page (rows)',
        `select t.id from trades t join users u on u.id = t.user_id order by t.opened_at desc, t.id desc limit 10 offset ${Math.max(0, size.trades - 10)}`,
      ],
    ];
    for (const [label, sql] of plans) {
      const { rows } = await db.query(`explain (analyze, costs off, timing on) ${sql}`);
      const lines = rows.map((row) => row['QUERY PLAN']);
      // A sequential scan of a large table (not of the handful of customer_counts rows).
      const seq = lines.some((line) =>
        /Seq Scan on (users|trades|ledger_accounts|journal_entries|audit_log)\b/.test(line),
      );
      console.log(`\n${label}${seq ? '  [SEQUENTIAL SCAN]' : ''}`);
      for (const line of lines) console.log(`    ${line}`);
    }
  } finally {
    await db.end();
  }
}
