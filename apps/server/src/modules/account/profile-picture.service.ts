import { fileUrl, type ProfilePictureResponse } from '@candor/contracts/files';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { discardReplacedFile, saveUpload, type WarnLogger } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';

/** Stores a new profile picture (public) for the user and deletes the one it replaces. */
export async function setProfilePicture(
  db: Db,
  storage: StorageBackend,
  userId: string,
  data: Buffer,
  log: WarnLogger,
): Promise<ProfilePictureResponse> {
  const file = await saveUpload(db, storage, { purpose: 'profile_picture', ownerUserId: userId, data });
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const [user] = await tx
        .select({ fileId: users.profileImageFileId })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
      await tx
        .update(users)
        .set({ profileImageFileId: file.id, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return user.fileId;
    });
  } catch (error) {
    await discardReplacedFile(db, storage, file.id, log);
    throw error;
  }
  if (previous) await discardReplacedFile(db, storage, previous, log);
  return { profileImageUrl: fileUrl(file.id) };
}
