import type { Passkey } from '@candor/contracts/passkeys';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys } from '../../db/schema/passkeys.ts';

/** The user's passkeys, newest first. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export async function findPasskey(db: Db, userId: string, passkeyId: string): Promise<Passkey | undefined> {
  const [row] = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)));
  return row && { ...row, createdAt: row.createdAt.toISOString() };
}

/** Deletes one of the user's passkeys; false when the user has no passkey with that id. */
export async function deletePasskey(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const deleted = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return deleted.length > 0;
}
