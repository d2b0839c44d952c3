import { DrizzleQueryError, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { spyOnStatements, textsOf } from '../test/statements.ts';
import { openTestDatabase } from '../test/test-app.ts';
import type { Database } from './client.ts';
import { users } from './schema/auth.ts';
import { renderPlain, selectRows } from './select-rows.ts';

/**
 * Raw statements go straight to the driver beneath Drizzle (db/select-rows.ts): the same text,
 * parameters, rows and errors as Drizzle's own `execute`, on the engine the run uses.
 */
const dialect = new PgDialect();

describe('renderPlain', () => {
  const plainValue = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.boolean(),
    fc.bigInt(),
    fc.constant(null),
    fc.date({ noInvalidDate: true }),
  );
  type Piece = { text: string } | { value: unknown } | { raw: string } | { nested: Piece[] };
  const piece: fc.Arbitrary<Piece> = fc.letrec<{ piece: Piece }>((tie) => ({
    piece: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ text: fc.string() }),
      fc.record({ value: plainValue }),
      fc.record({ raw: fc.string() }),
      fc.record({ nested: fc.array(tie('piece'), { maxLength: 4 }) }),
    ),
  })).piece;
  const build = (pieces: Piece[]): SQL => {
    const strings: string[] = [''];
    const values: unknown[] = [];
    for (const p of pieces) {
      if ('text' in p) strings[strings.length - 1] += p.text;
      else {
        values.push('value' in p ? p.value : 'raw' in p ? sql.raw(p.raw) : build(p.nested));
        strings.push('');
      }
    }
    return sql(Object.assign([...strings], { raw: strings }) as TemplateStringsArray, ...values);
  };

  test('numbers the parameters and joins the text exactly as Drizzle does', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const query = build(pieces);
        const drizzle = dialect.sqlToQuery(query);
        expect(renderPlain(query)).toEqual({ text: drizzle.sql, params: drizzle.params });
      }),
    );
  });

  test('leaves to Drizzle what is not text and plain values', () => {
    expect(renderPlain(sql`select ${users.id} from users`)).toBeUndefined();
    expect(renderPlain(sql`select 1 from ${users}`)).toBeUndefined();
    expect(renderPlain(sql`select ${sql`${[1, 2]}`}`)).toBeUndefined();
    expect(renderPlain(sql`select ${{ a: 1 }}::jsonb`)).toBeUndefined();
    expect(renderPlain(sql`select ${'x'}`.inlineParams())).toBeUndefined();
  });
});

describe('selectRows on the database', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase({ checkLedger: false }));
  });
  afterAll(() => drop());

  const typed = () =>
    sql`select ${'2026-03-04T05:06:07.891Z'}::timestamptz as at, ${'2026-03-04'}::date as day,
               '1 day'::interval as span, 12345678901234567::bigint as big, ${'1.50'}::numeric as amount,
               ${JSON.stringify({ a: [1, 'b'] })}::jsonb as doc, ${true}::boolean as yes, ${null}::text as nothing,
               array['1.5', '2']::numeric[] as amounts, ${7} as n`;

  test('answers the rows Drizzle answers, at the top level and in a transaction', async () => {
    const viaDrizzle = (await database.db.execute(typed())) as unknown as { rows: unknown[] };
    expect(await selectRows(database.db, typed())).toEqual(viaDrizzle.rows);
    await database.db.transaction(async (tx) => {
      expect(await selectRows(tx, typed())).toEqual(viaDrizzle.rows);
    });
    expect(viaDrizzle.rows[0]).toMatchObject({ at: expect.any(String), day: '2026-03-04', yes: true });
  });

  test('a query of text and plain values goes straight to the driver; anything else through Drizzle', async () => {
    const execute = vi.spyOn(database.db, 'execute');
    const sent = spyOnStatements(database.db);
    expect(await selectRows(database.db, sql`select ${'a'}::text as a`)).toEqual([{ a: 'a' }]);
    expect(execute).not.toHaveBeenCalled();
    expect(textsOf(sent)).toEqual(['select $1::text as a']);
    await selectRows(database.db, sql`select count(${users.id})::int as n from ${users}`);
    expect(execute).toHaveBeenCalledTimes(1);
    execute.mockRestore();
    sent.mockRestore();
  });

  test('a failing statement throws what Drizzle throws: the text, the parameters, the driver’s error', async () => {
    const failure = await selectRows(database.db, sql`select 1 / ${0}::int as n`).catch((error) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(failure.query).toBe('select 1 / $1::int as n');
    expect(failure.params).toEqual([0]);
    expect(failure.cause).toMatchObject({ code: '22012' });
  });

  test('a failing statement in a transaction rolls it back', async () => {
    const name = `rows-${Date.now()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await selectRows(tx, sql`create table ${sql.raw(`"${name}"`)} (n int)`);
        await selectRows(tx, sql`select 1 / ${0}::int`);
      }),
    ).rejects.toThrow();
    const [found] = await selectRows<{ found: boolean }>(
      database.db,
      sql`select to_regclass(${`"${name}"`}) is not null as found`,
    );
    expect(found?.found).toBe(false);
  });
});
