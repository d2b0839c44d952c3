import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { totpCode } from './fixtures/totp.ts';

/**
 * Starts the built server for the browser journeys, on a FRESH data folder and a free port:
 *   1. creates a temporary DATA_DIR (or, when DATABASE_URL is set, a new PostgreSQL database),
 *   2. starts `node apps/server/dist/server.js` and waits for GET /api/ready to answer 200,
 *   3. creates the staff with the built admin command (the server, which holds the embedded
 *      database, runs it), turns their two-factor on and sets the platform up through the API.
 * The returned function stops the server and removes the data folder (or drops the database).
 *
 * Playwright's `webServer` option cannot do this: it starts the server BEFORE globalSetup runs.
 * The workers learn the address and the administrator's credentials from process.env.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, 'apps/server/dist/server.js');
const ADMIN_CLI = path.join(ROOT, 'apps/server/dist/admin.js');
const WEB_INDEX = path.join(ROOT, 'apps/web/dist/index.html');
const SERVER_LOG = path.join(ROOT, 'test-results', 'e2e-server.log');
const READY_TIMEOUT_MS = 90_000;

const run = promisify(execFile);

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const file of [SERVER, ADMIN_CLI, WEB_INDEX]) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${path.relative(ROOT, file)} is missing: run \`npm run build\` first (npm run test:e2e does).`,
      );
    }
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-'));
  const postgres = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const port = await findFreePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    // The journeys sign up and sign in dozens of customers, all from 127.0.0.1: more than the
    // production limits allow one address (lib/rate-limit-policies.ts). Nothing else is relaxed.
    RATE_LIMITS: 'sign-up.address=1000,sign-in.address=1000',
    // The simulated market's seed, known to the journeys: its price is a pure function of seed and
    // time, so e2e/copy-journey.spec.ts computes the coming seconds' BTCUSD price (as the server
    // does) to close a trade in profit without waiting on chance. A new seed on every run.
    MARKET_SEED: String(randomInt(1, 2 ** 31)),
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.SMTP_URL; // no SMTP: mail is kept for its customer, who reads it in Messages
  if (postgres) serverEnv.DATABASE_URL = postgres.url;

  const admin: Member = {
    email: `admin-${randomBytes(4).toString('hex')}@example.com`,
    password: `Admin-${randomBytes(9).toString('base64url')}`,
    totpSecret: '',
  };

  const compliance: Member = {
    email: `compliance-${randomBytes(4).toString('hex')}@example.com`,
    password: `Compliance-${randomBytes(9).toString('base64url')}`,
    totpSecret: '',
  };
  const accountant: Member = {
    email: `accountant-${randomBytes(4).toString('hex')}@example.com`,
    password: `Acct-${randomBytes(9).toString('base64url')}`,
    totpSecret: '',
  };
  // A second staff member with settings.manage: a change of the deposit addresses waits for one
  // (docs/decisions/048).
  const secondAdmin: Member = {
    email: `admin2-${randomBytes(4).toString('hex')}@example.com`,
    password: `Admin2-${randomBytes(9).toString('base64url')}`,
    totpSecret: '',
  };

  let server: ChildProcess | undefined;
  const cleanup = async () => {
    if (server) await stopProcess(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (postgres) await postgres.drop();
  };

  const started = Date.now();
  let readyAt = started;
  try {
    fs.mkdirSync(path.dirname(SERVER_LOG), { recursive: true });
    const log = fs.openSync(SERVER_LOG, 'w');
    server = spawn(process.execPath, [SERVER], { cwd: ROOT, env: serverEnv, stdio: ['ignore', log, log] });
    fs.closeSync(log);
    await waitUntilReady(server, `${baseURL}/api/ready`);
    readyAt = Date.now();

    // The staff of the run, made with the built admin command while the server runs: it holds the
    // embedded database, so it runs the commands (docs/decisions/015) and no command opens the
    // database again. The administrator, and below the owner for the back-office journeys
    // compliance (backoffice-status.spec.ts), an accountant (backoffice-approvals.spec.ts) and a
    // second admin, who approves changes of the deposit addresses.
    await Promise.all([
      createStaffMember(serverEnv, admin, 'owner', 'e2e_admin', 'E2E Admin'),
      createStaffMember(serverEnv, compliance, 'compliance'),
      createStaffMember(serverEnv, accountant, 'accountant'),
      createStaffMember(serverEnv, secondAdmin, 'admin'),
    ]);
    // Staff must have two-factor on: each turns it on once, through the real API, as /two-factor does.
    await Promise.all(
      [admin, compliance, accountant, secondAdmin].map(async (member) => {
        member.totpSecret = await enrolTwoFactor(baseURL, member);
      }),
    );
    await configurePlatform(baseURL, admin, secondAdmin);
  } catch (error) {
    await cleanup();
    throw error;
  }

  const where = postgres ? `PostgreSQL database ${postgres.name}` : `embedded database in ${dataDir}`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `e2e: server on ${baseURL} (${where}), ready in ${seconds(readyAt - started)}; ` +
      `staff created and set up in ${seconds(Date.now() - readyAt)}; its log: ${path.relative(ROOT, SERVER_LOG)}`,
  );

  process.env.CANDOR_E2E_BASE_URL = baseURL;
  // For the admin command the journeys run while the server runs (fixtures/admin-cli.ts).
  process.env.CANDOR_E2E_DATA_DIR = dataDir;
  process.env.CANDOR_E2E_MARKET_SEED = serverEnv.MARKET_SEED;
  if (postgres) process.env.CANDOR_E2E_DATABASE_URL = postgres.url;
  process.env.CANDOR_E2E_ADMIN_EMAIL = admin.email;
  process.env.CANDOR_E2E_ADMIN_PASSWORD = admin.password;
  process.env.CANDOR_E2E_ADMIN_TOTP_SECRET = admin.totpSecret;
  process.env.CANDOR_E2E_COMPLIANCE_EMAIL = compliance.email;
  process.env.CANDOR_E2E_COMPLIANCE_PASSWORD = compliance.password;
  process.env.CANDOR_E2E_COMPLIANCE_TOTP_SECRET = compliance.totpSecret;
  process.env.CANDOR_E2E_ACCOUNTANT_EMAIL = accountant.email;
  process.env.CANDOR_E2E_ACCOUNTANT_PASSWORD = accountant.password;
  process.env.CANDOR_E2E_ACCOUNTANT_TOTP_SECRET = accountant.totpSecret;
  process.env.CANDOR_E2E_SECOND_ADMIN_EMAIL = secondAdmin.email;
  process.env.CANDOR_E2E_SECOND_ADMIN_PASSWORD = secondAdmin.password;
  process.env.CANDOR_E2E_SECOND_ADMIN_TOTP_SECRET = secondAdmin.totpSecret;
  return cleanup;
}

/** The full names of the staff members the run makes below the owner ("E2E Admin"). */
const STAFF_NAMES = {
  accountant: 'E2E Accountant',
  compliance: 'E2E Compliance',
  admin: 'E2E Second Admin',
} as const;

/**
 * Creates a staff account with the admin command: `create` (an owner), then, for another role,
 * `role` to it.
 */
async function createStaffMember(
  env: NodeJS.ProcessEnv,
  member: { email: string; password: string },
  role: 'owner' | keyof typeof STAFF_NAMES,
  username = member.email.split('@')[0]?.replace(/[^a-z0-9]/gi, '_') ?? role,
  fullname = role === 'owner' ? 'E2E Admin' : STAFF_NAMES[role],
): Promise<void> {
  const commands = [
    [
      'create',
      '--email',
      member.email,
      '--password',
      member.password,
      '--username',
      username,
      '--fullname',
      fullname,
    ],
    ...(role === 'owner' ? [] : [['role', '--email', member.email, '--role', role]]),
  ];
  for (const args of commands) {
    await run(process.execPath, [ADMIN_CLI, ...args], { cwd: ROOT, env, timeout: 120_000 }).catch(
      (error: unknown) => {
        const detail = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
        throw new Error(`Creating the e2e ${role === 'owner' ? 'administrator' : role} failed:\n${detail}`);
      },
    );
  }
}

/** Deposit wallet addresses and a withdrawal fee, as an operator sets them up before opening. */
export const E2E_WALLETS = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};
export const E2E_WITHDRAWAL_PERCENT = '2.5';
/**
 * Identity limits (issue 12), permissive for the journeys: their customers are not verified, and
 * settings are global while journeys run in parallel. The strict defaults (withdrawals need a
 * verified identity, $1,000 of deposits) are proved by the server tests (verification-limits).
 */
export const E2E_IDENTITY_LIMITS = {
  withdrawalsNeedVerifiedIdentity: false,
  unverifiedDepositLimit: '1000000',
  unverifiedWithdrawalLimit: '1000000',
};

/** A staff member of the run: a password, and the authenticator secret once two-factor is on. */
type Member = { email: string; password: string; totpSecret: string };

/** The cookies a response set, as the Cookie header sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs in through the API (with the current code when two-factor is on); answers the session cookie. */
async function signInWithFetch(baseURL: string, member: Member): Promise<string> {
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const session = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (!session.ok) throw new Error(`e2e: ${member.email} cannot sign in: ${session.status}`);
  if (!('twoFactorRequired' in (await session.json()))) return cookiesOf(session);
  const second = await fetch(`${baseURL}/api/session/two-factor`, {
    method: 'POST',
    headers: { ...headers, cookie: cookiesOf(session) },
    body: JSON.stringify({ code: await totpCode(member.totpSecret) }),
  });
  if (!second.ok) throw new Error(`e2e: ${member.email} cannot sign in with a code: ${second.status}`);
  return cookiesOf(second);
}

/** Turns two-factor on for a staff member through the API (password, then a code); answers the secret. */
async function enrolTwoFactor(baseURL: string, member: Member): Promise<string> {
  const cookie = await signInWithFetch(baseURL, member);
  const headers = { origin: baseURL, 'content-type': 'application/json', cookie };
  const start = await fetch(`${baseURL}/api/account/two-factor`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ password: member.password }),
  });
  if (!start.ok)
    throw new Error(`e2e: two-factor setup of ${member.email}: ${start.status} ${await start.text()}`);
  const { secret } = (await start.json()) as { secret: string };
  const confirm = await fetch(`${baseURL}/api/account/two-factor/confirmation`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ code: await totpCode(secret) }),
  });
  if (!confirm.ok) {
    throw new Error(
      `e2e: two-factor confirmation of ${member.email}: ${confirm.status} ${await confirm.text()}`,
    );
  }
  return secret;
}

async function configurePlatform(baseURL: string, admin: Member, secondAdmin: Member): Promise<void> {
  const headers = { origin: baseURL, 'content-type': 'application/json' };
  const send = async (method: 'PUT' | 'POST', path: string, body: unknown, cookie: string) => {
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: { ...headers, cookie },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`e2e: ${method} ${path} failed: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const cookie = await signInWithFetch(baseURL, admin);
  const put = (path: string, body: unknown) => send('PUT', path, body, cookie);
  // Four-eyes is on (the default threshold): the first addresses wait for the second admin.
  const wallets = (await put('/api/admin/wallet-addresses', {
    ...E2E_WALLETS,
    reason: 'Opening the platform for the e2e run',
  })) as { state: string; addresses: { pendingChange: { id: string } | null } };
  if (wallets.state === 'awaiting_approval' && wallets.addresses.pendingChange) {
    const approver = await signInWithFetch(baseURL, secondAdmin);
    const path = `/api/admin/approvals/${wallets.addresses.pendingChange.id}/approve`;
    await send('POST', path, { reason: 'Addresses checked against the treasury wallets' }, approver);
  }
  // Turning off "withdrawals need a verified identity" and raising the unverified limits wait for the
  // second admin too (decision 053).
  const settings = (await put('/api/admin/settings', {
    siteName: 'Candor',
    minWithdrawal: '10',
    withdrawalPercent: E2E_WITHDRAWAL_PERCENT,
    ...E2E_IDENTITY_LIMITS,
    identityReason: 'The journeys run with unverified customers',
    limitsReason: 'The journeys deposit and withdraw more than the defaults allow',
  })) as {
    identityChange?: string;
    pendingIdentityChange?: { id: string } | null;
    limitsChange?: string;
    pendingLimitsChange?: { id: string } | null;
  };
  const waiting = [
    settings.identityChange === 'awaiting_approval' ? settings.pendingIdentityChange : null,
    settings.limitsChange === 'awaiting_approval' ? settings.pendingLimitsChange : null,
  ].filter((change): change is { id: string } => Boolean(change));
  if (waiting.length > 0) {
    const approver = await signInWithFetch(baseURL, secondAdmin);
    for (const change of waiting) {
      const path = `/api/admin/approvals/${change.id}/approve`;
      await send('POST', path, { reason: 'Permissive limits for the e2e run' }, approver);
    }
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not find a free port'));
      });
    });
  });
}

async function waitUntilReady(server: ChildProcess, url: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited before it was ready:\n${tail(SERVER_LOG)}`);
    }
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail(SERVER_LOG)}`);
}

function tail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** A new, empty database on the server of DATABASE_URL; the server migrates it when it starts. */
async function createPostgresDatabase(
  url: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `candor_e2e_${process.pid}_${Date.now()}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return { name, url: parsed.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}
