import { STAFF_ROLES, type StaffRole } from '@candor/contracts/staff';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';

export type StaffMemberRow = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  role: StaffRole;
  createdAt: Date;
  twoFactorEnabled: boolean;
  /** When the last staff assignment of this account was recorded (null before the audit log). */
  assignedAt: Date | null;
};

/** Every account with a staff role, owners first then by name; with when their role was last assigned. */
export async function selectStaffMembers(db: Db): Promise<StaffMemberRow[]> {
  // Column names written out in full: drizzle leaves them unqualified in a one-table select.
  const assignedAt = sql<Date | null>`(
    select max(a.created_at) from audit_log a
     where a.subject_user_id = "users"."id" and a.action like 'staff.%'
  )`.mapWith(auditLog.createdAt);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.displayUsername,
      role: users.role,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      assignedAt,
    })
    .from(users)
    .where(inArray(users.role, [...STAFF_ROLES]))
    .orderBy(sql`${users.role} <> 'owner'`, asc(users.name), asc(users.email));
  return rows.map((row) => ({ ...row, role: row.role as StaffRole }));
}

/**
 * Locks every owner's row (FOR UPDATE) and answers their ids: two role changes that could leave
 * the platform without an owner take turns, and the second sees the first's result.
 */
export async function lockOwners(tx: Db): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).for('update');
  return rows.map((row) => row.id);
}

/** Whether the account is (still) an owner, read inside the caller's transaction. */
export async function isOwner(tx: Db, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'owner')));
  return row !== undefined;
}
