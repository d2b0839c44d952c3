import type { CompletePasswordResetRequest, MessageResponse } from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import type { ResetThrottle } from './reset-throttle.ts';

const INVALID_LINK = 'This reset link is invalid or has expired.';
const TOKEN_ERRORS = new Set(['INVALID_TOKEN', 'TOKEN_EXPIRED', 'USER_NOT_FOUND']);

/** E-mails a reset link (through better-auth, valid one hour) when an account has that address. */
export async function requestPasswordReset({
  db,
  auth,
  throttle,
  email: typed,
  ip,
  headers,
}: {
  db: Db;
  auth: Auth;
  throttle: ResetThrottle;
  email: string;
  ip: string;
  headers: Headers;
}): Promise<MessageResponse> {
  const email = typed.toLowerCase();
  await throttle.admit({ email, ip });
  const user = await findUserByEmail(db, email);
  if (!user || user.status === 'closed') {
    throw new AppError('USER_NOT_FOUND', 'No account found with that email address.');
  }
  await auth.api.requestPasswordReset({ body: { email }, headers });
  return { message: 'Password reset email sent! Check your inbox.' };
}

/** Sets the new password; better-auth consumes the token and ends every session of the account. */
export async function completePasswordReset({
  auth,
  input,
  headers,
}: {
  auth: Auth;
  input: CompletePasswordResetRequest;
  headers: Headers;
}): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword }, headers });
  } catch (error) {
    const code = authErrorCode(error);
    if (code && TOKEN_ERRORS.has(code)) throw new AppError('INVALID_TOKEN', INVALID_LINK);
    throw error;
  }
}
