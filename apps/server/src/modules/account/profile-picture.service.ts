import { fileUrl, type ProfilePictureResponse } from '@candor/contracts/files';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Replacement, replaceWithUpload } from '../storage/files.service.ts';
import { lockUser, updateProfilePicture } from '../users/users.repository.ts';

/** Stores a new profile picture (public) for the user and deletes the one it replaces. */
export async function setProfilePicture({
  actor,
  now,
  data,
  ...files
}: Omit<Replacement, 'upload'> & { actor: Actor; now: Date; data: Buffer }): Promise<ProfilePictureResponse> {
  const upload = { purpose: 'profile_picture', ownerUserId: actor.id, data } as const;
  return replaceWithUpload({ ...files, upload }, async (tx, file) => {
    const user = await lockUser(tx, actor.id);
    if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
    await updateProfilePicture(tx, actor.id, file.id, now);
    return { replaced: user.profileImageFileId, result: { profileImageUrl: fileUrl(file.id) } };
  });
}
