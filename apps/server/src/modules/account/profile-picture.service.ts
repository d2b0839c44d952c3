import { fileUrl, type ProfilePictureResponse } from '@candor/contracts/files';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Replacement, replaceWithUpload } from '../storage/files.service.ts';
import { updateProfilePicture } from '../users/users.repository.ts';
import { requireLockedUser } from '../users/users.service.ts';

/** Stores a new profile picture (public) for the user and deletes the one it replaces. */
export async function setProfilePicture({
  actor,
  now,
  data,
  ...files
}: Omit<Replacement, 'upload'> & { actor: Actor; now: Date; data: Buffer }): Promise<ProfilePictureResponse> {
  const upload = { purpose: 'profile_picture', ownerUserId: actor.id, data } as const;
  return replaceWithUpload({ ...files, upload }, async (tx, file) => {
    const user = await requireLockedUser(tx, actor.id);
    // An upload in flight while the account was closed is not linked (and its file is deleted).
    if (user.status === 'closed') throw new AppError('ACCOUNT_CLOSED', 'This account is closed.');
    await updateProfilePicture(tx, actor.id, file.id, now);
    return { replaced: user.profileImageFileId, result: { profileImageUrl: fileUrl(file.id) } };
  });
}
