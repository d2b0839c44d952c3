import { TWO_FACTOR_CHANGES, type TwoFactorChange } from '@candor/contracts/two-factor';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
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

/** The user's latest two-factor changes, newest first, from the audit log (recordTwoFactorChange). */
export async function selectTwoFactorHistory(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ change: TwoFactorChange; at: Date }[]> {
  const rows = await db
    .select({ action: auditLog.action, at: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectUserId, userId),
        inArray(
          auditLog.action,
          TWO_FACTOR_CHANGES.map((change) => `two_factor.${change}`),
        ),
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(limit);
  return rows.map((row) => ({
    change: row.action.slice('two_factor.'.length) as TwoFactorChange,
    at: row.at,
  }));
}
