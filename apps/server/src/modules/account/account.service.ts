import {
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type MessageResponse,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from '@candor/contracts/auth';
import { isStaffRole } from '@candor/contracts/staff';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { startWithdrawalWait } from '../account-security/account-security.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireStrongStaffPassword } from '../staff/staff-password.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { requireUser } from '../users/users.service.ts';

/**
 * Changes the password (to another one: the same one is refused; a staff member's must be hard to
 * guess, staff-password.ts) and ends every other session of the account. better-auth replaces the
 * caller's session too: the returned cookies carry the new one. New withdrawals then wait 24 hours.
 */
export async function changePassword({
  db,
  auth,
  mailer,
  actor,
  now,
  ip,
  input,
  headers,
}: {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  actor: Actor;
  now: Date;
  ip: string | null;
  input: ChangePasswordRequest;
  headers: Headers;
}): Promise<string[]> {
  if (input.newPassword === input.currentPassword)
    throw new AppError('VALIDATION_FAILED', SAME_PASSWORD_MESSAGE);
  if (isStaffRole(actor.role)) {
    await requireStrongStaffPassword(db, input.newPassword, await requireUser(db, actor.id));
  }
  const cookies = await callChangePassword(auth, input, headers);
  // The owner hears of it: someone who took the account over would change the password first.
  const { notice } = await startWithdrawalWait(db, {
    userId: actor.id,
    cause: 'password_change',
    now,
    ipAddress: ip,
  });
  if (notice) await mailer.send(notice);
  return cookies;
}

async function callChangePassword(
  auth: Auth,
  input: ChangePasswordRequest,
  headers: Headers,
): Promise<string[]> {
  try {
    const result = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (error) {
    if (authErrorCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('WRONG_PASSWORD', 'The current password is incorrect');
    }
    throw error;
  }
}

/**
 * E-mails a verification link to the new address. The account's e-mail changes only when that
 * link is used (POST /api/email-verifications).
 */
export async function changeEmail({
  db,
  auth,
  actor,
  input,
  headers,
}: {
  db: Db;
  auth: Auth;
  actor: Actor;
  input: ChangeEmailRequest;
  headers: Headers;
}): Promise<MessageResponse> {
  const newEmail = input.newEmail.toLowerCase();
  const current = await requireUser(db, actor.id);
  if (newEmail === current.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', SAME_EMAIL_MESSAGE);
  }
  try {
    await auth.api.verifyPassword({ body: { password: input.password }, headers });
  } catch (error) {
    if (authErrorCode(error) === 'INVALID_PASSWORD') {
      throw new AppError('WRONG_PASSWORD', 'Incorrect password. Please try again.');
    }
    throw error;
  }
  // better-auth silently sends nothing for an address in use; say so instead.
  if (await findUserByEmail(db, newEmail))
    throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
  await auth.api.changeEmail({ body: { newEmail }, headers });
  return { message: 'Verification email sent to the new email address.' };
}
