import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * The rows of a raw SQL query. Both drivers (PGlite, node-postgres) answer `{ rows }`; select
 * bigint and numeric columns as text (`::text`) so both give the same JavaScript values.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
