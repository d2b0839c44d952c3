import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSecrets } from '../db/schema/secrets.ts';

/** Reads a named secret, creating it once (the first server to start wins the insert). */
export async function ensureInstanceSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name));
  if (!row) throw new Error(`Secret ${name} could not be created`);
  return row.value;
}

/** A named secret as a 32-bit unsigned integer (for seeds). */
export async function ensureInstanceSeed(db: Db, name: string): Promise<number> {
  const secret = await ensureInstanceSecret(db, name);
  return Buffer.from(secret, 'base64url').readUInt32BE(0);
}
