import { and, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, signIns } from '../../db/schema/auth.ts';

export type SignInRow = typeof signIns.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Records one successful sign-in. */
export async function insertSignIn(
  db: Db,
  values: { userId: string; ipAddress: string | null; userAgent: string | null; now: Date },
): Promise<void> {
  await db.insert(signIns).values({
    userId: values.userId,
    ipAddress: values.ipAddress,
    userAgent: values.userAgent,
    createdAt: values.now,
  });
}

/** The user's latest sign-ins, newest first. */
export function selectRecentSignIns(db: Db, userId: string, limit: number): Promise<SignInRow[]> {
  return db
    .select()
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.createdAt), desc(signIns.id))
    .limit(limit);
}

function activeSessionsOf(userId: string, now: Date): SQL | undefined {
  return and(eq(sessions.userId, userId), gt(sessions.expiresAt, now));
}

/** The user's sessions that have not expired, most recently started first. */
export function selectActiveSessions(db: Db, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(activeSessionsOf(userId, now))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one of the user's sessions; answers the ended row, or undefined when it is not theirs. */
export async function deleteUserSession(
  tx: Db,
  userId: string,
  sessionId: string,
): Promise<SessionRow | undefined> {
  const [row] = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning();
  return row;
}

/** Ends every session of the user (expired ones too); answers the ended rows. */
export function deleteUserSessions(tx: Db, userId: string): Promise<SessionRow[]> {
  return tx.delete(sessions).where(eq(sessions.userId, userId)).returning();
}

/** Ends every session of the user but `keptSessionId` (expired ones too); answers the ended rows. */
export function deleteUserSessionsExcept(
  tx: Db,
  userId: string,
  keptSessionId: string,
): Promise<SessionRow[]> {
  return tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)))
    .returning();
}
