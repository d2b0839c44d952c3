import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/select-rows.ts';

/**
 * The plans PostgreSQL chooses (EXPLAIN in JSON, nothing executed) for the statements `run` sends
 * to the Db it is handed; each statement answers `rows`.
 */
export async function plansOf(
  db: Db,
  run: (explaining: Db) => Promise<unknown>,
  rows: Record<string, unknown>[] = [],
): Promise<string[]> {
  const plans: string[] = [];
  const explaining = {
    execute: async (query: SQL) => {
      const [row] = await selectRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
      plans.push(JSON.stringify(row));
      return { rows };
    },
  } as unknown as Db;
  await run(explaining);
  return plans;
}

/** Whether a plan (EXPLAIN's JSON) reads `table` with a sequential scan. */
export function scansWhole(plan: string, table: string): boolean {
  return new RegExp(`"Node Type":"Seq Scan"[^{}]*"Relation Name":"${table}"`).test(plan);
}
