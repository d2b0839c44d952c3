import type { CompletePasswordResetRequest, MessageResponse } from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { requireStrongPasswordIfStaff } from '../staff/staff-password.ts';
import { findUserByEmail, findUserById } from '../users/users.repository.ts';
import { findOperatorResetLink, whileResettingWith } from './operator-reset-links.ts';
import { findResetLinkUserId } from './reset-link.ts';
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

/**
 * Sets the new password; better-auth consumes the token and ends every session of the account. A
 * link the site's operator issued is told apart here, before the token is consumed: its reset is
 * `operator_reset` (the hook in plugins/auth.ts reads it, operator-reset-links.ts). A
 * staff account's new password must be hard to guess (staff-password.ts); refused, the link still
 * works for a better one.
 */
export async function completePasswordReset({
  db,
  auth,
  input,
  headers,
}: {
  db: Db;
  auth: Auth;
  input: CompletePasswordResetRequest;
  headers: Headers;
}): Promise<void> {
  const userId = await findResetLinkUserId(db, input.token);
  const user = userId ? await findUserById(db, userId) : undefined;
  if (user) await requireStrongPasswordIfStaff(db, input.newPassword, user);
  try {
    const operatorLink = await findOperatorResetLink(db, input.token);
    await whileResettingWith(operatorLink, () =>
      auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword }, headers }),
    );
  } catch (error) {
    const code = authErrorCode(error);
    if (code && TOKEN_ERRORS.has(code)) throw new AppError('INVALID_TOKEN', INVALID_LINK);
    throw error;
  }
}
