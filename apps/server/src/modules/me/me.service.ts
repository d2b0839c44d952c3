import type { Me } from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById, type UserRow } from '../users/users.repository.ts';

export async function findMe(db: Db, userId: string): Promise<Me | undefined> {
  const row = await findUserById(db, userId);
  return row ? toMe(row) : undefined;
}

export async function requireMe(db: Db, userId: string): Promise<Me> {
  const me = await findMe(db, userId);
  if (!me) throw new AppError('USER_NOT_FOUND', 'User not found.');
  return me;
}

function toMe(row: UserRow): Me {
  return {
    id: row.id,
    username: row.displayUsername ?? row.username ?? '',
    fullname: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    role: row.role,
    status: row.status,
    statusReason: row.statusReason,
    profileImageUrl: row.profileImageFileId ? `/api/files/${row.profileImageFileId}` : null,
    twoFactorEnabled: row.twoFactorEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}
