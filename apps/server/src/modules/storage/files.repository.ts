import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';

/** A stored upload's record: its bytes live in the storage backend under `storageKey`. */
export type StoredFile = typeof files.$inferSelect;

export async function insertFile(db: Db, values: typeof files.$inferInsert): Promise<StoredFile> {
  const [file] = await db.insert(files).values(values).returning();
  if (!file) throw new Error('the file row was not inserted');
  return file;
}

export async function findFileById(db: Db, id: string): Promise<StoredFile | undefined> {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/** Forgets a file; answers the record it deleted, if there was one. */
export async function deleteFileById(db: Db, id: string): Promise<StoredFile | undefined> {
  const [file] = await db.delete(files).where(eq(files.id, id)).returning();
  return file;
}
