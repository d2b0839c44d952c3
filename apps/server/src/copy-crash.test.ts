import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { type CrashStore, createCrashStore, startServerProcess } from './crash-test-helpers.ts';
import type { Db } from './db/client.ts';
import { copyRelations, strategyProviders } from './db/schema/copy-trading.ts';
import { selectRows } from './db/select-rows.ts';
import { JOB_QUEUE_SCHEMA } from './lib/jobs/job-queue-schema.ts';
import { reconcileLedger } from './modules/ledger/reconcile.ts';
import { createSessionCookie, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { credit } from './test/money.ts';
import type { ServerProcess } from './test/server-process.ts';

/**
 * A provider's open and close reach every follower exactly once, also after a crash between the
 * commit of the provider's trade and the fan-out (issue 14). The real server runs in a process of
 * its own with its job worker off (JOB_WORKER=off: the jobs are committed with the trade, and none
 * can run), answers the provider's request, and is killed (SIGKILL). Restarted with its worker,
 * it makes every copy once; the same for the close. On the embedded database by default, on
 * PostgreSQL when DATABASE_URL is set.
 */

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const FOLLOWERS = 30;
const START_CENTS = 100_000n;

let store: CrashStore;
let server: ServerProcess | undefined;
let providerCookie = '';
let providerId = '';

beforeAll(async () => {
  store = await createCrashStore();
  const database = await store.open();
  try {
    const { db } = database;
    const provider = await insertUser(db);
    await credit(db, provider.id, START_CENTS, 'Crash test money');
    providerCookie = `${SESSION_COOKIE}=${await createSessionCookie(db, provider.id)}`;
    providerId = provider.id;
    const now = new Date();
    const [record] = await db
      .insert(strategyProviders)
      .values({
        userId: provider.id,
        displayName: 'Crash Provider',
        minimumBalanceMinor: 0n,
        profitShareBps: 2000,
        status: 'active',
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!record) throw new Error('no provider record');
    for (let i = 0; i < FOLLOWERS; i++) {
      const follower = await insertUser(db);
      await credit(db, follower.id, START_CENTS, 'Crash test money');
      await db.insert(copyRelations).values({
        followerUserId: follower.id,
        providerId: record.id,
        providerUserId: provider.id,
        startedAt: now,
        profitShareBps: 2000,
        copiedOpenPositions: false,
      });
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

/** The same value for every follower's relation. */
function each<T>(value: T): T[] {
  return Array.from({ length: FOLLOWERS }, () => value);
}

async function withStore<T>(read: (db: Db) => Promise<T>): Promise<T> {
  const database = await store.open();
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

async function stop(running: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  running.child.kill(signal);
  await running.exited;
  server = undefined;
}

/** The provider's request answered 200, then the server is killed at once: the jobs are committed, none ran. */
async function answerThenKill(url: string, body?: object): Promise<{ id: string }> {
  server = await startServerProcess(store, { NODE_ENV: 'test', JOB_WORKER: 'off' });
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: 'POST',
    headers: {
      origin: server.baseUrl,
      cookie: providerCookie,
      'idempotency-key': randomUUID(),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  await stop(server, 'SIGKILL');
  expect(response.status, text).toBe(200);
  return JSON.parse(text);
}

type Copies = {
  /** Per relation: its copies of the provider's trade, open and closed. */
  perRelation: { copies: number; open: number; closed: number; releases: number }[];
  jobs: Record<string, number>;
};

async function readCopies(db: Db, providerTradeId: string): Promise<Copies> {
  const perRelation = await selectRows<{ copies: string; open: string; closed: string; releases: string }>(
    db,
    sql`select (select count(*) from trades t where t.copy_relation_id = r.id and t.copied_from_trade_id = ${providerTradeId})::text as copies,
               (select count(*) from trades t where t.copy_relation_id = r.id and t.copied_from_trade_id = ${providerTradeId} and t.status = 'open')::text as open,
               (select count(*) from trades t where t.copy_relation_id = r.id and t.copied_from_trade_id = ${providerTradeId} and t.status = 'closed')::text as closed,
               (select count(*) from journal_entries e join trades t on e.reference ->> 'trade' = t.id::text
                 where t.copy_relation_id = r.id and t.copied_from_trade_id = ${providerTradeId}
                   and e.kind = 'trade_margin_release')::text as releases
          from copy_relations r order by r.id`,
  );
  const jobRows = await selectRows<{ name: string; state: string; c: string }>(
    db,
    sql`select name, state::text, count(*)::text as c from ${sql.identifier(JOB_QUEUE_SCHEMA)}.job
         where name like 'copy.%' group by name, state`,
  );
  return {
    perRelation: perRelation.map((row) => ({
      copies: Number(row.copies),
      open: Number(row.open),
      closed: Number(row.closed),
      releases: Number(row.releases),
    })),
    jobs: Object.fromEntries(jobRows.map((row) => [`${row.name} ${row.state}`, Number(row.c)])),
  };
}

/**
 * Runs the server with its worker until `done` holds: the embedded database can only be read with
 * the server stopped, so it runs for a while and stops before each look.
 */
async function runUntil(providerTradeId: string, done: (copies: Copies) => boolean): Promise<Copies> {
  let copies = await withStore((db) => readCopies(db, providerTradeId));
  for (let round = 0; round < 8 && !done(copies); round++) {
    server = await startServerProcess(store, { NODE_ENV: 'test' });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await stop(server, 'SIGTERM');
    copies = await withStore((db) => readCopies(db, providerTradeId));
  }
  return copies;
}

test("a provider's open and close reach every follower exactly once after kill -9 between commit and fan-out", async () => {
  // ---------- open ----------
  const trade = await answerThenKill('/api/trades', {
    symbol: 'EURUSD',
    direction: 'buy',
    amount: '100',
    lotSize: '1',
  });
  const afterKill = await withStore((db) => readCopies(db, trade.id));
  // Killed between the commit and the fan-out: the trade's jobs wait, no copy exists yet.
  expect(afterKill.perRelation.map((relation) => relation.copies)).toEqual(each(0));
  expect(afterKill.jobs).toEqual({ 'copy.open created': 1 });

  const opened = await runUntil(trade.id, (copies) => copies.jobs['copy.open completed'] === 1);
  expect(opened.perRelation.map((relation) => [relation.copies, relation.open])).toEqual(each([1, 1]));
  expect(opened.jobs).toEqual({ 'copy.open completed': 1 });

  // ---------- close ----------
  const closedTrade = await answerThenKill(`/api/trades/${trade.id}/close`);
  expect(closedTrade.id).toBe(trade.id);
  const afterCloseKill = await withStore((db) => readCopies(db, trade.id));
  expect(afterCloseKill.perRelation.map((relation) => relation.open)).toEqual(each(1));
  expect(afterCloseKill.jobs['copy.close created']).toBe(1);

  const closed = await runUntil(trade.id, (copies) => copies.jobs['copy.close completed'] === 1);
  // Per relation: one copy, closed, its margin released once.
  expect(closed.perRelation.map((relation) => [relation.copies, relation.closed, relation.releases])).toEqual(
    each([1, 1, 1]),
  );
  expect(closed.jobs).toEqual({ 'copy.open completed': 1, 'copy.close completed': 1 });

  await withStore(async (db) => {
    expect((await reconcileLedger(db)).problems).toEqual([]);
    // Each follower's copy settled its high-water mark with the provider once.
    const [marks] = await selectRows<{ c: string }>(
      db,
      sql`select count(*)::text as c from copy_high_water_marks where provider_user_id = ${providerId}`,
    );
    expect(Number(marks?.c)).toBe(FOLLOWERS);
  });
});
