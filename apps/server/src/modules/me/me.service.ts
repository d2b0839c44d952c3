import { type Me, UserRoleSchema, UserStatusSchema } from '@candor/contracts/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';

type UserRow = typeof users.$inferSelect;

export async function findMe(db: Db, userId: string): Promise<Me | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
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
    // A role or status outside the known values is a broken invariant: fail loudly.
    role: UserRoleSchema.parse(row.role),
    status: UserStatusSchema.parse(row.status),
    statusReason: row.statusReason,
    profileImageUrl: row.profileImageFileId ? `/api/files/${row.profileImageFileId}` : null,
    createdAt: row.createdAt.toISOString(),
  };
}
