import { ACCOUNT_SECURITY_MESSAGES, OPERATOR_RESET_NOTICE_DAYS } from '@candor/contracts/account-security';
import type { Me, SignInRequest } from '@candor/contracts/auth';
import { isStaffRole } from '@candor/contracts/staff';
import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Auth } from '../../plugins/auth.ts';
import { findOperatorResetSince } from '../account-security/account-security.repository.ts';
import { isStrongStaffPasswordOf } from '../staff/staff-password.ts';
import { isKnownBrowser } from './known-browsers.ts';
import { accountDelayMs, decideLogin, type LoginDecision, type LoginThrottle } from './login-throttle.ts';
import { deleteSessionByToken, findAccountByEmail } from './session.repository.ts';
import { sendUnlockLink } from './sign-in-mails.ts';
import {
  type Client,
  recordSignIn,
  requireOpenAccount,
  type SignInSite,
  sendQuietly,
} from './sign-in-site.ts';
import {
  consumeUnlock,
  createUnlockUnlessLive,
  isLiveUnlock,
  UNLOCK_VALIDITY_MS,
} from './sign-in-unlocks.ts';
import { isTwoFactorChallenge } from './two-factor-sign-in.ts';

export const LOGIN_FAILED = 'Login failed. Please check your credentials.';

/**
 * Signs in with e-mail and password. The throttle decides first, before the password is checked
 * (login-throttle.ts): an address with too many failures is refused; an account with too many
 * is slowed down, but its owner still gets in from a known browser, with a second factor or with
 * the unlock link e-mailed when the slow-down began. Suspended accounts may sign in, closed ones
 * may not. A successful sign-in is recorded (time, address, browser), and a browser the account
 * had not seen becomes known, with a notice to the owner.
 */
export async function signIn({
  db,
  auth,
  throttle,
  site,
  input,
  client,
  now,
}: {
  db: Db;
  auth: Auth;
  throttle: LoginThrottle;
  site: SignInSite;
  input: SignInRequest;
  client: Client;
  now: Date;
}): Promise<{ user: Me; cookies: string[] } | { twoFactorRequired: true; cookies: string[] }> {
  const attempt = { email: input.email.toLowerCase(), ip: client.ip };
  const [state, account] = await Promise.all([
    throttle.readState(attempt),
    findAccountByEmail(db, attempt.email),
  ]);
  const unlockToken = input.unlockToken;
  const [knownBrowser, unlockLink] = account
    ? await Promise.all([
        isKnownBrowser(db, account.id, client.knownBrowserToken),
        unlockToken ? isLiveUnlock(db, account.id, unlockToken, now) : false,
      ])
    : [false, false];
  const decision = decideLogin(
    state,
    { knownBrowser, hasSecondFactor: account?.twoFactorEnabled ?? false, unlockLink },
    now,
    throttle.limits,
  );
  if (decision.kind === 'refuse') throw refusal(decision);
  if (decision.oneAtATime && !(await throttle.claimTurn(attempt.email, state.lastAccountFailure))) {
    // Another attempt took this turn; if it fails, the next wait is this long.
    const wait = accountDelayMs(state.accountFailures + 1, throttle.limits);
    throw refusal({ kind: 'refuse', reason: 'account', retryAfterSeconds: Math.ceil(wait / 1000) });
  }

  let signedIn: Awaited<ReturnType<typeof signInWithBetterAuth>>;
  try {
    signedIn = await signInWithBetterAuth(auth, attempt.email, input.password, client.headers);
  } catch (error) {
    if (authErrorCode(error) !== 'INVALID_EMAIL_OR_PASSWORD') throw error;
    const failures = await throttle.recordFailure(attempt);
    if (account && failures >= throttle.limits.freeAccountFailures) {
      await offerUnlockLink(db, site, account, now);
    }
    throw new AppError('INVALID_CREDENTIALS', LOGIN_FAILED, {
      notice: account ? await operatorResetNotice(db, account.id, now) : undefined,
    });
  }
  const { response, headers } = signedIn;
  // Right, but chosen by someone else (the owner, on the Staff tab), or too easy to guess for a
  // staff account (a customer promoted, or a password from before the rule): no session; a reset
  // sets the member's own (decision 049). A two-factor challenge is left unanswered: its cookie is
  // not sent.
  const passwordRefusal = !account
    ? undefined
    : account.mustChoosePassword
      ? STAFF_PASSWORD_MESSAGES.chosenByOther
      : isStaffRole(account.role) && !(await isStrongStaffPasswordOf(db, input.password, account))
        ? STAFF_PASSWORD_MESSAGES.changeRequired
        : undefined;
  if (passwordRefusal) {
    if (!isTwoFactorChallenge(response)) await deleteSessionByToken(db, response.token);
    throw new AppError('PASSWORD_CHANGE_REQUIRED', passwordRefusal);
  }
  // Two-factor on: the password was right, the code comes next (two-factor-sign-in.ts).
  if (isTwoFactorChallenge(response)) return { twoFactorRequired: true, cookies: headers.getSetCookie() };
  const user = await requireOpenAccount(db, response.user.id, response.token);
  if (unlockLink && unlockToken) {
    // An unlock link works once.
    await consumeUnlock(db, user.id, unlockToken, now);
  }
  await throttle.clearAccount(attempt.email);
  const browserCookie = await recordSignIn(db, site, { user, client, now, knownBrowser });
  return { user, cookies: [...headers.getSetCookie(), browserCookie] };
}

/**
 * A customer locked out of their account learns why (docs/decisions/019): its password was set
 * through a reset link the site's operator issued within the last 30 days. Only that fact and
 * when, no names.
 */
async function operatorResetNotice(db: Db, userId: string, now: Date): Promise<string | undefined> {
  const since = new Date(now.getTime() - OPERATOR_RESET_NOTICE_DAYS * 24 * 60 * 60_000);
  const at = await findOperatorResetSince(db, userId, since);
  return at ? ACCOUNT_SECURITY_MESSAGES.operatorResetNotice(at.toISOString()) : undefined;
}

function refusal(decision: Extract<LoginDecision, { kind: 'refuse' }>): AppError {
  const wait = describeWait(decision.retryAfterSeconds);
  const message =
    decision.reason === 'address'
      ? `Too many failed login attempts. Please wait ${wait} and try again.`
      : `Too many failed login attempts for this account. Please wait ${wait} and try again, or use the sign-in link sent to its e-mail address.`;
  return new AppError('TOO_MANY_ATTEMPTS', message, { retryAfterSeconds: decision.retryAfterSeconds });
}

/** "45 seconds", "1 minute", "15 minutes" (minutes rounded up from two minutes on). */
export function describeWait(seconds: number): string {
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** E-mails the owner an unlock link when the account has just been slowed down (one live link at a time). */
async function offerUnlockLink(
  db: Db,
  site: SignInSite,
  account: { id: string; email: string; name: string },
  now: Date,
): Promise<void> {
  const token = await createUnlockUnlessLive(db, account.id, now);
  if (!token) return;
  await sendQuietly(site, 'sign-in unlock link', async () =>
    sendUnlockLink(site.mailer, {
      account,
      siteName: await site.siteName(),
      link: `${site.publicUrl}/?unlock=${encodeURIComponent(token)}`,
      validMinutes: UNLOCK_VALIDITY_MS / 60_000,
    }),
  );
}

function signInWithBetterAuth(auth: Auth, email: string, password: string, headers: Headers) {
  return auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
}

/** Ends the session of the request's cookie (if any); returns the cookies that clear it. */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const result = await auth.api.signOut({ headers, returnHeaders: true });
  return result.headers.getSetCookie();
}
