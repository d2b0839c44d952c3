import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/auth.ts';
import { insertOperatorResetLink } from './operator-reset-links.ts';

/** How long a reset link works: better-auth's own default (resetPasswordTokenExpiresIn). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/** The page a reset link opens, carrying its token. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/new?token=${encodeURIComponent(token)}`;
}

/**
 * A one-time reset link the site's operator issues (`npm run admin -- reset-link`): the
 * verification row better-auth's reset consumes (identifier `reset-password:<token>`, the user's
 * id as value, one hour), and beside it the mark that the operator issued it
 * (operator-reset-links.ts), so a password set through it is told apart from the customer's own.
 */
export async function createOperatorResetLink(
  tx: Db,
  { userId, publicUrl, now }: { userId: string; publicUrl: string; now: Date },
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS);
  await tx.insert(verifications).values({
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
    createdAt: now,
    updatedAt: now,
  });
  await insertOperatorResetLink(tx, { token, userId, createdAt: now, expiresAt });
  return { url: resetPasswordUrl(publicUrl, token), expiresAt };
}

/** Whose account a reset link is for (its verification row's value), while the row exists. */
export async function findResetLinkUserId(db: Db, token: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, `reset-password:${token}`));
  return row?.userId;
}
