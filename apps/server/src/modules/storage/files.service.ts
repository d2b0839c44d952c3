import type { Readable } from 'node:stream';
import type { FilePurpose, FileVisibility } from '@candor/contracts/files';
import { hasPermission } from '@candor/contracts/staff';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { deleteFileById, findFileById, insertFile, type StoredFile } from './files.repository.ts';
import type { StorageBackend } from './storage-backend.ts';
import { createStorageKey } from './storage-key.ts';
import { prepareUpload } from './upload-content.ts';

/** Pictures shown to visitors are public; ID cards and proofs of payment only to their owner and admins. */
export const VISIBILITY = {
  favicon: 'public',
  profile_picture: 'public',
  trader_picture: 'public',
  proof_of_payment: 'private',
  id_card: 'private',
} as const satisfies Record<FilePurpose, FileVisibility>;

export type UploadInput = { purpose: FilePurpose; ownerUserId: string | null; data: Buffer };

/**
 * Checks an upload by content, re-encodes images, stores the bytes under a random key and records
 * the file. Call it before (outside) the transaction that links the file to a record: decoding and
 * storing take time, and the embedded database serialises transactions.
 */
export async function saveUpload(db: Db, storage: StorageBackend, input: UploadInput): Promise<StoredFile> {
  const prepared = await prepareUpload(input.data, input.purpose);
  const storageKey = createStorageKey(input.purpose, prepared.extension);
  await storage.put(storageKey, prepared.body, prepared.contentType);
  try {
    return await insertFile(db, {
      storageKey,
      purpose: input.purpose,
      visibility: VISIBILITY[input.purpose],
      ownerUserId: input.ownerUserId,
      contentType: prepared.contentType,
      sizeBytes: prepared.body.length,
    });
  } catch (error) {
    await storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

export type FileDownload = { file: StoredFile; body: Readable };

/** Who asks for a file: the signed-in actor (null for a visitor) and whether their two-factor sign-in is on. */
export type FileReader = { actor: Actor | null; twoFactorEnabled: boolean };

/**
 * Opens a file for whoever asks. A private file is opened only for its owner or an administrator;
 * anyone else gets the same NOT_FOUND as for a file that does not exist, so ids reveal nothing.
 */
export async function openFile(
  db: Db,
  storage: StorageBackend,
  fileId: string,
  reader: FileReader,
): Promise<FileDownload> {
  const notFound = new AppError('NOT_FOUND', 'File not found');
  if (!isUuid(fileId)) throw notFound;
  const file = await findFileById(db, fileId);
  if (!file || !mayRead(file, reader)) throw notFound;
  const body = await storage.get(file.storageKey);
  if (!body) throw notFound;
  return { file, body };
}

function mayRead(file: StoredFile, { actor, twoFactorEnabled }: FileReader): boolean {
  if (file.visibility === 'public') return true;
  if (!actor) return false;
  // ID images: only their owner here. Staff fetch them through short-lived signed links, each fetch
  // audited (modules/verifications).
  if (file.purpose === 'id_card') return file.ownerUserId !== null && file.ownerUserId === actor.id;
  // Staff who read customers see their private files (proofs of payment), with two-factor on as on
  // every staff route (a stolen staff password alone opens nothing); the owner sees their own.
  return (
    (hasPermission(actor.role, 'customers.read') && twoFactorEnabled) ||
    (file.ownerUserId !== null && file.ownerUserId === actor.id)
  );
}

/** Forgets a file and removes its bytes. */
export async function deleteFile(db: Db, storage: StorageBackend, fileId: string): Promise<void> {
  const file = await deleteFileById(db, fileId);
  if (file) await storage.delete(file.storageKey);
}

export type WarnLogger = { warn(details: object, message: string): void };

/** Deletes a file that a newer upload replaced; a failure is logged, never shown to the uploader. */
export async function discardReplacedFile(
  db: Db,
  storage: StorageBackend,
  fileId: string,
  log: WarnLogger,
): Promise<void> {
  try {
    await deleteFile(db, storage, fileId);
  } catch (error) {
    log.warn({ err: error, fileId }, 'a replaced file could not be deleted');
  }
}

/** An upload that takes the place of another file on a record (a favicon, a profile picture). */
export type Replacement = {
  db: Db;
  storage: StorageBackend;
  log: WarnLogger;
  upload: UploadInput;
};

/**
 * Stores an upload, then points a record at it in one transaction: `link` answers the id of the
 * file it replaces (or null) and its own result. The upload is checked and stored first (decoding
 * takes time, and the embedded database serialises transactions); a failed link deletes it again,
 * and the replaced file is deleted once the link is committed.
 */
export async function replaceWithUpload<T>(
  { db, storage, log, upload }: Replacement,
  link: (tx: Db, file: StoredFile) => Promise<{ replaced: string | null; result: T }>,
): Promise<T> {
  const file = await saveUpload(db, storage, upload);
  let linked: { replaced: string | null; result: T };
  try {
    linked = await db.transaction((tx) => link(tx, file));
  } catch (error) {
    await discardReplacedFile(db, storage, file.id, log);
    throw error;
  }
  if (linked.replaced) await discardReplacedFile(db, storage, linked.replaced, log);
  return linked.result;
}
