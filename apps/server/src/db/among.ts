import { is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `target` is one of `values` (text or uuid), with the values in one JSON parameter: the
 * statement's text is the same however many values there are, so it is prepared once and Drizzle
 * builds one parameter instead of one per value (`inArray` builds a list that changes with its
 * length, docs/decisions/041). PostgreSQL expects an array of 10 and looks them up through an index
 * on `target`. No values matches nothing. A prepared statement passes a placeholder, given the values
 * as a JSON array when it runs.
 */
export function among(target: PgColumn | SQL, values: readonly string[] | Placeholder): SQL {
  const type = is(target, PgColumn) ? target.getSQLType() : 'text';
  if (type !== 'text' && type !== 'uuid') throw new Error(`among: values of type ${type} are not supported`);
  const list = is(values, Placeholder) ? values : JSON.stringify(values);
  return type === 'uuid'
    ? sql`${target} = any(array(select jsonb_array_elements_text(${list}::jsonb)::uuid))`
    : sql`${target} = any(array(select jsonb_array_elements_text(${list}::jsonb)))`;
}
