import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instanceSecrets } from '../../db/schema/secrets.ts';

/** The first-run setup token lives beside the instance's secrets, as its SHA-256 only. */
const SETUP_TOKEN = 'setup-token';

/** Stores the hash of a new setup token, replacing any earlier one (only the newest link works). */
export async function storeSetupTokenHash(db: Db, hash: string): Promise<void> {
  await db
    .insert(instanceSecrets)
    .values({ name: SETUP_TOKEN, value: hash })
    .onConflictDoUpdate({ target: instanceSecrets.name, set: { value: hash, createdAt: new Date() } });
}

/** Puts a consumed token back (its setup failed before the owner existed), unless a newer one was issued. */
export async function restoreSetupTokenHash(db: Db, hash: string): Promise<void> {
  await db.insert(instanceSecrets).values({ name: SETUP_TOKEN, value: hash }).onConflictDoNothing();
}

export async function findSetupTokenHash(db: Db): Promise<string | undefined> {
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, SETUP_TOKEN));
  return row?.value;
}

/** Deletes the token if its hash is `hash`: true for exactly one caller, however many race. */
export async function consumeSetupTokenHash(db: Db, hash: string): Promise<boolean> {
  const rows = await db
    .delete(instanceSecrets)
    .where(and(eq(instanceSecrets.name, SETUP_TOKEN), eq(instanceSecrets.value, hash)))
    .returning({ name: instanceSecrets.name });
  return rows.length > 0;
}

export async function deleteSetupToken(db: Db): Promise<void> {
  await db.delete(instanceSecrets).where(eq(instanceSecrets.name, SETUP_TOKEN));
}
