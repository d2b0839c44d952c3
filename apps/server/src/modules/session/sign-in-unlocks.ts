import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInUnlocks } from '../../db/schema/sign-in-trust.ts';
import { hashToken } from './known-browsers.ts';

/** How long an e-mailed unlock link works. */
export const UNLOCK_VALIDITY_MS = 60 * 60 * 1000;

/** True when the token is an unused, unexpired unlock link of the account. */
export async function isLiveUnlock(db: Db, userId: string, token: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: signInUnlocks.id })
    .from(signInUnlocks)
    .where(liveUnlock(userId, now, hashToken(token)));
  return row !== undefined;
}

/** Uses the link up: answers false when it was used (or expired) in the meantime. */
export async function consumeUnlock(db: Db, userId: string, token: string, now: Date): Promise<boolean> {
  const used = await db
    .update(signInUnlocks)
    .set({ usedAt: now })
    .where(liveUnlock(userId, now, hashToken(token)))
    .returning({ id: signInUnlocks.id });
  return used.length > 0;
}

/**
 * A new unlock link for the account, unless one still works (then undefined: the owner has it
 * in their mail already, and a stranger's failures cannot flood their inbox).
 */
export async function createUnlockUnlessLive(db: Db, userId: string, now: Date): Promise<string | undefined> {
  const [live] = await db.select({ id: signInUnlocks.id }).from(signInUnlocks).where(liveUnlock(userId, now));
  if (live) return undefined;
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInUnlocks).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + UNLOCK_VALIDITY_MS),
  });
  return token;
}

function liveUnlock(userId: string, now: Date, tokenHash?: string) {
  return and(
    eq(signInUnlocks.userId, userId),
    isNull(signInUnlocks.usedAt),
    gt(signInUnlocks.expiresAt, now),
    tokenHash === undefined ? undefined : eq(signInUnlocks.tokenHash, tokenHash),
  );
}
