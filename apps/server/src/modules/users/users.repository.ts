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

export async function updateUserRole(tx: Db, id: string, role: UserRole, now: Date): Promise<void> {
  await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
}

/** A staff account made by the operator (command line or first-run setup): verified, since they typed the address. */
export async function makeVerifiedStaff(
  db: Db,
  { email, role, now }: { email: string; role: StaffRole; now: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, emailVerified: true, updatedAt: now })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return row?.id;
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
