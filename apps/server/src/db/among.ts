import { is, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

/**
 * `target` is one of `values` (text or uuid), with the values in one JSON parameter: the
 * statement's text is the same however many values there are, so it is prepared once and Drizzle
 * builds one parameter instead of one per value (`inArray` builds a list that changes with its
 * length, docs/decisions/041). PostgreSQL expects an array of 10 and looks them up through an index
 * on `target`. No values matches nothing. A column gives its own type; an expression is text unless
 * `type` says uuid (`among(sql\`d.id\`, ids, 'uuid')` in a statement written out).
 */
export function among(target: PgColumn | SQL, values: readonly string[], type?: 'text' | 'uuid'): SQL {
  const kind = type ?? (is(target, PgColumn) ? target.getSQLType() : 'text');
  if (kind !== 'text' && kind !== 'uuid') throw new Error(`among: values of type ${kind} are not supported`);
  const list = JSON.stringify(values);
  return kind === 'uuid'
    ? sql`${target} = any(array(select jsonb_array_elements_text(${list}::jsonb)::uuid))`
    : sql`${target} = any(array(select jsonb_array_elements_text(${list}::jsonb)))`;
}
