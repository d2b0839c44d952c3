import type { Me } from '@candor/contracts/auth';
import { isTotpCode, TWO_FACTOR_MESSAGES } from '@candor/contracts/two-factor';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { type Client, recordSignIn, requireOpenAccount, type SignInSite } from './sign-in-site.ts';

/** What better-auth answers a right password of an account with two-factor on: no session yet. */
export function isTwoFactorChallenge(response: unknown): boolean {
  return typeof response === 'object' && response !== null && 'twoFactorRedirect' in response;
}

/**
 * Only the cookies of a pending two-factor sign-in go to better-auth: with a session cookie of
 * another sign-in beside them, it would check the code against that session instead.
 */
function challengeHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  const kept = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => /^[^=]*\.(two_factor|dont_remember)=/.test(part));
  if (kept.length > 0) copy.set('cookie', kept.join('; '));
  else copy.delete('cookie');
  return copy;
}

function toAppError(error: unknown): unknown {
  switch (authErrorCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return new AppError('INVALID_TWO_FACTOR_CODE', TWO_FACTOR_MESSAGES.invalidCode);
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOTP_NOT_ENABLED':
    case 'BACKUP_CODES_NOT_ENABLED':
      return new AppError('TWO_FACTOR_CHALLENGE_EXPIRED', TWO_FACTOR_MESSAGES.challengeExpired);
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return new AppError('TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please sign in again.');
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('TOO_MANY_ATTEMPTS', TWO_FACTOR_MESSAGES.tooManyAttempts);
    default:
      return error;
  }
}

/**
 * The second step of a sign-in with two-factor on: a 6-digit code or a recovery code (each
 * recovery code works once) completes the challenge better-auth started at the password, and only
 * then is a session created. better-auth counts wrong codes: 5 per challenge (then the password is
 * asked again), 10 in a row per account (then 15 minutes' lock).
 */
export async function completeTwoFactorSignIn({
  db,
  auth,
  throttle,
  site,
  code,
  client,
  now,
}: {
  db: Db;
  auth: Auth;
  throttle: LoginThrottle;
  site: SignInSite;
  code: string;
  client: Client;
  now: Date;
}): Promise<{ user: Me; cookies: string[] }> {
  const headers = challengeHeaders(client.headers);
  let result: { headers: Headers; response: { token: string | undefined; user: { id: string } } };
  try {
    result = isTotpCode(code)
      ? await auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, '') }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
  } catch (error) {
    throw toAppError(error);
  }
  const { response } = result;
  const user = await requireOpenAccount(db, response.user.id, response.token);
  // The password and the second factor were right: the owner is in, as after a password alone.
  await throttle.clearAccount(user.email);
  const browserCookie = await recordSignIn(db, site, { user, client, now });
  return { user, cookies: [...result.headers.getSetCookie(), browserCookie] };
}
