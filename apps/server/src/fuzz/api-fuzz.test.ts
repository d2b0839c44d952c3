import { STAFF_ROLES } from '@candor/contracts/staff';
import { inArray, notInArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../db/client.ts';
import { approvals } from '../db/schema/approvals.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { depositQuotes, deposits } from '../db/schema/deposits.ts';
import { files } from '../db/schema/files.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { trades } from '../db/schema/trades.ts';
import { withdrawals } from '../db/schema/withdrawals.ts';
import { PAYOUTS, setWithdrawalLimits } from '../modules/withdrawals/withdrawal-test-helpers.ts';
import { insertPendingDeposit } from '../test/deposits.ts';
import {
  createSessionCookie,
  insertUser,
  SESSION_COOKIE,
  signInAs,
  type TestUser,
} from '../test/factories.ts';
import { fund } from '../test/money.ts';
import { assertLedgerConsistent, createTestApp } from '../test/test-app.ts';
import { makeImage } from '../test/uploads.ts';
import {
  type FuzzRequest,
  type KnownValues,
  listOperations,
  type OpenApiDocument,
  type Operation,
  requestArbitrary,
  type Samples,
} from './fuzz-requests.ts';
import { findProblems } from './response-checks.ts';

/**
 * Every route of the OpenAPI document, called by every kind of caller with requests derived from
 * its schemas and with hostile ones: the API answers each with a 4xx `{ code, message }` or a
 * success, never a 5xx, never a stack trace or a piece of SQL, and the ledger still reconciles.
 *
 * Runs are seeded: FUZZ_SEED=<n> replays a run, FUZZ_RUNS=<n> makes it longer, FUZZ_LOG=1 prints the
 * server's error log (the cause of a 5xx), FUZZ_REPORT=1 the statuses seen per route and caller.
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_261_125);
const RUNS_PER_ROLE = Number(process.env.FUZZ_RUNS ?? 5);

const ROLES = ['anonymous', 'client', ...STAFF_ROLES] as const;
type Role = (typeof ROLES)[number];

// Opened while the file is collected: the routes to test are read from the app's own document.
const t = await createTestApp(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
afterAll(() => t.close());
const doc = t.app.swagger() as unknown as OpenApiDocument;
const signedIn = new Map<Role, { user: TestUser; cookie: string }>();
let samples: Samples;

beforeAll(async () => {
  samples = { png: await makeImage('png', 8, 8) };
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const user = await insertUser(t.db, { role });
    signedIn.set(role, { user, cookie: await createSessionCookie(t.db, user.id) });
  }
  const client = signedIn.get('client');
  if (client) await fund(t.db, client.user.id, 1_000_000n);
  await seedRecords(t.db);
});

/** Records for requests to find: a customer with a deposit, a withdrawal, a trade and an adjustment awaiting approval. */
async function seedRecords(db: Db): Promise<void> {
  await setWithdrawalLimits(db, 1_000n, 250);
  const victim = await insertUser(db, { identityStatus: 'verified' });
  await insertUser(db, { role: 'support' });
  await fund(db, victim.id, 500_000n);
  await insertPendingDeposit(db, victim.id);
  const browser = await signInAs(t.app, db, victim);
  const withdrawal = await browser.post('/api/withdrawals', { amount: '20', ...PAYOUTS.bank });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  const trade = await browser.post('/api/trades', {
    symbol: 'BTCUSD',
    direction: 'buy',
    amount: '100',
    lotSize: '1',
  });
  expect(trade.statusCode, trade.body).toBe(200);
  // Above the four-eyes threshold: waits on the Approvals tab for someone else to decide.
  const admin = await signInAs(t.app, db, await insertUser(db, { role: 'admin' }));
  const adjustment = await admin.post(`/api/admin/users/${victim.id}/adjustments`, {
    direction: 'credit',
    amount: '5000',
    reason: 'Compensation agreed by phone',
  });
  expect(adjustment.json()).toMatchObject({ state: 'awaiting_approval' });
}

/** Ids of real records (not of the callers themselves, but their sessions) by resource, read afresh for each route. */
async function readKnownValues(db: Db): Promise<KnownValues> {
  const callers = [...signedIn.values()].map((s) => s.user.id);
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => String(r.id));
  const customers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(notInArray(users.id, callers))
    .limit(6);
  const userIds = customers.map((c) => c.id);
  return {
    ids: {
      users: userIds,
      staff: userIds,
      deposits: await ids(db.select({ id: deposits.id }).from(deposits).limit(3)),
      quotes: await ids(db.select({ id: depositQuotes.id }).from(depositQuotes).limit(3)),
      withdrawals: await ids(db.select({ id: withdrawals.id }).from(withdrawals).limit(3)),
      trades: await ids(db.select({ id: trades.id }).from(trades).limit(3)),
      approvals: await ids(db.select({ id: approvals.id }).from(approvals).limit(3)),
      outbox: await ids(db.select({ id: mailOutbox.id }).from(mailOutbox).limit(3)),
      files: await ids(db.select({ id: files.id }).from(files).limit(3)),
      sessions: await ids(db.select({ id: sessions.id }).from(sessions).limit(6)),
    },
    symbols: ['BTCUSD', 'EURUSD', 'btcusd', 'AAPL'],
    emails: customers.map((c) => c.email),
  };
}

/**
 * A caller whose session ended (signed out, password changed, account closed by another caller)
 * gets a new one, with its role and status as they were, so later runs are not all anonymous.
 */
async function renewSession(role: Role): Promise<void> {
  const caller = signedIn.get(role);
  if (!caller || role === 'anonymous') return;
  await t.db
    .update(users)
    .set({ role, status: 'active' })
    .where(inArray(users.id, [caller.user.id]));
  caller.cookie = await createSessionCookie(t.db, caller.user.id);
}

async function send(
  request: FuzzRequest,
  role: Role,
): Promise<{ response: LightMyRequestResponse; body: string }> {
  const session = signedIn.get(role)?.cookie;
  const cookie = request.cookie ?? (session ? `${SESSION_COOKIE}=${session}` : undefined);
  const headers = { origin: 'http://localhost:3000', ...(cookie ? { cookie } : {}), ...request.headers };
  const options = { method: request.method as 'GET', url: request.url, headers, payload: request.payload };
  // The price stream never ends: read its head, then hang up.
  if (request.url.startsWith('/api/prices/stream')) {
    const response = await t.app.inject({ ...options, payloadAsStream: true });
    const stream = response.stream();
    if (String(response.headers['content-type']).startsWith('text/event-stream')) {
      stream.destroy();
      return { response, body: '' };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return { response, body: Buffer.concat(chunks).toString('utf8') };
  }
  const response = await t.app.inject(options);
  return { response, body: response.body };
}

function describeRequest(request: FuzzRequest, role: Role): string {
  const payload =
    request.payload === undefined ? '(none)' : String(request.payload).slice(0, 300).replaceAll('\n', '\\n');
  const cookie = request.cookie === undefined ? '' : `\n  cookie ${request.cookie.slice(0, 300)}`;
  return `${role} ${request.method} ${request.url.slice(0, 300)}${cookie}\n  headers ${JSON.stringify(request.headers).slice(0, 300)}\n  body [${request.bodyKind}] ${payload}`;
}

/** A stable seed per route and caller, so each can be replayed alone. */
function seedFor(operation: Operation, role: Role): number {
  let hash = BASE_SEED | 0;
  for (const ch of `${operation.method} ${operation.path} ${role}`)
    hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

test('the OpenAPI document describes every API route', () => {
  const documented = new Set(listOperations(doc).map((op) => `${op.method} ${op.path}`));
  const missing = t.app.routeAccess
    .filter((route) => route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
    .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
    .filter((route) => !documented.has(route));
  expect(missing).toEqual([]);
  expect(documented.size).toBeGreaterThan(70);
});

const seen = new Map<string, number>();

describe.each(listOperations(doc).map((op) => [`${op.method} ${op.path}`, op] as const))(
  '%s',
  (_name, operation) => {
    let arbitrary: fc.Arbitrary<FuzzRequest>;
    beforeAll(async () => {
      arbitrary = requestArbitrary(
        operation,
        doc.components?.schemas ?? {},
        await readKnownValues(t.db),
        samples,
      );
    });
    test.each(ROLES)('as %s: a clean 4xx or a success for every request', async (role) => {
      const seed = seedFor(operation, role);
      // Our own account of the first failure (fast-check's would print a 100k-character request in full).
      let failure: string | undefined;
      try {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (request) => {
            const { response, body } = await send(request, role);
            const key = `${operation.method} ${operation.path} ${role} → ${response.statusCode}`;
            seen.set(key, (seen.get(key) ?? 0) + 1);
            if (role !== 'anonymous' && response.statusCode === 401) await renewSession(role);
            const problems = findProblems({
              statusCode: response.statusCode,
              headers: response.headers,
              body,
            });
            if (problems.length > 0) {
              failure = `${problems.join('; ')}\n  ${describeRequest(request, role)}\n  answer ${body.slice(0, 500)}`;
              throw new Error(failure);
            }
          }),
          { seed, numRuns: RUNS_PER_ROLE, endOnFailure: true },
        );
      } catch (error) {
        throw new Error(
          `Fuzzing ${operation.method} ${operation.path} as ${role} failed (replay: FUZZ_SEED=${BASE_SEED}, this property's seed ${seed}):\n${
            failure ?? (error instanceof Error ? error.message : String(error)).slice(0, 3_000)
          }`,
        );
      }
    });
  },
);

test('the ledger reconciles after the run', async () => {
  if (process.env.FUZZ_REPORT) console.log([...seen].map(([k, n]) => `${k} ×${n}`).join('\n'));
  await assertLedgerConsistent(t.db);
});
