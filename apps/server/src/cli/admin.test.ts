import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.ts';
import { spawnServer, waitUntilReady } from '../test/server-process.ts';
import { runAdminCli } from './admin-cli.ts';

/**
 * The admin command against its own embedded data folder. Most runs call the command's own entry
 * function in this process (the same argument parsing, database, output and exit code, without
 * starting a process and compiling the server for each: docs/decisions/047); `spawnAdmin` runs
 * `tsx admin.ts …` as `npm run admin -- …` does, to prove the command works end to end.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
let dataDir: string;

/** Staff passwords must be hard to guess (decision 049). */
const OWNER_PASSWORD = 'Ledger-Plum-42-Orbit';

// A spawned run starts a process and opens the embedded database: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 180_000 });

function commandEnv(): NodeJS.ProcessEnv {
  return { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
}

/** Runs the command in this process: its exit code and what it printed (stdout, then stderr). */
async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCli(args, commandEnv(), {
    out: (line) => out.push(`${line}\n`),
    err: (line) => err.push(`${line}\n`),
  });
  return { code, out: `${out.join('')}${err.join('')}` };
}

/** Runs the command in a process of its own, as `npm run admin -- …` does. */
function spawnAdmin(...args: string[]) {
  const run = spawnSync(tsx, [path.join(here, 'admin.ts'), ...args], {
    env: commandEnv(),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

async function roleOf(email: string): Promise<string | undefined> {
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  try {
    const { rows } = await db.query<{ role: string }>('select role from users where email = $1', [email]);
    return rows[0]?.role;
  } finally {
    await db.close();
  }
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-cli-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('create works on a data folder that does not exist yet, and makes an administrator', async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  const run = spawnAdmin(
    'create',
    '--email',
    'Root@Example.com',
    '--password',
    OWNER_PASSWORD,
    '--username',
    'root',
    '--fullname',
    'Root Admin',
  );
  expect(run.out).toContain('Owner root@example.com created');
  expect(run.code).toBe(0);
  expect(await roleOf('root@example.com')).toBe('owner');
});

test('role changes the staff role, and every assignment is recorded in the audit log', async () => {
  expect((await admin('role', '--email', 'root@example.com', '--role', 'client')).code).toBe(0);
  expect(await roleOf('root@example.com')).toBe('client');
  expect((await admin('role', '--email', 'root@example.com', '--role', 'owner')).code).toBe(0);
  expect(await roleOf('root@example.com')).toBe('owner');
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  const { rows } = await db.query<{ action: string }>('select action from audit_log order by created_at');
  await db.close();
  expect(rows.map((r) => r.action)).toEqual(['staff.create_owner', 'staff.role', 'staff.role']);
});

test('bad input is refused with a clear message and exit code 2', async () => {
  const unknown = await admin('role', '--email', 'nobody@example.com', '--role', 'support');
  expect(unknown.code).toBe(2);
  expect(unknown.out).toContain('No account found with that email address');
  const missing = spawnAdmin('create', '--email', 'x@example.com');
  expect(missing.code).toBe(2);
  expect(missing.out).toContain('create needs --email, --password, --username and --fullname');
  const badRole = await admin('role', '--email', 'root@example.com', '--role', 'superuser');
  expect(badRole.code).toBe(2);
  expect(badRole.out).toContain(
    '--role must be one of: client, owner, admin, support, compliance, accountant',
  );
  const taken = await admin(
    'create',
    '--email',
    'root@example.com',
    '--password',
    OWNER_PASSWORD,
    '--username',
    'r2',
    '--fullname',
    'R',
  );
  expect(taken.code).toBe(2);
  expect(taken.out).toContain('already exists');
});

test('create refuses an owner password that is easy to guess, and creates nothing', async () => {
  const weak = await admin(
    'create',
    '--email',
    'weak@example.com',
    '--password',
    'password123',
    '--username',
    'weakling',
    '--fullname',
    'Weak Owner',
  );
  expect(weak.code).toBe(2);
  expect(weak.out).toContain(STAFF_PASSWORD_MESSAGES.tooWeak);
  expect(await roleOf('weak@example.com')).toBeUndefined();
});

test('while a server holds the embedded database, the command says so and changes nothing', async () => {
  const lockFile = path.join(dataDir, 'candor.lock');
  fs.writeFileSync(
    lockFile,
    JSON.stringify({
      // A live process other than this one (the command runs here, and takes its own pid's lock
      // for a stale one): the test runner that started this worker.
      pid: process.ppid,
      holder: 'the Candor server on port 3000',
      startedAt: new Date().toISOString(),
    }),
  );
  try {
    const run = await admin('role', '--email', 'root@example.com', '--role', 'client');
    expect(run.code).toBe(2);
    expect(run.out).toContain('The Candor server holds the data folder');
    expect(run.out).toContain('does not answer admin commands on');
  } finally {
    fs.rmSync(lockFile);
  }
  expect(await roleOf('root@example.com')).toBe('owner');
});

test('reconcile is clean on a consistent ledger and names an account whose balance was changed behind its back', async () => {
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  try {
    const { rows } = await db.query<{ id: string }>("select id from users where email = 'root@example.com'");
    const userId = rows[0]?.id;
    // A credit of $25.00 as the ledger writes it: two postings summing to zero, the running balance stored.
    await db.exec(`
      insert into ledger_accounts (kind, user_id, balance_minor) values ('customer_cash', '${userId}', 2500)
        on conflict (user_id, kind) do update set balance_minor = excluded.balance_minor;
      insert into journal_entries (kind, description, user_id, actor_id, actor_role)
        values ('adjustment', 'Opening credit', '${userId}', 'cli', 'operator');
      insert into postings (entry_id, account_id, amount_minor, balance_after_minor)
        select e.id, a.id, 2500, 2500 from journal_entries e, ledger_accounts a
         where a.user_id = '${userId}' and a.kind = 'customer_cash';
      insert into postings (entry_id, account_id, amount_minor)
        select e.id, a.id, -2500 from journal_entries e, ledger_accounts a where a.kind = 'platform_adjustments';
    `);
  } finally {
    await db.close();
  }
  const clean = await admin('reconcile');
  expect(clean.out).toContain('no differences');
  expect(clean.code).toBe(0);

  const tamper = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  await tamper.exec("update ledger_accounts set balance_minor = 1000000 where kind = 'customer_cash'");
  await tamper.close();
  const drifted = await admin('reconcile');
  expect(drifted.code).toBe(1);
  expect(drifted.out).toContain('customer_cash of root@example.com');
  expect(drifted.out).toContain('cached balance 10000.00, postings sum to 25.00');
});

test('verify-audit recomputes the chain, and names the first row changed behind its back', async () => {
  const clean = await admin('verify-audit');
  expect(clean.out).toContain('Audit chain verified: 3 rows, none changed or removed.');
  expect(clean.code).toBe(0);

  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  await db.exec(`
    alter table audit_log disable trigger audit_log_append_only;
    update audit_log set after = '{"role":"owner","email":"someone@else.test"}' where seq = 1;
    alter table audit_log enable trigger audit_log_append_only;
  `);
  await db.close();
  const broken = await admin('verify-audit');
  expect(broken.code).toBe(1);
  expect(broken.out).toMatch(
    /Audit chain broken at row 1: row 1 \(staff\.create_owner, id .+\) was changed\./,
  );

  const repair = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  await repair.exec(`
    alter table audit_log disable trigger audit_log_append_only;
    update audit_log set after = '{"role":"owner","email":"root@example.com","username":"root"}' where seq = 1;
    alter table audit_log enable trigger audit_log_append_only;
  `);
  await repair.close();
  expect((await admin('verify-audit')).code).toBe(0);
});

test('while the server holds the embedded database, role, verify-audit, reconcile and create run in it', async () => {
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    await waitUntilReady(server);
    const socket = path.join(dataDir, 'admin.sock');
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

    const role = spawnAdmin('role', '--email', 'root@example.com', '--role', 'compliance');
    expect(role.out).toContain('root@example.com is now compliance.');
    expect(role.out).toContain(`(run by the Candor server, process ${server.child.pid})`);
    expect(role.code).toBe(0);

    const verified = await admin('verify-audit');
    expect(verified.out).toContain('Audit chain verified: 4 rows');
    expect(verified.code).toBe(0);

    const reconciled = await admin('reconcile');
    expect(reconciled.code).toBe(1);
    expect(reconciled.out).toContain('customer_cash of root@example.com');

    const created = await admin(
      'create',
      '--email',
      'second@example.com',
      '--password',
      OWNER_PASSWORD,
      '--username',
      'second',
      '--fullname',
      'Second Owner',
    );
    expect(created.out).toContain('Owner second@example.com created');
    expect(created.code).toBe(0);
    const refused = await admin('role', '--email', 'nobody@example.com', '--role', 'support');
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('No account found with that email address');

    // The server itself sees the changes at once: the new owner signs in.
    const signIn = await fetch(`${server.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'second@example.com', password: OWNER_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
  expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
  expect(await roleOf('root@example.com')).toBe('compliance');
  expect(await roleOf('second@example.com')).toBe('owner');
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  const { rows } = await db.query<{ action: string; actor_id: string }>(
    'select action, actor_id from audit_log where seq > 3 order by seq',
  );
  await db.close();
  expect(rows).toEqual([
    { action: 'staff.role', actor_id: 'cli' },
    { action: 'staff.create_owner', actor_id: 'cli' },
  ]);
});

test('reset-link prints a one-time reset link while the server runs, audited without the link', async () => {
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info' });
  try {
    await waitUntilReady(server);
    const unknown = await admin('reset-link', '--email', 'nobody@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('No account found with that email address');
    expect((await admin('reset-link')).code).toBe(2);

    const run = await admin('reset-link', '--email', 'Second@Example.com');
    expect(run.code).toBe(0);
    expect(run.out).toContain('A one-time password reset link for second@example.com, valid until');
    // The operator is told the owner of the account will see it (decision 019): here an owner, a
    // staff member, whose account holds nothing, so no withdrawal wait is spoken of.
    expect(run.out).toContain('Give it to the staff member only, by a channel you trust.');
    expect(run.out).toContain(
      "The staff member will see that their password was reset with a link from the site's administrators",
    );
    expect(run.out).not.toContain('customer');
    expect(run.out).not.toContain('withdrawals');
    // A customer's: the customer, and the wait on new withdrawals.
    const signUp = await fetch(`${server.baseUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        username: 'carla',
        fullname: 'Carla Customer',
        email: 'carla@example.com',
        password: 'Amber-Kite-Meadow-4',
      }),
    });
    expect(signUp.status).toBe(201);
    const customerRun = await admin('reset-link', '--email', 'carla@example.com');
    expect(customerRun.code).toBe(0);
    expect(customerRun.out).toContain('Give it to the customer only, by a channel you trust. It works once.');
    expect(customerRun.out).toContain(
      "The customer will see that their password was reset with a link from the site's administrators",
    );
    expect(customerRun.out).toContain('New withdrawals wait 7 days after it is used.');
    const link = new URL(run.out.match(/https?:\/\/\S+/)?.[0] ?? '');
    expect(link.pathname).toBe('/reset-password/new');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(20);

    // Opening the link's page logs the request without its token.
    await fetch(`${server.baseUrl}${link.pathname}${link.search}`);
    const complete = (newPassword: string) =>
      fetch(`${server.baseUrl}/api/password-resets/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl },
        body: JSON.stringify({ token, newPassword }),
      });
    expect((await complete('Quiet-Lamp-Garden-7')).status).toBe(204);
    // One time only.
    expect((await complete('Brass-Heron-Tundra-5')).status).toBe(400);
    const signIn = await fetch(`${server.baseUrl}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'second@example.com', password: 'Quiet-Lamp-Garden-7' }),
    });
    expect(signIn.status).toBe(200);
    expect(server.output()).toContain('/reset-password/new?token=[redacted]');
    expect(server.output()).not.toContain(token);
  } finally {
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }
  const db = await PGlite.create(path.join(dataDir, 'pg'), { extensions: PGLITE_EXTENSIONS });
  const { rows } = await db.query<{ action: string; actor_id: string; after: unknown; target_id: string }>(
    "select action, actor_id, after, target_id from audit_log where action = 'user.reset_link' order by seq",
  );
  const events = await db.query<{ kind: string }>('select kind from security_events where user_id = $1', [
    rows[0]?.target_id,
  ]);
  await db.close();
  // The password set through the operator's link is on the account's record as such.
  expect(events.rows).toEqual([{ kind: 'password_reset_by_operator' }]);
  // Each link made is audited, without the link.
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ actor_id: 'cli', after: { email: 'second@example.com' } });
  expect(rows[1]).toMatchObject({ actor_id: 'cli', after: { email: 'carla@example.com' } });
  expect(JSON.stringify(rows)).not.toMatch(/token|reset-password/);
});
