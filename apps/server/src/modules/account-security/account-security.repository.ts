import { USER_ROLES, type UserRole } from '@candor/contracts/auth';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowCodec } from '../../db/row-codec.ts';
import {
  securityEvents,
  withdrawalFreezeTokens,
  withdrawalProtections,
} from '../../db/schema/account-security.ts';
import { users } from '../../db/schema/auth.ts';

export type ProtectionRow = typeof withdrawalProtections.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;
export type FreezeTokenRow = typeof withdrawalFreezeTokens.$inferSelect;

/** The account's protection row, optionally locked FOR UPDATE; undefined when it never had one. */
export async function findProtection(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<ProtectionRow | undefined> {
  const query = db.select().from(withdrawalProtections).where(eq(withdrawalProtections.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function upsertProtection(
  tx: Db,
  userId: string,
  values: Partial<Pick<ProtectionRow, 'waitUntil' | 'waitCause' | 'frozenAt'>> & { updatedAt: Date },
): Promise<ProtectionRow> {
  const [row] = await tx
    .insert(withdrawalProtections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: withdrawalProtections.userId, set: values })
    .returning();
  if (!row) throw new Error('the withdrawal protection was not stored');
  return row;
}

export async function insertSecurityEvent(
  tx: Db,
  values: typeof securityEvents.$inferInsert,
): Promise<SecurityEventRow> {
  const [row] = await tx.insert(securityEvents).values(values).returning();
  if (!row) throw new Error('the security event was not stored');
  return row;
}

/** The account's latest security events, newest first. */
export function selectSecurityEvents(db: Db, userId: string, limit: number): Promise<SecurityEventRow[]> {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(limit);
}

/** When the account's password was last set through a reset link the operator issued, if at or after `since`. */
export async function findOperatorResetSince(db: Db, userId: string, since: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: securityEvents.createdAt })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.kind, 'password_reset_by_operator'),
        gte(securityEvents.createdAt, since),
      ),
    )
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return row?.createdAt;
}

/** Freeze tokens stored by a statement built once (docs/decisions/041, "Statements built once"). */
const freezeTokenRows = rowCodec(withdrawalFreezeTokens);

export async function insertFreezeTokens(
  tx: Db,
  values: ReadonlyArray<typeof withdrawalFreezeTokens.$inferInsert>,
): Promise<void> {
  if (values.length === 0) return;
  await freezeTokenRows.insert(tx, values);
}

/** A freeze token by its hash, locked: of two uses at once, the second sees the first's `usedAt`. */
export async function findFreezeToken(tx: Db, tokenHash: string): Promise<FreezeTokenRow | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawalFreezeTokens)
    .where(eq(withdrawalFreezeTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markFreezeTokenUsed(tx: Db, tokenHash: string, now: Date): Promise<void> {
  await tx
    .update(withdrawalFreezeTokens)
    .set({ usedAt: now })
    .where(and(eq(withdrawalFreezeTokens.tokenHash, tokenHash)));
}

/** The account's role, as its own actor in the audit log ('client' when it is not a staff role). */
export async function findAccountRole(db: Db, userId: string): Promise<UserRole> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const role = row?.role;
  return role && (USER_ROLES as readonly string[]).includes(role) ? (role as UserRole) : 'client';
}
