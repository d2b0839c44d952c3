import { type SQL, sql } from 'drizzle-orm';

/** One column of `rowsOf`: text values, or `{ jsonb }` values kept as JSON. */
export type RowsColumn = readonly string[] | { jsonb: readonly unknown[] };

const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Rows given column by column, for a statement to join, update or delete from:
 * `unnest(…) as alias(name, …)`, each column one JSON parameter. The text is the same however many
 * rows there are, so it is prepared once (docs/decisions/041), and PostgreSQL expects 10 rows of an
 * unnest, so it looks each row up through an index (a JSON recordset, which it expects to hold 100,
 * made it read a whole table once that held a few thousand rows). Every column has as many values.
 */
export function rowsOf(alias: string, columns: Record<string, RowsColumn>): SQL {
  const names = Object.keys(columns);
  if (names.length === 0 || ![alias, ...names].every((name) => NAME.test(name))) {
    throw new Error(`rowsOf: ${alias}(${names.join(', ')}) is not a plain alias with plain column names`);
  }
  const lengths = new Set(
    Object.values(columns).map((column) => ('jsonb' in column ? column.jsonb : column).length),
  );
  if (lengths.size !== 1) throw new Error('rowsOf: the columns hold different numbers of values');
  const arrays = Object.values(columns).map((column) =>
    'jsonb' in column
      ? sql`array(select jsonb_array_elements(${JSON.stringify(column.jsonb)}::jsonb))`
      : sql`array(select jsonb_array_elements_text(${JSON.stringify(column)}::jsonb))`,
  );
  return sql`unnest(${sql.join(arrays, sql`, `)}) as ${sql.raw(`${alias}(${names.join(', ')})`)}`;
}
