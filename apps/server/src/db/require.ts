import { type SQL, sql } from 'drizzle-orm';

/** The SQLSTATE `candor_require` raises (migration 0016). */
export const REQUIREMENT_FAILED = 'CR001';

/**
 * A condition a statement checks in the database (migration 0016): true, or the statement fails
 * with `failure` and so does its transaction. A statement sent with the COMMIT behind it
 * (lib/transactions.ts) checks what it must this way: a check made on its answer in the server
 * would come after the commit.
 */
export function required(condition: SQL, failure: string): SQL {
  return sql`candor_require(${condition}, ${failure}::text)`;
}

/** The `failure` of a `required` condition that did not hold, read from a statement's error; else undefined. */
export function failedRequirement(error: unknown): string | undefined {
  for (let at: unknown = error; at instanceof Error; at = at.cause) {
    if ((at as { code?: unknown }).code === REQUIREMENT_FAILED) return at.message;
  }
  return undefined;
}
