import { getTableColumns, getTableName, is, SQL, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { type SqlExecutor, selectRows } from './select-rows.ts';

/** The SQL types whose values are read as text, so that both drivers answer the same value. */
const READ_AS_TEXT = /^(bigint|bigserial|numeric|timestamp|date|uuid)/;

type Field = { key: string; column: PgColumn; name: string; type: string; fill?: string; literal?: unknown };

/**
 * A table's rows in statements whose text never changes (docs/decisions/041, "Statements built
 * once"). Drizzle builds a statement's text again on every call, column by column and row by row
 * (a batch's insert of eight trades: ~0.6 ms of the server's CPU); a codec builds it once, from the
 * table's own Drizzle definition, so it cannot drift from the schema:
 *
 * - `columns(alias)` is the select list of every column (bigint, numeric, timestamps and uuids as
 *   text), and `read(raw)` turns such a row into the row Drizzle's own select answers (each column's
 *   own `mapFromDriverValue`);
 * - `insert(db, rows)` stores rows through one JSON parameter (`jsonb_to_recordset`), each value
 *   encoded as Drizzle encodes it, a missing value given its column's default, and answers the
 *   stored rows as `read` gives them (in no particular order).
 *
 * A constant text is also what lets the statement cache prepare it once per connection.
 */
export type RowCodec<Table extends PgTable> = {
  columns(alias: string, prefix?: string): string;
  read(raw: Record<string, unknown>, prefix?: string): Table['$inferSelect'];
  insert(db: SqlExecutor, rows: ReadonlyArray<Table['$inferInsert']>): Promise<Table['$inferSelect'][]>;
};

export function rowCodec<Table extends PgTable>(table: Table): RowCodec<Table> {
  const tableName = getTableName(table);
  const dialect = new PgDialect();
  const fields: Field[] = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const field: Field = { key, column, name: column.name, type: column.getSQLType() };
    if (column.defaultFn || column.onUpdateFn) {
      throw new Error(`${tableName}.${column.name}: a default made in JavaScript is not supported`);
    }
    if (column.hasDefault && column.default === undefined) {
      throw new Error(`${tableName}.${column.name}: a serial or identity column is not supported`);
    }
    if (column.hasDefault && is(column.default, SQL)) {
      // A database default (now(), gen_random_uuid()) fills a missing value; only on columns that
      // cannot be null, where coalesce cannot turn a null given on purpose into the default.
      if (!column.notNull) throw new Error(`${tableName}.${column.name}: a nullable column with a default`);
      const rendered = dialect.sqlToQuery(column.default);
      if (rendered.params.length > 0)
        throw new Error(`${tableName}.${column.name}: a default with parameters`);
      field.fill = rendered.sql;
    } else if (column.hasDefault) {
      field.literal = column.default;
    }
    return field;
  });
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

  const columns = (alias: string, prefix = '') =>
    fields
      .map(
        (f) =>
          `${alias}.${quoted(f.name)}${READ_AS_TEXT.test(f.type) ? '::text' : ''} as ${quoted(prefix + f.name)}`,
      )
      .join(', ');

  const read = (raw: Record<string, unknown>, prefix = '') => {
    const row: Record<string, unknown> = {};
    for (const f of fields) {
      const value = raw[prefix + f.name];
      if (value === undefined) throw new Error(`${tableName}.${f.name} was not read`);
      row[f.key] = value === null ? null : f.column.mapFromDriverValue(value);
    }
    return row as Table['$inferSelect'];
  };

  const encode = (value: unknown, f: Field): unknown => {
    if (value === undefined) return f.literal === undefined ? null : encode(f.literal, f);
    if (value === null) return null;
    if (typeof value === 'bigint') return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (f.type === 'json' || f.type === 'jsonb') return value;
    return f.column.mapToDriverValue(value);
  };

  const insertText = {
    head: sql.raw(`insert into ${quoted(tableName)} (${fields.map((f) => quoted(f.name)).join(', ')})
      select ${fields.map((f) => (f.fill ? `coalesce(r.${quoted(f.name)}, ${f.fill})` : `r.${quoted(f.name)}`)).join(', ')}
        from jsonb_to_recordset(`),
    tail: sql.raw(`::jsonb) as r(${fields.map((f) => `${quoted(f.name)} ${f.type}`).join(', ')})
      returning ${columns(quoted(tableName))}`),
  };

  const insert = async (db: SqlExecutor, rows: ReadonlyArray<Table['$inferInsert']>) => {
    if (rows.length === 0) return [];
    const json = JSON.stringify(
      rows.map((row) => {
        const record: Record<string, unknown> = {};
        const values = row as Record<string, unknown>;
        for (const f of fields) record[f.name] = encode(values[f.key], f);
        return record;
      }),
    );
    const raw = await selectRows<Record<string, unknown>>(
      db,
      sql`${insertText.head}${json}${insertText.tail}`,
    );
    return raw.map((r) => read(r));
  };

  return { columns, read, insert };
}
