import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSecrets } from '../db/schema/secrets.ts';

/**
 * Reads a named secret, creating it once (the first server to start wins the insert). Once it
 * exists, one read: every start asks for a few (docs/decisions/038).
 */
export async function ensureInstanceSecret(db: Db, name: string): Promise<string> {
  const read = async () =>
    (await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name)))[0]?.value;
  const existing = await read();
  if (existing !== undefined) return existing;
  await db
    .insert(instanceSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const created = await read();
  if (created === undefined) throw new Error(`Secret ${name} could not be created`);
  return created;
}

/** A named secret as a 32-bit unsigned integer (for seeds). */
export async function ensureInstanceSeed(db: Db, name: string): Promise<number> {
  const secret = await ensureInstanceSecret(db, name);
  return Buffer.from(secret, 'base64url').readUInt32BE(0);
}
