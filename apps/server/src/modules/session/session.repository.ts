import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/auth.ts';

/** Ends one session (better-auth keeps sessions in this table). */
export async function deleteSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token, token));
}

/** The account an e-mail address signs in to, if any (e-mails are stored in lower case). */
export async function findAccountByEmail(
  db: Db,
  email: string,
): Promise<
  | {
      id: string;
      email: string;
      name: string;
      username: string | null;
      role: string;
      twoFactorEnabled: boolean;
      mustChoosePassword: boolean;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      username: users.username,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      mustChoosePassword: users.mustChoosePassword,
    })
    .from(users)
    .where(eq(users.email, email));
  return row;
}
