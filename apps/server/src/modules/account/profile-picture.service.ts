import { fileUrl, type ProfilePictureResponse } from '@candor/contracts/files';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { discardReplacedFile, saveUpload, type WarnLogger } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { lockUser, updateProfilePicture } from '../users/users.repository.ts';

/** Stores a new profile picture (public) for the user and deletes the one it replaces. */
export async function setProfilePicture({
  db,
  storage,
  actor,
  now,
  data,
  log,
}: {
  db: Db;
  storage: StorageBackend;
  actor: Actor;
  now: Date;
  data: Buffer;
  log: WarnLogger;
}): Promise<ProfilePictureResponse> {
  const file = await saveUpload(db, storage, { purpose: 'profile_picture', ownerUserId: actor.id, data });
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const user = await lockUser(tx, actor.id);
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      await updateProfilePicture(tx, actor.id, file.id, now);
      return user.profileImageFileId;
    });
  } catch (error) {
    await discardReplacedFile(db, storage, file.id, log);
    throw error;
  }
  if (previous) await discardReplacedFile(db, storage, previous, log);
  return { profileImageUrl: fileUrl(file.id) };
}
