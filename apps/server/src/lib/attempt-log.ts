import { and, count, eq, gt, lt, max, min } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authFailures } from '../db/schema/auth-failures.ts';
import type { Clock } from './clock.ts';

/** Attempts older than this are deleted: longer than any window counted here. */
const RETENTION_MS = 24 * 60 * 60 * 1000;

/**
 * Attempts (failed sign-ins, reset requests) counted per key in the database, so every server of
 * a deployment sees the same counts.
 */
export type AttemptLog = {
  countSince(key: string, windowMs: number): Promise<number>;
  /** How many attempts of the key are in the window, and the times of its oldest and newest. */
  summarySince(key: string, windowMs: number): Promise<AttemptSummary>;
  record(keys: readonly string[]): Promise<void>;
  clear(key: string): Promise<void>;
};

export type AttemptSummary = { count: number; oldest: Date | undefined; newest: Date | undefined };

export function createAttemptLog(db: Db, now: Clock): AttemptLog {
  return {
    countSince: async (key, windowMs) => {
      const since = new Date(now().getTime() - windowMs);
      const [row] = await db
        .select({ n: count() })
        .from(authFailures)
        .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)));
      return row?.n ?? 0;
    },
    summarySince: async (key, windowMs) => {
      const since = new Date(now().getTime() - windowMs);
      const [row] = await db
        .select({ n: count(), oldest: min(authFailures.createdAt), newest: max(authFailures.createdAt) })
        .from(authFailures)
        .where(and(eq(authFailures.key, key), gt(authFailures.createdAt, since)));
      return { count: row?.n ?? 0, oldest: row?.oldest ?? undefined, newest: row?.newest ?? undefined };
    },
    record: async (keys) => {
      const at = now();
      await db.insert(authFailures).values(keys.map((key) => ({ key, createdAt: at })));
      await db.delete(authFailures).where(lt(authFailures.createdAt, new Date(at.getTime() - RETENTION_MS)));
    },
    clear: async (key) => {
      await db.delete(authFailures).where(eq(authFailures.key, key));
    },
  };
}
