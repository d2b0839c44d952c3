import type { Me, SignInRequest } from '@candor/contracts/auth';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { requireMe } from '../me/me.service.ts';
import { insertSignIn } from '../user-activity/user-activity.repository.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { deleteSessionByToken } from './session.repository.ts';
import { isTwoFactorChallenge } from './two-factor-sign-in.ts';

/** Where a sign-in comes from: the client address and the headers better-auth records. */
export type Client = { ip: string; headers: Headers };

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/**
 * Signs in with e-mail and password. Failures are counted per account and per address before the
 * password is even checked; suspended accounts may sign in, closed ones may not. A successful
 * sign-in is recorded (time, address, browser).
 */
export async function signIn({
  db,
  auth,
  throttle,
  input,
  client,
  now,
}: {
  db: Db;
  auth: Auth;
  throttle: LoginThrottle;
  input: SignInRequest;
  client: Client;
  now: Date;
}): Promise<{ user: Me; cookies: string[] } | { twoFactorRequired: true; cookies: string[] }> {
  const attempt = { email: input.email.toLowerCase(), ip: client.ip };
  await throttle.assertAllowed(attempt);
  let signedIn: Awaited<ReturnType<typeof signInWithBetterAuth>>;
  try {
    signedIn = await signInWithBetterAuth(auth, attempt.email, input.password, client.headers);
  } catch (error) {
    if (authErrorCode(error) !== 'INVALID_EMAIL_OR_PASSWORD') throw error;
    await throttle.recordFailure(attempt);
    throw new AppError('INVALID_CREDENTIALS', LOGIN_FAILED);
  }
  const { response, headers } = signedIn;
  // Two-factor on: the password was right, the code comes next (two-factor-sign-in.ts).
  if (isTwoFactorChallenge(response)) return { twoFactorRequired: true, cookies: headers.getSetCookie() };
  const user = await requireMe(db, response.user.id);
  if (user.status === 'closed') {
    // The password was right, but a closed account keeps no session.
    await deleteSessionByToken(db, response.token);
    throw new AppError('ACCOUNT_CLOSED', 'This account has been closed.');
  }
  await throttle.clearAccount(attempt.email);
  // Shown to the customer (/account) and to staff (/user/{id}): when, from where, which browser.
  await insertSignIn(db, {
    userId: user.id,
    ipAddress: client.ip || null,
    userAgent: client.headers.get('user-agent'),
    now,
  });
  return { user, cookies: headers.getSetCookie() };
}

function signInWithBetterAuth(auth: Auth, email: string, password: string, headers: Headers) {
  return auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
}

/** Ends the session of the request's cookie (if any); returns the cookies that clear it. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers.getSetCookie();
}
