import { randomUUID } from 'node:crypto';
import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { type PlaceTradeRequest, type Trade, TradeSchema } from '@candor/contracts/trades';
import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { journalEntries } from '../../db/schema/ledger.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import {
  actorReadBeforeRoleChange,
  claimOf,
  fundedActor,
  oneAfterTheOther,
  staffActor,
  togetherDeps,
} from '../../test/group-commit.ts';
import { fund, insertFundedCustomer } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import { updateUserRole } from '../users/users.repository.ts';
import { openTrade } from './open-trade.service.ts';
import { createTradeOpenGroup, openTradesTogether, type TradeOpenRequest } from './open-trades-together.ts';
import { balancesOf, described, order } from './together-test-helpers.ts';
import { useFixedQuotes } from './trade-test-helpers.ts';

const t = useTestApp();
// ETHUSD has no price: its opens are refused with PRICE_UNAVAILABLE.
const quotes = useFixedQuotes(t, { BTCUSD: '67234.12', EURUSD: '1.08345' });

const deps = () => togetherDeps(t);
const customer = (cents: bigint) => fundedActor(t, cents);
const claim = (actor: Actor, key: string, input: PlaceTradeRequest) =>
  claimOf(actor, key, 'POST /api/trades', input);

describe('trades opened together (group commit)', () => {
  test('each request gets its own outcome: a refusal does not stop the others', async () => {
    const rich = await customer(100_000n);
    const poor = await customer(5_000n);
    const other = await customer(100_000n);
    const staff = await staffActor(t, 100_000n);
    const outcomes = await openTradesTogether(deps(), [
      { actor: staff, input: order(), claim: undefined },
      { actor: rich, input: order(), claim: undefined },
      { actor: poor, input: order({ amount: '100' }), claim: undefined },
      { actor: other, input: order({ symbol: 'ETHUSD' }), claim: undefined },
      { actor: other, input: order({ lotSize: '500' }), claim: undefined },
      {
        actor: other,
        input: order({ symbol: 'EURUSD', direction: 'sell', amount: '250' }),
        claim: undefined,
      },
    ]);
    expect(outcomes.map(described)).toEqual([
      { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE },
      expect.objectContaining({ symbol: 'BTCUSD', amount: '100.00', lotSize: '2.00', status: 'open' }),
      { refused: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' },
      { refused: 'PRICE_UNAVAILABLE', message: expect.stringContaining('ETHUSD') },
      { refused: 'VALIDATION_FAILED', message: expect.stringContaining('Lot size can be at most') },
      expect.objectContaining({ symbol: 'EURUSD', direction: 'sell', amount: '250.00', status: 'open' }),
    ]);
    expect(await balancesOf(t, staff)).toEqual({ available: 100_000n, reserved: 0n });
    expect(await balancesOf(t, rich)).toEqual({ available: 90_000n, reserved: 10_000n });
    expect(await balancesOf(t, poor)).toEqual({ available: 5_000n, reserved: 0n });
    expect(await balancesOf(t, other)).toEqual({ available: 75_000n, reserved: 25_000n });
    // Each margin entry names the customer who opened the trade as its actor.
    const opened = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value.id] : []));
    const rows = await t.db
      .select({ userId: trades.userId, actorId: journalEntries.actorId, actorRole: journalEntries.actorRole })
      .from(trades)
      .innerJoin(journalEntries, eq(journalEntries.id, trades.marginEntryId))
      .where(inArray(trades.id, opened));
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row).toEqual({ userId: row.userId, actorId: row.userId, actorRole: 'client' });
  });

  test("an account made staff after its session was read is refused under the accounts' lock, alone and in a batch", async () => {
    const d = deps();
    // The session said customer; the stored row says admin (a role written since, decision 062).
    const promoted = () =>
      actorReadBeforeRoleChange(t, { sessionRole: 'client', role: 'admin', cents: 100_000n });
    const alone = await promoted();
    const inBatch = await promoted();
    const other = await customer(100_000n);
    const [single] = await oneAfterTheOther([alone], (actor) =>
      d.transactions.runIdempotent(undefined, TradeSchema, ({ tx, now }) =>
        openTrade({ tx, actor, now, market: d.market, input: order() }),
      ),
    );
    const batched = await openTradesTogether(d, [
      { actor: inBatch, input: order(), claim: undefined },
      { actor: other, input: order(), claim: undefined },
    ]);
    const refused = { refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE };
    expect(described(single)).toEqual(refused);
    expect(described(batched[0])).toEqual(refused);
    expect(batched[1]).toMatchObject({ ok: true });
    for (const actor of [alone, inBatch]) {
      expect(await balancesOf(t, actor)).toEqual({ available: 100_000n, reserved: 0n });
    }
  });

  test('an account made a customer again after its session was read may trade: the role under the lock decides', async () => {
    const d = deps();
    const demoted = () =>
      actorReadBeforeRoleChange(t, { sessionRole: 'admin', role: 'client', cents: 100_000n });
    const alone = await demoted();
    const inBatch = await demoted();
    const [single] = await oneAfterTheOther([alone], (actor) =>
      d.transactions.runIdempotent(undefined, TradeSchema, ({ tx, now }) =>
        openTrade({ tx, actor, now, market: d.market, input: order() }),
      ),
    );
    const batched = await openTradesTogether(d, [{ actor: inBatch, input: order(), claim: undefined }]);
    expect(single).toMatchObject({ ok: true });
    expect(batched[0]).toMatchObject({ ok: true });
  });

  test("one customer's requests take the cash in arrival order: the one that no longer fits is refused", async () => {
    const actor = await customer(30_000n);
    const outcomes = await openTradesTogether(deps(), [
      { actor, input: order({ amount: '200' }), claim: undefined },
      { actor, input: order({ amount: '150' }), claim: undefined },
      { actor, input: order({ amount: '100' }), claim: undefined },
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true]);
    expect(await balancesOf(t, actor)).toEqual({ available: 0n, reserved: 30_000n });
  });

  test('a retry in a batch answers the first attempt; the same key for other content is refused', async () => {
    const d = deps();
    const actor = await customer(100_000n);
    const first = order({ amount: '120' });
    const opened = await d.transactions.runIdempotent(
      claim(actor, 'k-1', first),
      TradeSchema,
      ({ tx, now }) => openTrade({ tx, actor, now, market: d.market, input: first }),
    );
    const outcomes = await openTradesTogether(d, [
      { actor, input: first, claim: claim(actor, 'k-1', first) },
      { actor, input: order({ amount: '10' }), claim: claim(actor, 'k-2', order({ amount: '10' })) },
      { actor, input: order({ amount: '99' }), claim: claim(actor, 'k-1', order({ amount: '99' })) },
    ]);
    expect(outcomes[0]).toEqual({ ok: true, value: opened });
    expect(outcomes[1]).toMatchObject({ ok: true, value: { amount: '10.00' } });
    expect(described(outcomes[2] as ItemOutcome<Trade>)).toMatchObject({ refused: 'IDEMPOTENCY_KEY_REUSED' });
    const own = await t.db.select({ id: trades.id }).from(trades).where(eq(trades.userId, actor.id));
    expect(own).toHaveLength(2);
    expect(await balancesOf(t, actor)).toEqual({ available: 87_000n, reserved: 13_000n });
    // The new request's answer is stored: sent again, it opens nothing more.
    const again = await openTradesTogether(d, [
      { actor, input: order({ amount: '10' }), claim: claim(actor, 'k-2', order({ amount: '10' })) },
      { actor, input: order({ amount: '1' }), claim: undefined },
    ]);
    expect(again[0]).toEqual(outcomes[1]);
    expect(await balancesOf(t, actor)).toEqual({ available: 86_900n, reserved: 13_100n });
  });

  test("a refused request's key is released: its retry, once the money is there, opens the trade", async () => {
    const d = deps();
    const actor = await customer(1_000n);
    const other = await customer(100_000n);
    const input = order({ amount: '50' });
    const refused = await openTradesTogether(d, [
      { actor, input, claim: claim(actor, 'k-3', input) },
      { actor: other, input: order(), claim: undefined },
    ]);
    expect(described(refused[0] as ItemOutcome<Trade>)).toEqual({
      refused: 'INSUFFICIENT_FUNDS',
      message: 'Insufficient balance',
    });
    await fund(t.db, actor.id, 10_000n);
    const retried = await openTradesTogether(d, [
      { actor, input, claim: claim(actor, 'k-3', input) },
      { actor: other, input: order(), claim: undefined },
    ]);
    expect(retried[0]).toMatchObject({ ok: true, value: { amount: '50.00' } });
    expect(await balancesOf(t, actor)).toEqual({ available: 6_000n, reserved: 5_000n });
  });

  test('the same key sent many times at once to the group opens one trade; every attempt gets its answer', async () => {
    const d = deps();
    const group = createTradeOpenGroup({ ...d, log: t.app.log });
    const actor = await customer(100_000n);
    const others = await Promise.all([customer(100_000n), customer(100_000n)]);
    const input = order({ amount: '42' });
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => group.submit({ actor, input, claim: claim(actor, 'k-4', input) })),
      ...others.map((other) => group.submit({ actor: other, input: order(), claim: undefined })),
    ]);
    const [one, ...rest] = answers.slice(0, 4);
    for (const answer of rest) expect(answer).toEqual(one);
    expect(await balancesOf(t, actor)).toEqual({ available: 95_800n, reserved: 4_200n });
    expect(group.stats()).toMatchObject({ items: 6, failedBatches: 0 });
    expect(group.stats().batches).toBeGreaterThan(0);
  });

  test('decided together or one after the other, every request gets the same outcome and balances', async () => {
    const requestArb = fc.record({
      // 3: an administrator holding $1,000 from before staff were refused money (decision 062);
      // 4: the same, whose session was read while it was a customer's; 5: a customer again, whose
      // session was read while it was staff (the role under the accounts' lock decides).
      who: fc.integer({ min: 0, max: 5 }),
      symbol: fc.constantFrom('BTCUSD', 'BTCUSD', 'EURUSD', 'ETHUSD', 'NOPE'),
      direction: fc.constantFrom('buy' as const, 'sell' as const),
      amount: fc.constantFrom('50', '120', '300', '700.5'),
      lotSize: fc.constantFrom('1', '2.5', '500', '100000'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(0n, 20_000n, 50_000n, 100_000n), { minLength: 3, maxLength: 3 }),
        fc.array(requestArb, { minLength: 2, maxLength: 8 }),
        async (cash, requests) => {
          quotes.set('BTCUSD', '67234.12');
          quotes.set('EURUSD', '1.08345');
          quotes.clear('ETHUSD');
          const d = deps();
          const actors = () =>
            Promise.all([
              ...cash.map((cents) => customer(cents)),
              staffActor(t, 100_000n),
              actorReadBeforeRoleChange(t, { sessionRole: 'client', role: 'admin', cents: 100_000n }),
              actorReadBeforeRoleChange(t, { sessionRole: 'admin', role: 'client', cents: 100_000n }),
            ]);
          const together = await actors();
          const alone = await actors();
          const build = (actors: Actor[]): TradeOpenRequest[] =>
            requests.map(({ who, ...input }) => ({ actor: actors[who] as Actor, input, claim: undefined }));
          const batched = await openTradesTogether(d, build(together));
          const oneByOne = await oneAfterTheOther(build(alone), (request) =>
            d.transactions.runIdempotent(undefined, TradeSchema, ({ tx, now }) =>
              openTrade({ tx, actor: request.actor, now, market: d.market, input: request.input }),
            ),
          );
          expect(batched.map(described)).toEqual(oneByOne.map(described));
          for (const [index, actor] of together.entries()) {
            expect(await balancesOf(t, actor)).toEqual(await balancesOf(t, alone[index] as Actor));
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});

/** Until a statement of this database waits for a lock (PostgreSQL); PGlite runs one transaction at a time. */
async function untilWaitingForALock(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  for (let tries = 0; tries < 200; tries += 1) {
    const rows = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the trade never waited for the accounts');
}

/**
 * A role written while the trade waits for the customer's accounts (run it on PostgreSQL): the
 * session read the account as a customer's, the writer holds its accounts (as the Staff tab's change
 * of a customer does, decision 055) and makes it staff. Written here under the accounts' lock
 * directly: the Staff tab refuses a customer holding money, so this plays a write that skipped it.
 * On PGlite the request waits for the whole transaction, and its session then reads the new role.
 */
describe('a role changed while a trade waits for the accounts (run it on PostgreSQL)', () => {
  test('alone: the trade reads the role after the lock and is refused', async () => {
    const account = await insertFundedCustomer(t, 100_000n);
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.db.transaction(async (tx) => {
      await lockCustomerAccounts(tx, [account.user.id]);
      await updateUserRole(tx, account.user.id, 'admin', new Date());
      answer = account.browser.post('/api/trades', order(), randomUUID());
      await untilWaitingForALock();
    });
    const res = await answer;
    expect(res?.statusCode, res?.body).toBe(403);
    expect(res?.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
    expect(await t.db.select().from(trades).where(eq(trades.userId, account.user.id))).toEqual([]);
  });

  test('in a batch: the batch reads the roles after the locks and refuses that request alone', async () => {
    const d = deps();
    const account = await fundedActor(t, 100_000n);
    const other = await customer(100_000n);
    let outcomes: Promise<Array<ItemOutcome<Trade>>> | undefined;
    await t.db.transaction(async (tx) => {
      await lockCustomerAccounts(tx, [account.id]);
      await updateUserRole(tx, account.id, 'admin', new Date());
      outcomes = openTradesTogether(d, [
        { actor: account, input: order(), claim: undefined },
        { actor: other, input: order(), claim: undefined },
      ]);
      await untilWaitingForALock();
    });
    const answered = await outcomes;
    expect(described(answered?.[0])).toEqual({ refused: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
    expect(answered?.[1]).toMatchObject({ ok: true });
    expect(await balancesOf(t, account)).toEqual({ available: 100_000n, reserved: 0n });
  });
});
