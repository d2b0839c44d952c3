import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { insertUser } from './factories.ts';
import { openTestDatabase } from './test-app.ts';

test('a test database whose ledger does not reconcile fails its file when it is dropped', async () => {
  const { database, drop } = await openTestDatabase();
  const user = await insertUser(database.db);
  // A balance with no posting behind it: money without a cause.
  await database.db.execute(
    sql`update ledger_accounts set balance_minor = 100 where kind = 'customer_cash' and user_id = ${user.id}`,
  );
  await expect(drop()).rejects.toThrow(/The ledger does not reconcile/);
});

test('a consistent test database is dropped quietly', async () => {
  const { database, drop } = await openTestDatabase();
  await insertUser(database.db);
  await expect(drop()).resolves.toBeUndefined();
});
