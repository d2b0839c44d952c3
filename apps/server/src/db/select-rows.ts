import { DrizzleQueryError, entityKind, SQL, StringChunk } from 'drizzle-orm';

/** What runs raw SQL: a Drizzle database or transaction of either driver (`Db` is one). */
export type SqlExecutor = { execute(query: SQL): Promise<unknown> };

/**
 * The rows of a raw SQL query. Both drivers (PGlite, node-postgres) answer `{ rows }`; select
 * bigint and numeric columns as text (`::text`) so both give the same JavaScript values.
 *
 * A query made of text and plain values (what `sql` templates with strings, numbers, booleans,
 * bigints, dates and null, and `sql.raw` pieces, are) goes straight to the driver beneath the
 * Drizzle database or transaction, with the same parsers Drizzle's `execute` gives it, so the rows
 * and the errors (a `DrizzleQueryError` whose cause is the driver's) are the same. Drizzle's own
 * path renders each piece through a dozen class checks and wraps the call in three tracing spans
 * and two more promises: on the money path, where nearly every statement is such a query, that
 * was a tenth of the server's CPU (docs/decisions/041, "Raw statements straight to the driver").
 * Anything else (columns, tables, Drizzle params, inlined values) takes Drizzle's path.
 * The statement is sent before this returns, as Drizzle's `execute` does.
 */
export async function selectRows<T>(db: SqlExecutor, query: SQL): Promise<T[]> {
  const driver = driverOf(db);
  const rendered = driver && renderPlain(query);
  if (!driver || !rendered) {
    const result = (await db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
  const { text, params } = rendered;
  try {
    const result =
      driver.kind === 'PgliteSession'
        ? await driver.client.query(text, params, PGLITE_OPTIONS)
        : await driver.client.query({ text, types: driver.types }, params);
    return result.rows as T[];
  } catch (error) {
    throw new DrizzleQueryError(text, params, error as Error);
  }
}

/**
 * Types whose text Drizzle hands over as it comes (timestamps, dates, intervals, and arrays of
 * them and of numerics), as both its drivers' sessions do.
 */
const RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type TypeParsers = { getTypeParser(oid: number, format?: string): unknown };
let postgresTypes: TypeParsers | undefined;

/** node-postgres' type parsers, given once the PostgreSQL driver is loaded (db/client.ts). */
export function usePostgresTypeParsers(types: TypeParsers): void {
  postgresTypes = {
    getTypeParser: (oid, format) => (RAW_TYPES.includes(oid) ? asText : types.getTypeParser(oid, format)),
  };
}

const PGLITE_OPTIONS = {
  rowMode: 'object',
  parsers: Object.fromEntries(RAW_TYPES.map((oid) => [oid, asText])),
};

type DriverClient = { query(...args: unknown[]): Promise<{ rows: unknown[] }> };
type Driver =
  | { kind: 'PgliteSession'; client: DriverClient }
  | { kind: 'NodePgSession'; client: DriverClient; types: TypeParsers };

/** The driver beneath a Drizzle database or transaction of either kind, or undefined if it is neither. */
function driverOf(db: SqlExecutor): Driver | undefined {
  const session = (db as { session?: { client?: DriverClient } }).session;
  const client = session?.client;
  if (!client) return undefined;
  const kind = (session.constructor as { [entityKind]?: string })[entityKind];
  if (kind === 'PgliteSession') return { kind, client };
  if (kind === 'NodePgSession' && postgresTypes) return { kind, client, types: postgresTypes };
  return undefined;
}

/**
 * The text and parameters of a query made only of text, nested queries and plain values, numbered
 * as Drizzle numbers them ($1, $2, …); undefined for anything else.
 */
export function renderPlain(query: SQL): { text: string; params: unknown[] } | undefined {
  const params: unknown[] = [];
  const text = renderChunks(query, params);
  return text === undefined ? undefined : { text, params };
}

function renderChunks(query: SQL, params: unknown[]): string | undefined {
  if ((query as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return undefined;
  let text = '';
  for (const chunk of query.queryChunks as unknown[]) {
    if (chunk instanceof StringChunk) {
      text += chunk.value.join('');
    } else if (chunk instanceof SQL) {
      const nested = renderChunks(chunk, params);
      if (nested === undefined) return undefined;
      text += nested;
    } else if (chunk === undefined) {
      // Drizzle renders nothing for it.
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint' ||
      chunk instanceof Date
    ) {
      params.push(chunk);
      text += `$${params.length}`;
    } else {
      return undefined;
    }
  }
  return text;
}
