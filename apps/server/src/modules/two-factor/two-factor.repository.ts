import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { twoFactors, users } from '../../db/schema/auth.ts';

/** The user's confirmed TOTP secret (still encrypted), or undefined when two-factor is off or unconfirmed. */
export async function findConfirmedSecret(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .innerJoin(users, eq(users.id, twoFactors.userId))
    .where(
      and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), eq(users.twoFactorEnabled, true)),
    );
  return row?.secret;
}

/** Whether the user's two-factor sign-in is on. */
export async function isTwoFactorEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: users.twoFactorEnabled }).from(users).where(eq(users.id, userId));
  return row?.enabled === true;
}
