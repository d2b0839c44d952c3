import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { useTestApp } from '../test/test-app.ts';
import { rowsOf } from './rows-of.ts';
import { selectRows } from './select-rows.ts';

const t = useTestApp();

test('gives the columns back as rows, text and JSON, in order; no values give no rows', async () => {
  const rows = await selectRows<{ name: string; n: string; body: unknown }>(
    t.db,
    sql`select r.name, r.n, r.body from ${rowsOf('r', {
      name: ['ada', "o'hara", 'ada'],
      n: ['1', '2', '3'],
      body: { jsonb: [{ a: 1 }, null, ['x']] },
    })}`,
  );
  expect(rows).toEqual([
    { name: 'ada', n: '1', body: { a: 1 } },
    { name: "o'hara", n: '2', body: null },
    { name: 'ada', n: '3', body: ['x'] },
  ]);
  expect(await selectRows(t.db, sql`select * from ${rowsOf('r', { name: [], n: [] })}`)).toEqual([]);
});

test('refuses columns of different lengths and names that are not plain', () => {
  expect(() => rowsOf('r', { a: ['1'], b: [] })).toThrow('different numbers of values');
  expect(() => rowsOf('r', { 'a; drop table users': ['1'] })).toThrow('not a plain alias');
  expect(() => rowsOf('R', { a: ['1'] })).toThrow('not a plain alias');
  expect(() => rowsOf('r', {})).toThrow('not a plain alias');
});
