import type { UserRole } from '@candor/contracts/auth';
import type { StaffRole } from '@candor/contracts/staff';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern, prefixPattern } from '../../db/like-pattern.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { users } from '../../db/schema/auth.ts';
import { selectRows } from '../../db/select-rows.ts';

/** A stored account (better-auth's users table, with Candor's role and status). */
export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Whether any staff account exists (the first start offers to create the owner). */
export async function hasStaff(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(ne(users.role, 'client')).limit(1);
  return row !== undefined;
}

/** By e-mail address, as stored (lower case). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** By username, as stored (lower case). */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

/**
 * Locks the user's row FOR NO KEY UPDATE: two staff changes to one account take turns, while the
 * customer's own requests (which only reference the row) are not blocked.
 */
export async function lockUser(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

/**
 * Locks the user's row FOR SHARE: a customer's own request that must not slip past a staff change
 * of the account's status (a close) waits for it, and sees the status it committed.
 */
export async function lockUserForShare(tx: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('share');
  return row;
}

/** `lockUserForShare` of many accounts in one query, in id order. */
export async function lockUsersForShare(tx: Db, ids: readonly string[]): Promise<Map<string, UserRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<Record<string, unknown>>(
    tx,
    sql`select ${USER_COLUMNS} from users u
         where ${among(sql`u.id`, [...new Set(ids)])}
         order by u.id for share`,
  );
  return new Map(rows.map((raw) => userRows.read(raw)).map((row) => [row.id, row]));
}

/**
 * The accounts' roles as stored now. A money path that locked the accounts' ledger accounts first
 * sends it after that lock (a statement of its own: in READ COMMITTED it sees every role written
 * before the lock was granted, the Staff tab's change of a customer taking the same lock, decision
 * 055), so the role it checks is the one in force, not the session's (decision 062).
 */
export async function selectUserRoles(tx: Db, ids: readonly string[]): Promise<Map<string, UserRole>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<{ id: string; role: UserRole }>(
    tx,
    sql`select id, role from users where ${among(sql`id`, [...new Set(ids)])}`,
  );
  return new Map(rows.map((row) => [row.id, row.role]));
}

/** Accounts read by statements built once (docs/decisions/041, "Statements built once"). */
export const userRows = rowCodec(users);
const USER_COLUMNS = sql.raw(userRows.columns('u'));

/** The names of accounts by id (staff who decided, reviewers, …). */
export async function selectUserNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectRows<{ id: string; name: string }>(
    db,
    sql`select id, name from users where ${among(sql`id`, unique)}`,
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The transaction-scoped advisory lock that guards who holds a staff role (the migration lock is
 * 726372, the price producer's 726373). Every write of a role takes it exclusively ('change'); a
 * four-eyes request that counts who else could decide it takes it shared ('count') and counts in a
 * statement of its own afterwards, so the count sees every role change committed before it, and no
 * role changes until it commits (docs/decisions/053, "Four-eyes means two people"). Requests do not
 * wait on each other; a role change waits for the requests counting, and they for it.
 */
export const STAFF_ROLES_LOCK_KEY = 726374;

export async function lockStaffRoles(tx: Db, mode: 'change' | 'count'): Promise<void> {
  await selectRows(
    tx,
    mode === 'change'
      ? sql`select pg_advisory_xact_lock(${sql.raw(String(STAFF_ROLES_LOCK_KEY))})`
      : sql`select pg_advisory_xact_lock_shared(${sql.raw(String(STAFF_ROLES_LOCK_KEY))})`,
  );
}

/**
 * How many staff members other than `exceptId` can act in one of `roles` now: an active account
 * holding the role, with two-factor on (without it no staff page opens, plugins/access.ts: a member
 * added on the Staff tab who has not yet signed in and turned it on cannot decide anything). Call it
 * after `lockStaffRoles(tx, 'count')`, never in the same statement: in READ COMMITTED a statement
 * reads what committed before it started.
 */
export async function countOtherStaffWhoCanAct(
  tx: Db,
  { roles, exceptId }: { roles: readonly StaffRole[]; exceptId: string },
): Promise<number> {
  const [row] = await selectRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from users
         where ${among(sql`role`, [...roles])} and status = 'active' and two_factor_enabled
           and id <> ${exceptId}`,
  );
  return row?.n ?? 0;
}

/** Changes an account's role, under the staff roles' lock (`lockStaffRoles`). */
export async function updateUserRole(tx: Db, id: string, role: UserRole, now: Date): Promise<void> {
  await lockStaffRoles(tx, 'change');
  await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
}

/**
 * A staff account made by the operator (command line or first-run setup) or the owner (Staff tab):
 * verified, since they typed the address; under the staff roles' lock (`lockStaffRoles`).
 */
export async function makeVerifiedStaff(
  db: Db,
  {
    email,
    role,
    now,
    passwordChosenByOther = false,
  }: {
    email: string;
    role: StaffRole;
    now: Date;
    /** The owner typed the password (Staff tab): it must be replaced before it signs in. */
    passwordChosenByOther?: boolean;
  },
): Promise<string | undefined> {
  await lockStaffRoles(db, 'change');
  const [row] = await db
    .update(users)
    .set({ role, emailVerified: true, mustChoosePassword: passwordChosenByOther, updatedAt: now })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return row?.id;
}

/** Clears the mark of a password chosen by someone else; answers the account when it had the mark. */
export async function clearPasswordChosenByOther(
  tx: Db,
  id: string,
  now: Date,
): Promise<{ role: string } | undefined> {
  const [row] = await tx
    .update(users)
    .set({ mustChoosePassword: false, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.mustChoosePassword, true)))
    .returning({ role: users.role });
  return row;
}

export async function updateProfilePicture(tx: Db, id: string, fileId: string, now: Date): Promise<void> {
  await tx.update(users).set({ profileImageFileId: fileId, updatedAt: now }).where(eq(users.id, id));
}

/** Marks the address verified, if it is still the account's address. */
export async function markEmailVerified(
  db: Db,
  { userId, email, now }: { userId: string; email: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({ emailVerified: true, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.email, email)));
}

/**
 * A filter for records whose customer's e-mail contains `search` (case-insensitive, taken
 * literally), through the records' user id column; no filter without a search.
 */
export function customerEmailContains(userId: AnyPgColumn, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return sql`${userId} in (select ${users.id} from ${users} where ${users.email} ilike ${containsPattern(search)})`;
}

/**
 * A filter for records whose customer's e-mail starts with `search` (case-insensitive, taken
 * literally), through the users' e-mail prefix index and the records' user id column; no filter
 * without a search. For lists too large to test every customer's e-mail (the All trades tab).
 */
export function customerEmailStartsWith(userId: AnyPgColumn, search: string | undefined): SQL | undefined {
  const prefix = search?.trim().toLowerCase();
  if (!prefix) return undefined;
  return sql`${userId} in (select ${users.id} from ${users} where ${users.email} like ${prefixPattern(prefix)})`;
}
