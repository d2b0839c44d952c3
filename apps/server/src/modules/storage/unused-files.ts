import { and, eq, inArray, lt, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { strategyProviders } from '../../db/schema/copy-trading.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { identitySubmissions } from '../../db/schema/verifications.ts';
import type { StorageBackend } from './storage-backend.ts';

/** Files removed per transaction. */
export const UNUSED_FILES_BATCH = 200;

export type UnusedFilesSummary = {
  /** Unused uploads whose record went (their bytes too, unless `bytesNotDeleted`). */
  filesRemoved: number;
  /** Of those, objects the storage backend could not delete (logged by file id). */
  bytesNotDeleted: number;
};

/**
 * Every column that holds a file id ("table.column"), each checked by `isUnused` below. A test
 * compares this list with the database's columns named `*file_id`, so a new one cannot be forgotten
 * (housekeeping would otherwise remove the files it names).
 */
export const FILE_ID_COLUMNS = [
  'deposits.proof_file_id',
  'identity_submissions.front_file_id',
  'identity_submissions.back_file_id',
  'strategy_providers.image_file_id',
  'users.profile_image_file_id',
  'site_settings.favicon_file_id',
] as const;

/**
 * True when no record uses the file: every column that holds a file id (FILE_ID_COLUMNS). A file an identity
 * submission still names (any status) is the verification retention job's to erase, never ours.
 */
function isUnused(tx: Db): SQL {
  const fileIdText = sql`${files.id}::text`;
  const conditions = [
    notExists(tx.select({ one: sql`1` }).from(deposits).where(eq(deposits.proofFileId, files.id))),
    notExists(
      tx
        .select({ one: sql`1` })
        .from(identitySubmissions)
        .where(
          or(eq(identitySubmissions.frontFileId, files.id), eq(identitySubmissions.backFileId, files.id)),
        ),
    ),
    notExists(
      tx.select({ one: sql`1` }).from(strategyProviders).where(eq(strategyProviders.imageFileId, files.id)),
    ),
    notExists(tx.select({ one: sql`1` }).from(users).where(sql`${users.profileImageFileId} = ${fileIdText}`)),
    notExists(
      tx.select({ one: sql`1` }).from(siteSettings).where(sql`${siteSettings.faviconFileId} = ${fileIdText}`),
    ),
  ];
  return and(...conditions) as SQL;
}

/**
 * Removes uploads created before `before` that no record uses: an upload whose form was never
 * submitted (a deposit proof, an identity document, a trader picture). Per batch, one transaction
 * locks the candidates (SKIP LOCKED: a request saving a reference to one holds it, and is never
 * made to wait), then deletes those still unused, checked again after the lock so a reference
 * committed meanwhile keeps its file. The bytes are deleted once the transaction has committed.
 */
export async function removeUnusedFiles(deps: {
  db: Db;
  storage: StorageBackend;
  before: Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  batchSize?: number;
}): Promise<UnusedFilesSummary> {
  const { db, storage, before, log } = deps;
  const batchSize = deps.batchSize ?? UNUSED_FILES_BATCH;
  const summary: UnusedFilesSummary = { filesRemoved: 0, bytesNotDeleted: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(lt(files.createdAt, before), isUnused(tx)))
        .orderBy(files.createdAt)
        .limit(batchSize)
        .for('update', { of: files, skipLocked: true });
      if (locked.length === 0) return { locked: 0, removed: [] };
      const ids = locked.map((row) => row.id);
      const removed = await tx
        .delete(files)
        .where(and(inArray(files.id, ids), isUnused(tx)))
        .returning({ id: files.id, storageKey: files.storageKey });
      return { locked: locked.length, removed };
    });
    for (const file of batch.removed) {
      summary.filesRemoved++;
      try {
        await storage.delete(file.storageKey);
      } catch (error) {
        summary.bytesNotDeleted++;
        log.warn({ err: error, fileId: file.id }, 'the bytes of an unused upload could not be deleted');
      }
    }
    if (batch.locked < batchSize) return summary;
  }
}
