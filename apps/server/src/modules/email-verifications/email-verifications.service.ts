import type { VerifyEmailResponse } from '@candor/contracts/auth';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode, isUniqueViolation } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { startWithdrawalWait } from '../account-security/account-security.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { findUserById, markEmailVerified } from '../users/users.repository.ts';
import { sendEmailChangedNotice } from './email-changed-notice.ts';

const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND', 'INVALID_USER']);

/** What better-auth's signed token says (read only after better-auth has checked its signature). */
const TokenPayloadSchema = z.object({
  email: z.string(),
  updateTo: z.string().optional(),
  userId: z.string().optional(),
});

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
      throw new AppError('INVALID_TOKEN', 'This verification link is invalid or has expired.');
    }
    if (isUniqueViolation(error)) {
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists.');
    }
    throw error;
  }
  const payload = readTokenPayload(token);
  if (!payload.updateTo || !payload.userId) return { email: payload.email };
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
  return { email: payload.updateTo };
}

function readTokenPayload(token: string): z.infer<typeof TokenPayloadSchema> {
  const body = token.split('.')[1];
  if (!body) throw new Error('A verified token has no payload');
  return TokenPayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
}
