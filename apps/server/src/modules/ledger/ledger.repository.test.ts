import {
  adjustmentEntry,
  depositEntry,
  reservationEntry,
  withdrawalEntries,
} from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertUser } from '../../test/factories.ts';
import { postOrReject } from '../../test/money.ts';
import { plansOf, scansWhole } from '../../test/query-plans.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import {
  completeCustomerAccounts,
  findLatestAdjustmentSince,
  lockCustomerAccounts,
  lockCustomerAccountsWhere,
  postEntries,
  reserveEntryIds,
  selectAdjustmentAmountsSince,
} from './ledger.repository.ts';
import { readBalances, readStatement } from './ledger.service.ts';

const ADMIN: Actor = { id: 'admin-1', role: 'admin' };

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('postEntries', () => {
  test('a deposit, a reservation and its settlement move the balances and the statement shows each', async () => {
    const { db } = database;
    const user = await insertUser(db);
    await postOrReject(
      db,
      [depositEntry({ userId: user.id, amount: 10_000n, depositId: 'd1', methodLabel: 'Bitcoin(BTC)' })],
      ADMIN,
    );
    await postOrReject(
      db,
      [reservationEntry({ userId: user.id, amount: 4_000n, withdrawalId: 'w1', methodLabel: 'Bank' })],
      {
        id: user.id,
        role: 'client',
      },
    );
    await postOrReject(
      db,
      withdrawalEntries({
        userId: user.id,
        net: 3_900n,
        fee: 100n,
        feePercent: '2.50',
        withdrawalId: 'w1',
        methodLabel: 'Bank',
      }),
      ADMIN,
    );
    expect(await readBalances(db, user.id)).toEqual({
      available: '60.00',
      reserved: '0.00',
      total: '60.00',
      deposits: '100.00',
      profit: '0.00',
      owed: '0.00',
      withdrawable: '60.00',
    });
    const statement = await readStatement(db, user.id, 1);
    expect(statement.total).toBe(4);
    expect(
      statement.items.map((e) => [
        e.kind,
        e.availableChange,
        e.reservedChange,
        e.availableAfter,
        e.reservedAfter,
      ]),
    ).toEqual([
      ['withdrawal_fee', null, '-1.00', '60.00', '0.00'],
      ['withdrawal', null, '-39.00', '60.00', '1.00'],
      ['reservation', '-40.00', '40.00', '60.00', '40.00'],
      ['deposit', '100.00', null, '100.00', '0.00'],
    ]);
  });

  test('a debit beyond the cash balance is refused and writes nothing', async () => {
    const { db } = database;
    const user = await insertUser(db);
    await postOrReject(
      db,
      [adjustmentEntry({ userId: user.id, direction: 'credit', amount: 500n, reason: 'Goodwill' })],
      ADMIN,
    );
    await expect(
      postOrReject(
        db,
        [adjustmentEntry({ userId: user.id, direction: 'debit', amount: 501n, reason: 'Too much' })],
        ADMIN,
      ),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await readBalances(db, user.id)).available).toBe('5.00');
    expect((await readStatement(db, user.id, 1)).total).toBe(1);
  });
});

describe('postEntries under concurrency', () => {
  test('simultaneous reservations that together exceed the balance never overdraw, and nothing is lost', async () => {
    const { db } = database;
    const user = await insertUser(db);
    await postOrReject(
      db,
      [adjustmentEntry({ userId: user.id, direction: 'credit', amount: 10_000n, reason: 'Seed' })],
      ADMIN,
    );
    const attempts = Array.from({ length: 25 }, (_, i) =>
      postOrReject(
        db,
        [reservationEntry({ userId: user.id, amount: 700n, withdrawalId: `w${i}`, methodLabel: 'Bank' })],
        { id: user.id, role: 'client' },
      ),
    );
    const results = await Promise.allSettled(attempts);
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toBe(14); // 14 × $7.00 = $98.00 ≤ $100.00 < 15 × $7.00
    for (const r of refused)
      expect(r.status === 'rejected' && r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await readBalances(db, user.id)).toMatchObject({
      available: '2.00',
      reserved: '98.00',
      total: '100.00',
    });
  });

  test('simultaneous movements on two customers in opposite orders do not deadlock', async () => {
    const { db } = database;
    const a = await insertUser(db);
    const b = await insertUser(db);
    const credit = (userId: string) =>
      adjustmentEntry({ userId, direction: 'credit', amount: 100n, reason: 'x' });
    const runs = Array.from({ length: 20 }, (_, i) =>
      postOrReject(db, i % 2 ? [credit(a.id), credit(b.id)] : [credit(b.id), credit(a.id)], ADMIN),
    );
    await Promise.all(runs);
    expect((await readBalances(db, a.id)).available).toBe('20.00');
    expect((await readBalances(db, b.id)).available).toBe('20.00');
  });
});

/** A customer with a cash account and none of the others (as before an account kind existed). */
async function customerWithCashAccountOnly() {
  const user = await insertUser(database.db);
  await database.db.execute(
    sql`delete from ledger_accounts where user_id = ${user.id} and kind <> 'customer_cash'`,
  );
  return user;
}

describe('entry ids reserved ahead of a posting', () => {
  test('the posting takes them in its entries’ order; a refused posting takes none; a missing account is an error', async () => {
    const { db } = database;
    const user = await insertUser(db);
    const customer: Actor = { id: user.id, role: 'client' };
    await db.transaction(async (tx) => {
      await lockCustomerAccounts(tx, [user.id]);
      const ids = await reserveEntryIds(tx, 3);
      expect(ids).toHaveLength(3);
      expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
      const posted = await postEntries(
        tx,
        [
          depositEntry({ userId: user.id, amount: 1_000n, depositId: 'd1', methodLabel: 'Bitcoin(BTC)' }),
          reservationEntry({ userId: user.id, amount: 400n, withdrawalId: 'w1', methodLabel: 'Bank' }),
        ],
        [ADMIN, customer],
        { entryIds: ids },
      );
      // The first two, in order; the third is a gap, as a rolled-back posting leaves.
      expect(posted.ok && posted.value.map((entry) => [entry.id, entry.kind])).toEqual([
        [ids[0], 'deposit'],
        [ids[1], 'reservation'],
      ]);

      const more = await reserveEntryIds(tx, 1);
      const refused = await postEntries(
        tx,
        [reservationEntry({ userId: user.id, amount: 601n, withdrawalId: 'w2', methodLabel: 'Bank' })],
        customer,
        { entryIds: more },
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_FUNDS' } });
      const stored = await selectRows<{ id: string }>(
        tx,
        sql`select id::text as id from journal_entries where user_id = ${user.id} order by id`,
      );
      expect(stored.map((row) => BigInt(row.id))).toEqual([ids[0], ids[1]]);

      // A posting without reserved ids takes the next ids of the sequence, above those reserved.
      const later = await postEntries(
        tx,
        [adjustmentEntry({ userId: user.id, direction: 'credit', amount: 1n, reason: 'x' })],
        ADMIN,
      );
      expect(later.ok && (later.value[0]?.id ?? 0n) > (more[0] ?? 0n)).toBe(true);

      await expect(
        postEntries(
          tx,
          [adjustmentEntry({ userId: user.id, direction: 'credit', amount: 1n, reason: 'x' })],
          ADMIN,
          {
            entryIds: [],
          },
        ),
      ).rejects.toThrow('fewer entry ids reserved than entries');
    });

    // A customer whose accounts do not all exist (sign-up makes them; a customer from before an
    // account kind existed may lack it): statements sent behind the posting would have run without
    // its entries, so the posting does not create them on the way and fails instead.
    const newcomer = await customerWithCashAccountOnly();
    await expect(
      db.transaction(async (tx) => {
        const ids = await reserveEntryIds(tx, 1);
        await postEntries(
          tx,
          [reservationEntry({ userId: newcomer.id, amount: 1n, withdrawalId: 'w3', methodLabel: 'Bank' })],
          { id: newcomer.id, role: 'client' },
          { entryIds: ids },
        );
      }),
    ).rejects.toThrow('a posting with reserved entry ids names a ledger account that does not exist');
  });

  test('the accounts of the customers a subquery names are locked, and completed when some are missing', async () => {
    const { db } = database;
    const [seasoned, newcomer] = [await insertUser(db), await customerWithCashAccountOnly()];
    await db.transaction(async (tx) => {
      const owners = sql`select id from users where id in (${seasoned.id}, ${newcomer.id})`;
      const locked = await lockCustomerAccountsWhere(tx, owners);
      // The newcomer has only the cash account sign-up gave them.
      expect(
        locked.filter((account) => account.userId === newcomer.id).map((account) => account.kind),
      ).toEqual(['customer_cash']);
      const complete = await completeCustomerAccounts(tx, locked, [seasoned.id, newcomer.id]);
      expect(complete).toHaveLength(6);
      expect(new Set(complete.map((account) => `${account.userId} ${account.kind}`)).size).toBe(6);
      expect(await completeCustomerAccounts(tx, complete, [seasoned.id, newcomer.id])).toBe(complete);
    });
  });
});

describe('findLatestAdjustmentSince', () => {
  test("the latest manual adjustment of either direction on the customer's accounts after a time; no other entry, no other customer's", async () => {
    const { db } = database;
    const [ada, bob, cy] = [await insertUser(db), await insertUser(db), await insertUser(db)];
    const before = new Date(Date.now() - 60_000);
    await postOrReject(
      db,
      [depositEntry({ userId: ada.id, amount: 10_000n, depositId: 'd-ada', methodLabel: 'Bitcoin(BTC)' })],
      ADMIN,
    );
    const [credit] = await postOrReject(
      db,
      [adjustmentEntry({ userId: ada.id, direction: 'credit', amount: 500n, reason: 'Goodwill' })],
      ADMIN,
    );
    expect(await findLatestAdjustmentSince(db, ada.id, before)).toEqual(credit?.createdAt);
    const [debit] = await postOrReject(
      db,
      [adjustmentEntry({ userId: ada.id, direction: 'debit', amount: 10_500n, reason: 'fee' })],
      ADMIN,
    );
    expect(await findLatestAdjustmentSince(db, ada.id, before)).toEqual(debit?.createdAt);
    // Strictly after `since` (a millisecond later: PostgreSQL keeps microseconds, JavaScript drops them).
    if (!debit) throw new Error('the debit was not posted');
    const afterDebit = new Date(debit.createdAt.getTime() + 1);
    expect(await findLatestAdjustmentSince(db, ada.id, afterDebit)).toBeUndefined();
    // Bob's adjustment is his; Cy had only a deposit.
    await postOrReject(
      db,
      [adjustmentEntry({ userId: bob.id, direction: 'credit', amount: 100n, reason: 'Bob' })],
      ADMIN,
    );
    await postOrReject(
      db,
      [depositEntry({ userId: cy.id, amount: 100n, depositId: 'd-cy', methodLabel: 'Bitcoin(BTC)' })],
      ADMIN,
    );
    expect(await findLatestAdjustmentSince(db, ada.id, afterDebit)).toBeUndefined();
    expect(await findLatestAdjustmentSince(db, cy.id, before)).toBeUndefined();
  });

  test('reads through the indexes: no table is scanned whole among thousands of entries', async () => {
    const { db } = database;
    await db.execute(sql`
      insert into users (id, name, email)
      select 'adj-plan-' || g, 'Plan ' || g, 'adj-plan-' || g || '@example.test' from generate_series(1, 2000) g`);
    const drafts = Array.from({ length: 4000 }, (_, i) =>
      i % 2 === 0
        ? depositEntry({
            userId: `adj-plan-${(i % 2000) + 1}`,
            amount: 1_000n,
            depositId: `d-plan-${i}`,
            methodLabel: 'Bitcoin(BTC)',
          })
        : adjustmentEntry({
            userId: `adj-plan-${(i % 2000) + 1}`,
            direction: 'credit',
            amount: 100n,
            reason: 'Plan',
          }),
    );
    await postOrReject(db, drafts, ADMIN);
    await db.execute(sql`analyze`);
    const plans = await plansOf(db, (explaining) =>
      findLatestAdjustmentSince(explaining, 'adj-plan-8', new Date(Date.now() - 7 * 86_400_000)),
    );
    expect(plans).toHaveLength(1);
    const [plan = ''] = plans;
    for (const table of ['ledger_accounts', 'postings', 'journal_entries']) {
      expect(plan, table).toContain(`"Relation Name":"${table}"`);
      expect(scansWhole(plan, table), table).toBe(false);
    }
    expect(
      await findLatestAdjustmentSince(db, 'adj-plan-8', new Date(Date.now() - 86_400_000)),
    ).toBeInstanceOf(Date);
  });
});

describe('selectAdjustmentAmountsSince', () => {
  test("the customer's manual adjustments after a time, signed as they moved the cash; no other entry, no other customer's", async () => {
    const { db } = database;
    const [ada, bob] = [await insertUser(db), await insertUser(db)];
    const before = new Date(Date.now() - 60_000);
    await postOrReject(
      db,
      [depositEntry({ userId: ada.id, amount: 10_000n, depositId: 'd-sum', methodLabel: 'Bitcoin(BTC)' })],
      ADMIN,
    );
    await postOrReject(
      db,
      [adjustmentEntry({ userId: ada.id, direction: 'credit', amount: 500n, reason: 'Goodwill' })],
      ADMIN,
    );
    const [debit] = await postOrReject(
      db,
      [adjustmentEntry({ userId: ada.id, direction: 'debit', amount: 700n, reason: 'Fee' })],
      ADMIN,
    );
    await postOrReject(
      db,
      [adjustmentEntry({ userId: bob.id, direction: 'credit', amount: 900n, reason: 'Bob' })],
      ADMIN,
    );
    expect((await selectAdjustmentAmountsSince(db, ada.id, before)).sort()).toEqual([-700n, 500n]);
    if (!debit) throw new Error('the debit was not posted');
    expect(await selectAdjustmentAmountsSince(db, ada.id, new Date(debit.createdAt.getTime() + 1))).toEqual(
      [],
    );
  });

  test("reads only the customer's adjustments by their index, whatever else the ledger holds", async () => {
    const { db } = database;
    await db.execute(sql`
      insert into users (id, name, email)
      select 'sum-plan-' || g, 'Sum ' || g, 'sum-plan-' || g || '@example.test' from generate_series(1, 500) g`);
    const drafts = Array.from({ length: 4000 }, (_, i) =>
      i % 8 === 0
        ? adjustmentEntry({
            userId: `sum-plan-${(i % 500) + 1}`,
            direction: 'credit',
            amount: 100n,
            reason: 'Plan',
          })
        : depositEntry({
            userId: `sum-plan-${(i % 500) + 1}`,
            amount: 1_000n,
            depositId: `d-sum-plan-${i}`,
            methodLabel: 'Bitcoin(BTC)',
          }),
    );
    await postOrReject(db, drafts, ADMIN);
    await db.execute(sql`analyze`);
    const plans = await plansOf(db, (explaining) =>
      selectAdjustmentAmountsSince(explaining, 'sum-plan-9', new Date(Date.now() - 86_400_000)),
    );
    expect(plans).toHaveLength(1);
    const [plan = ''] = plans;
    expect(plan).toContain('"Index Name":"journal_entries_adjustments_idx"');
    for (const table of ['ledger_accounts', 'postings', 'journal_entries']) {
      expect(scansWhole(plan, table), table).toBe(false);
    }
    // Entries 8, 1008, 2008 and 3008 are this customer's adjustments.
    expect(await selectAdjustmentAmountsSince(db, 'sum-plan-9', new Date(Date.now() - 86_400_000))).toEqual([
      100n,
      100n,
      100n,
      100n,
    ]);
  });
});
