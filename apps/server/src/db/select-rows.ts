import type { SQL } from 'drizzle-orm';

/** What runs raw SQL: a Drizzle database or transaction of either driver (`Db` is one). */
export type SqlExecutor = { execute(query: SQL): Promise<unknown> };

/**
 * The rows of a raw SQL query. Both drivers (PGlite, node-postgres) answer `{ rows }`; select
 * bigint and numeric columns as text (`::text`) so both give the same JavaScript values.
 */
export async function selectRows<T>(db: SqlExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
