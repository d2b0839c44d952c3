import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verifications } from '../../db/schema/auth.ts';

/** How long a reset link works: better-auth's own default (resetPasswordTokenExpiresIn). */
export const RESET_LINK_TTL_MS = 60 * 60_000;

/** The page a reset link opens, carrying its token. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/new?token=${encodeURIComponent(token)}`;
}

/**
 * A one-time reset link of the kind better-auth e-mails: its verification row (identifier
 * `reset-password:<token>`, the user's id as value, one hour), which better-auth's reset consumes.
 */
export async function createPasswordResetLink(
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
