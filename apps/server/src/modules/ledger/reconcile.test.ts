import {
  adjustmentEntry,
  depositEntry,
  reservationEntry,
  tradeMarginEntry,
} from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { selectRows } from '../../db/select-rows.ts';
import type { Actor } from '../../lib/actor.ts';
import { insertUser } from '../../test/factories.ts';
import { postOrReject } from '../../test/money.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { reconcileLedger } from './reconcile.ts';

const ADMIN: Actor = { id: 'admin-1', role: 'admin' };

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  // These tests damage the ledger on purpose, to see reconcile report it.
  ({ database, drop } = await openTestDatabase({ checkLedger: false }));
});
afterAll(() => drop());

describe('reconcileLedger', () => {
  test('is clean after deposits, reservations and adjustments', async () => {
    const { db } = database;
    const user = await insertUser(db);
    await postOrReject(
      db,
      [
        depositEntry({ userId: user.id, amount: 5_000n, depositId: 'd', methodLabel: 'Bitcoin(BTC)' }),
        reservationEntry({ userId: user.id, amount: 1_000n, withdrawalId: 'w', methodLabel: 'Bank' }),
        adjustmentEntry({ userId: user.id, direction: 'debit', amount: 250n, reason: 'Correction' }),
      ],
      ADMIN,
    );
    const report = await reconcileLedger(db);
    expect(report.problems).toEqual([]);
    expect(report.entries).toBeGreaterThanOrEqual(3);
  });

  test('the ledger refuses to change or delete an entry or a posting', async () => {
    const { db } = database;
    await expect(db.execute(sql`update postings set amount_minor = amount_minor + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from journal_entries`)).rejects.toThrow();
    expect((await reconcileLedger(db)).problems).toEqual([]);
  });

  test('reports a cached balance changed behind the ledger, and an entry that does not balance', async () => {
    const { db } = database;
    const user = await insertUser(db, { email: 'drift@example.test' });
    await postOrReject(
      db,
      [adjustmentEntry({ userId: user.id, direction: 'credit', amount: 700n, reason: 'x' })],
      ADMIN,
    );
    await db.execute(
      sql`update ledger_accounts set balance_minor = balance_minor + 1 where user_id = ${user.id} and kind = 'customer_cash'`,
    );
    await db.execute(sql`
      with e as (
        insert into journal_entries (kind, description, actor_id, actor_role)
        values ('adjustment', 'one-legged', 'test', 'test') returning id
      )
      insert into postings (entry_id, account_id, amount_minor)
      select e.id, a.id, 100 from e, ledger_accounts a where a.kind = 'platform_house'`);
    const { problems } = await reconcileLedger(db);
    expect(problems).toContainEqual(
      `customer_cash of drift@example.test (user ${user.id}): cached balance 7.01, postings sum to 7.00`,
    );
    expect(
      problems.some((p) => /entry \d+ \(adjustment\) is unbalanced: 1 postings summing to 1.00/.test(p)),
    ).toBe(true);
  });

  test("reports a row that names an entry which is not its own: another row's, or another kind", async () => {
    const { db } = database;
    const user = await insertUser(db);
    await postOrReject(
      db,
      [depositEntry({ userId: user.id, amount: 5_000n, depositId: 'd', methodLabel: 'Bitcoin(BTC)' })],
      ADMIN,
    );
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    const margins = await postOrReject(
      db,
      [first, second].map((tradeId) =>
        tradeMarginEntry({ userId: user.id, amount: 1_000n, tradeId, description: 'EURUSD' }),
      ),
      { id: user.id, role: 'client' },
    );
    const [firstMargin, secondMargin] = margins.map((entry) => entry.id);
    const insertTrade = (id: string, marginEntryId: bigint | undefined) =>
      db.execute(sql`
        insert into trades (id, user_id, symbol, instrument_class, direction, amount_minor, lot_hundredths,
                            exposure_minor, open_price, status, price_source, opened_at, margin_entry_id)
        values (${id}::uuid, ${user.id}, 'EURUSD', 'forex', 'buy', 1000, 100, 100000, '1.1', 'open',
                'simulated', now(), ${marginEntryId?.toString() ?? null}::bigint)`);
    // Each names the other's margin: both foreign keys hold.
    await insertTrade(first, secondMargin);
    await insertTrade(second, firstMargin);
    const { problems } = await reconcileLedger(db);
    expect(problems).toContainEqual(`trade ${first} names entry ${secondMargin}, which is not its own`);
    expect(problems).toContainEqual(`trade ${second} names entry ${firstMargin}, which is not its own`);

    // A row of the right id but another kind of entry (the customer's deposit) is reported too.
    const deposit = await selectRows<{ id: string }>(
      db,
      sql`select id::text as id from journal_entries where user_id = ${user.id} and kind = 'deposit'`,
    );
    const third = crypto.randomUUID();
    await insertTrade(third, BigInt(deposit[0]?.id ?? '0'));
    expect((await reconcileLedger(db)).problems).toContainEqual(
      `trade ${third} names entry ${deposit[0]?.id}, which is not its own`,
    );
  });
});
