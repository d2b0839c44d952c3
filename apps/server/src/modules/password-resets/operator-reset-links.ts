import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { operatorResetLinks } from '../../db/schema/account-security.ts';

/**
 * Reset links the site's operator issued (docs/decisions/019, "An operator's reset link is on
 * the customer's record"). Only the SHA-256 of a link's token is kept here.
 */

export type OperatorResetLink = { tokenHash: string; userId: string };

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function insertOperatorResetLink(
  tx: Db,
  input: { token: string; userId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx.insert(operatorResetLinks).values({
    tokenHash: hashResetToken(input.token),
    userId: input.userId,
    createdAt: input.createdAt,
    expiresAt: input.expiresAt,
  });
}

/** The operator's mark of this reset token, while no password was set through it; else undefined. */
export async function findOperatorResetLink(db: Db, token: string): Promise<OperatorResetLink | undefined> {
  const [row] = await db
    .select({ tokenHash: operatorResetLinks.tokenHash, userId: operatorResetLinks.userId })
    .from(operatorResetLinks)
    .where(and(eq(operatorResetLinks.tokenHash, hashResetToken(token)), isNull(operatorResetLinks.usedAt)));
  return row;
}

export async function markOperatorResetLinkUsed(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(operatorResetLinks).set({ usedAt: now }).where(eq(operatorResetLinks.tokenHash, tokenHash));
}

/**
 * better-auth calls `onPasswordReset` with the account only, not the token that was used. The
 * reset route looked the token up before handing it to better-auth: it runs the reset inside
 * `whileResettingWith`, and the hook reads which operator link (if any) it is with
 * `operatorResetLinkInUse`. Nothing is guessed: no link, the customer's own reset.
 */
const linkInUse = new AsyncLocalStorage<OperatorResetLink>();

export function whileResettingWith<T>(
  link: OperatorResetLink | undefined,
  reset: () => Promise<T>,
): Promise<T> {
  return link ? linkInUse.run(link, reset) : reset();
}

export function operatorResetLinkInUse(): OperatorResetLink | undefined {
  return linkInUse.getStore();
}
