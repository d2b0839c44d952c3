import {
  EMAIL_VERIFICATION_MESSAGES,
  type MessageResponse,
  type VerifyEmailResponse,
} from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode, isUniqueViolation } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { startWithdrawalWait } from '../account-security/account-security.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { findUserById, markEmailVerified } from '../users/users.repository.ts';
import { requireUser } from '../users/users.service.ts';
import { sendEmailChangedNotice } from './email-changed-notice.ts';
import { readVerificationToken } from './verification-token.ts';

const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER']);

/**
 * Uses an e-mailed verification token. A sign-up token marks the address verified; a change-of-
 * address token (sent to the new address) replaces the account's e-mail with the new one, starts
 * the 24-hour wait on new withdrawals and tells the old address.
 */
export async function verifyEmail({
  db,
  auth,
  mailer,
  now,
  token,
  headers,
}: {
  db: Db;
  auth: Auth;
  mailer: Mailer;
  now: Date;
  token: string;
  headers: Headers;
}): Promise<VerifyEmailResponse> {
  try {
    await auth.api.verifyEmail({ query: { token }, headers });
  } catch (error) {
    const code = authErrorCode(error);
    if (code && TOKEN_ERRORS.has(code)) {
      throw new AppError('INVALID_TOKEN', EMAIL_VERIFICATION_MESSAGES.invalidLink);
    }
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    }
    throw error;
  }
  const payload = readVerificationToken(token);
  if (!payload.updateTo || !payload.userId) return { email: payload.email, emailChanged: false };
  // The link reached the new address, which proves it; better-auth keeps the old flag instead.
  await markEmailVerified(db, { userId: payload.userId, email: payload.updateTo, now });
  // The account's address changed: new withdrawals wait 24 hours (issue 11 §5).
  await startWithdrawalWait(db, { userId: payload.userId, cause: 'email_change', now });
  // The old address hears of it: an owner whose account was taken over still reads mail there.
  const user = await findUserById(db, payload.userId);
  await sendEmailChangedNotice(mailer, {
    userId: payload.userId,
    name: user?.name ?? '',
    oldEmail: payload.email,
    newEmail: payload.updateTo,
    siteName: await readSiteName(db),
  });
  return { email: payload.updateTo, emailChanged: true };
}

/**
 * E-mails the signed-in owner a new link for their current address, through better-auth's own
 * sending (the same message and token as at sign-up, one hour). better-auth's signed-in path checks
 * that the session's address is the one named and that it is not verified yet. The message goes to
 * the owner's inbox and Messages only; staff see its envelope (decision 019).
 */
export async function sendVerificationLinkAgain({
  db,
  auth,
  userId,
  headers,
}: {
  db: Db;
  auth: Auth;
  userId: string;
  headers: Headers;
}): Promise<MessageResponse> {
  const user = await requireUser(db, userId);
  if (user.emailVerified) throw new AppError('CONFLICT', EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
  try {
    await auth.api.sendVerificationEmail({ body: { email: user.email }, headers });
  } catch (error) {
    // Verified (or the address changed) between our read and better-auth's.
    if (authErrorCode(error) === 'EMAIL_ALREADY_VERIFIED') {
      throw new AppError('CONFLICT', EMAIL_VERIFICATION_MESSAGES.alreadyVerified);
    }
    throw error;
  }
  return { message: EMAIL_VERIFICATION_MESSAGES.sent(user.email) };
}
