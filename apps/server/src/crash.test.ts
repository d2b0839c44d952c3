import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import {
  type CrashStore,
  createCrashStore,
  findHalfDone,
  readCustomerBalances,
  readStoredMoves,
  startServerProcess,
} from './crash-test-helpers.ts';
import { reconcileLedger } from './modules/ledger/reconcile.ts';
import { setWithdrawalLimits } from './modules/withdrawals/withdrawal-test-helpers.ts';
import { insertPendingDeposit } from './test/deposits.ts';
import { createSessionCookie, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { credit } from './test/money.ts';
import type { ServerProcess } from './test/server-process.ts';

/**
 * kill -9 of the real server in the middle of a burst of money requests (deposit approvals and
 * withdrawal requests, each with its own Idempotency-Key), on the embedded database by default and
 * on PostgreSQL when DATABASE_URL is set. What got a 2xx answer must be stored exactly once and
 * whole, nothing may be half-done, the ledger must reconcile; after a restart the answered requests
 * replayed with their keys move nothing, and the unanswered ones retried with theirs complete once.
 */

// Two server starts and three openings of the database: slow on a busy two-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CUSTOMERS = 6;
const START_CENTS = 100_000n;
const DEPOSITS = 60;
const DEPOSIT_CENTS = 2_500n;
const WITHDRAWALS = 60;
const IN_FLIGHT = 8;
const KILL_AFTER_ANSWERS = 30;

type MoneyRequest = {
  key: string;
  kind: 'deposit approval' | 'withdrawal request';
  url: string;
  cookie: string;
  userId: string;
  body?: { amount: string; method: 'paypal'; details: { email: string } } | { reason: string };
  /** Deposit approvals: the deposit. */
  depositId?: string;
  /** Withdrawal requests: the amount in cents. */
  cents?: bigint;
};
type Answer = { status: number; body: { id?: string; status?: string } & Record<string, unknown> };

let store: CrashStore;
let server: ServerProcess | undefined;
const requests: MoneyRequest[] = [];
const customerCookies = new Map<string, string>();

beforeAll(async () => {
  store = await createCrashStore();
  const database = await store.open();
  try {
    const { db } = database;
    await setWithdrawalLimits(db, 100n, 250);
    const admin = await insertUser(db, { role: 'admin' });
    const adminCookie = `${SESSION_COOKIE}=${await createSessionCookie(db, admin.id)}`;
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const customer = await insertUser(db, { identityStatus: 'verified' });
      await credit(db, customer.id, START_CENTS, 'Crash test money');
      customerCookies.set(customer.id, `${SESSION_COOKIE}=${await createSessionCookie(db, customer.id)}`);
      customers.push(customer);
    }
    // Interleaved: an approval, a withdrawal request, an approval… over all customers.
    for (let i = 0; i < Math.max(DEPOSITS, WITHDRAWALS); i++) {
      const customer = customers[i % CUSTOMERS];
      if (!customer) throw new Error('no customer');
      if (i < DEPOSITS) {
        const { id: depositId } = await insertPendingDeposit(db, customer.id, {
          amountMinor: DEPOSIT_CENTS,
          cryptoAmountBaseUnits: (DEPOSIT_CENTS * 10_000n).toString(),
        });
        requests.push({
          key: randomUUID(),
          kind: 'deposit approval',
          url: `/api/admin/deposits/${depositId}/approve`,
          cookie: adminCookie,
          userId: customer.id,
          body: { reason: 'Crash test deposit' },
          depositId,
        });
      }
      if (i < WITHDRAWALS) {
        const cents = BigInt(100 + ((i * 37) % 400));
        requests.push({
          key: randomUUID(),
          kind: 'withdrawal request',
          url: '/api/withdrawals',
          cookie: customerCookies.get(customer.id) ?? '',
          userId: customer.id,
          body: {
            amount: (Number(cents) / 100).toFixed(2),
            method: 'paypal',
            details: { email: 'crash@paypal.example' },
          },
          cents,
        });
      }
    }
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  await store?.remove();
});

async function send(baseUrl: string, request: MoneyRequest): Promise<Answer> {
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: 'POST',
    headers: {
      cookie: request.cookie,
      origin: baseUrl,
      'idempotency-key': request.key,
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

async function readBalancesOverHttp(baseUrl: string): Promise<Record<string, unknown>> {
  const balances: Record<string, unknown> = {};
  for (const [userId, cookie] of customerCookies) {
    const response = await fetch(`${baseUrl}/api/me/balances`, { headers: { cookie } });
    expect(response.status).toBe(200);
    balances[userId] = await response.json();
  }
  return balances;
}

/** Checks that hold whenever the server is down: the ledger reconciles and nothing is half-done. */
async function expectWholeLedger() {
  const database = await store.open();
  try {
    const report = await reconcileLedger(database.db);
    expect(report.problems).toEqual([]);
    expect(await findHalfDone(database.db)).toEqual([]);
    const moves = await readStoredMoves(database.db);
    // Every stored withdrawal came from exactly one request key, and every key stored one.
    expect(moves.withdrawalsPerUser).toEqual(moves.withdrawalKeysPerUser);
    return { moves, balances: await readCustomerBalances(database.db), report };
  } finally {
    await database.close();
  }
}

test('kill -9 in the middle of a burst: every answered request is stored once and whole, the ledger reconciles, retries move money once', async () => {
  // ---------- the burst, killed after KILL_AFTER_ANSWERS answers ----------
  server = await startServerProcess(store);
  const running = server;
  const answered: { request: MoneyRequest; answer: Answer }[] = [];
  const refused: { request: MoneyRequest; answer: Answer }[] = [];
  const unanswered: MoneyRequest[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      if (!request) break;
      if (killed) {
        unanswered.push(request);
        continue;
      }
      try {
        const answer = await send(running.baseUrl, request);
        if (answer.status >= 200 && answer.status < 300) answered.push({ request, answer });
        else refused.push({ request, answer });
        if (answered.length >= KILL_AFTER_ANSWERS && !killed) {
          killed = true;
          running.child.kill('SIGKILL');
        }
      } catch {
        unanswered.push(request); // in flight when the server died: stored or not, never half
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  await running.exited;
  expect(running.child.signalCode).toBe('SIGKILL');
  expect(refused).toEqual([]);
  expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER_ANSWERS);
  expect(unanswered.length).toBeGreaterThan(0);
  expect(answered.length + unanswered.length).toBe(requests.length);

  // ---------- right after the crash: the answered requests are there, once and whole ----------
  const afterCrash = await expectWholeLedger();
  for (const { request, answer } of answered) {
    if (request.kind === 'deposit approval') {
      expect(answer.body.status).toBe('approved');
      expect(afterCrash.moves.depositEntries.get(request.depositId ?? '')).toBe(1);
      expect(afterCrash.moves.answeredKeys.get(request.key)).toBe(request.depositId);
    } else {
      expect(answer.body.id).toBeDefined();
      expect(afterCrash.moves.reservationEntries.get(answer.body.id ?? '')).toBe(1);
      expect(afterCrash.moves.answeredKeys.get(request.key)).toBe(answer.body.id);
    }
  }
  // Every approved deposit was approved by one of the burst's keys (none without its key).
  const approvalKeys = requests.filter(
    (r) => r.kind === 'deposit approval' && afterCrash.moves.answeredKeys.has(r.key),
  );
  expect(afterCrash.moves.depositEntries.size).toBe(approvalKeys.length);

  // ---------- restart on the same data ----------
  server = await startServerProcess(store);
  const restarted = server;
  const before = await readBalancesOverHttp(restarted.baseUrl);
  for (const { request, answer } of answered) {
    const replay = await send(restarted.baseUrl, request);
    expect(replay).toEqual(answer);
  }
  expect(await readBalancesOverHttp(restarted.baseUrl)).toEqual(before);

  // The client retries what got no answer, with the same keys: each completes exactly once.
  for (const request of unanswered) {
    const retry = await send(restarted.baseUrl, request);
    expect(retry.status).toBe(200);
  }
  restarted.child.kill('SIGTERM');
  await restarted.exited;
  expect(restarted.child.exitCode).toBe(0);

  // ---------- the end state: all 120 requests done once, money conserved per customer ----------
  const end = await expectWholeLedger();
  const depositIds = requests.flatMap((r) => (r.depositId ? [r.depositId] : []));
  expect([...end.moves.depositEntries.keys()].sort()).toEqual([...depositIds].sort());
  expect([...end.moves.depositEntries.values()].every((n) => n === 1)).toBe(true);
  expect(end.moves.reservationEntries.size).toBe(WITHDRAWALS);
  expect([...end.moves.reservationEntries.values()].every((n) => n === 1)).toBe(true);
  for (const request of requests) expect(end.moves.answeredKeys.has(request.key)).toBe(true);
  for (const userId of customerCookies.keys()) {
    const mine = requests.filter((r) => r.userId === userId);
    const deposited = BigInt(mine.filter((r) => r.depositId).length) * DEPOSIT_CENTS;
    const reserved = mine.reduce((sum, r) => sum + (r.cents ?? 0n), 0n);
    expect(end.balances.get(userId)).toEqual({ cash: START_CENTS + deposited - reserved, reserved });
  }
});
