import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { deposits } from '../db/schema/deposits.ts';
import { insertUser } from '../test/factories.ts';
import { scansWhole } from '../test/query-plans.ts';
import { useTestApp } from '../test/test-app.ts';
import { among } from './among.ts';
import { selectRows } from './select-rows.ts';

const t = useTestApp();

test('finds the rows whose text or uuid is among the values, and none for no values', async () => {
  const [ada, bob] = [await insertUser(t.db), await insertUser(t.db)];
  const ids = async (values: string[]) =>
    (await t.db.select({ id: users.id }).from(users).where(among(users.id, values)))
      .map((row) => row.id)
      .sort();
  expect(await ids([ada.id, bob.id, ada.id, 'nobody'])).toEqual([ada.id, bob.id].sort());
  expect(await ids([])).toEqual([]);
  const emails = await t.db
    .select({ id: users.id })
    .from(users)
    .where(among(sql`lower(${users.email})`, [bob.email]));
  expect(emails.map((row) => row.id)).toEqual([bob.id]);
  // A uuid column: the values are read as uuids (a value that is not one is refused by PostgreSQL).
  expect(await t.db.select({ id: deposits.id }).from(deposits).where(among(deposits.id, []))).toEqual([]);
});

test('an expression written out is text unless it says uuid, as its column would', async () => {
  const user = await insertUser(t.db);
  const named = await selectRows<{ id: string }>(
    t.db,
    sql`select u.id from users u where ${among(sql`u.id`, [user.id])}`,
  );
  expect(named).toEqual([{ id: user.id }]);
  const uuids = await selectRows<{ id: string }>(
    t.db,
    sql`select d.id::text as id from deposits d where ${among(sql`d.id`, ['00000000-0000-4000-8000-000000000000'], 'uuid')}`,
  );
  expect(uuids).toEqual([]);
  // Compared as text, a uuid column is refused by PostgreSQL: the type is what makes it work.
  await expect(
    selectRows(
      t.db,
      sql`select 1 from deposits d where ${among(sql`d.id`, ['00000000-0000-4000-8000-000000000000'])}`,
    ),
  ).rejects.toThrow();
});

test('the same text whatever the number of values, looked up through the index among thousands', async () => {
  await t.db.execute(sql`
    insert into users (id, name, email)
    select 'among-' || g, 'Among ' || g, 'among-' || g || '@example.test' from generate_series(1, 3000) g`);
  await t.db.execute(sql`analyze users`);
  const query = (values: string[]) =>
    t.db.select({ id: users.id }).from(users).where(among(users.id, values));
  expect(query(['among-1']).toSQL().sql).toBe(query(['among-1', 'among-2', 'among-3']).toSQL().sql);
  const [plan] = await selectRows<Record<string, unknown>>(
    t.db,
    sql`explain (format json) ${query(['among-1', 'among-2'])}`,
  );
  expect(JSON.stringify(plan)).toContain('"Relation Name":"users"');
  expect(scansWhole(JSON.stringify(plan), 'users')).toBe(false);
  expect((await query(['among-1', 'among-2'])).map((row) => row.id).sort()).toEqual(['among-1', 'among-2']);
});
