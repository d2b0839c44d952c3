import type { Me } from '@candor/contracts/auth';
import {
  type AddPasskeyRequest,
  PASSKEY_MESSAGES,
  type Passkey,
  type PasskeyCredential,
  type PasskeyOptions,
} from '@candor/contracts/passkeys';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authErrorCode } from '../../lib/auth-calls.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { type Auth, withAuthWritesIn } from '../../plugins/auth.ts';
import { insertSecurityEvent } from '../account-security/account-security.repository.ts';
import { type Client, recordSignIn, requireOpenAccount, type SignInSite } from '../session/sign-in-site.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { findUserById } from '../users/users.repository.ts';
import { passkeyAddedNotice } from './passkey-added-notice.ts';
import { deletePasskey, findPasskey } from './passkeys.repository.ts';

/**
 * Passkeys through better-auth's passkey plugin (plugins/auth.ts). Each ceremony has two steps: the
 * options (a challenge, remembered by better-auth under a signed short-lived cookie) and the
 * browser's answer, verified against that challenge.
 */
type WithCookies<T> = { value: T; cookies: string[] };

/** better-auth's refusals of a passkey ceremony that mean "the passkey did not prove anything". */
const CEREMONY_FAILURES = new Set([
  'CHALLENGE_NOT_FOUND',
  'PASSKEY_NOT_FOUND',
  'AUTHENTICATION_FAILED',
  'FAILED_TO_VERIFY_REGISTRATION',
  'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
  'VALIDATION_ERROR',
]);

/** Options for adding a passkey to the signed-in account (its session cookie in `headers`). */
export async function passkeyRegistrationOptions(
  auth: Auth,
  headers: Headers,
): Promise<WithCookies<PasskeyOptions>> {
  try {
    const { response, headers: set } = await auth.api.generatePasskeyRegistrationOptions({
      headers,
      returnHeaders: true,
    });
    return { value: response as unknown as PasskeyOptions, cookies: set.getSetCookie() };
  } catch (error) {
    throw registrationError(error);
  }
}

/**
 * Verifies the browser's answer and stores the new passkey under the signed-in account, with its
 * security event and the owner's e-mail, in one transaction (docs/decisions/055): better-auth's
 * write (the challenge consumed, the passkey stored) runs in `tx` (withAuthWritesIn), so a passkey
 * never exists without its event and notice, nor they without it. A refused answer changes nothing.
 */
export async function addPasskey({
  tx,
  actor,
  now,
  outbox,
  auth,
  input,
  headers,
  ipAddress,
}: Command<{
  outbox: Outbox;
  auth: Auth;
  input: AddPasskeyRequest;
  headers: Headers;
  ipAddress: string | null;
}>): Promise<Passkey> {
  let created: { id: string };
  try {
    created = await withAuthWritesIn(auth, tx, () =>
      auth.api.verifyPasskeyRegistration({
        body: { name: input.name, response: input.credential },
        headers,
      }),
    );
  } catch (error) {
    throw registrationError(error);
  }
  const passkey = await findPasskey(tx, actor.id, created.id);
  if (!passkey) throw new Error('the passkey better-auth stored was not found in its transaction');
  await recordPasskeyAdded({ tx, actor, now, outbox, passkey, ipAddress });
  return passkey;
}

/**
 * Records a passkey just added as a security event the customer and staff see, and tells the owner
 * by e-mail. A new way in, not a weakening: no 24-hour withdrawal wait, but someone who held the
 * session for a moment could have added it to keep access.
 */
async function recordPasskeyAdded({
  tx,
  actor,
  now,
  outbox,
  passkey,
  ipAddress,
}: Command<{ outbox: Outbox; passkey: Passkey; ipAddress: string | null }>): Promise<void> {
  await insertSecurityEvent(tx, { userId: actor.id, kind: 'passkey_added', ipAddress, createdAt: now });
  const user = await findUserById(tx, actor.id);
  if (!user) throw new Error('the account that added a passkey was not found');
  outbox.send(
    passkeyAddedNotice({
      userId: user.id,
      to: user.email,
      name: user.name,
      passkeyName: passkey.name ?? '',
      at: now,
      siteName: await readSiteName(tx),
    }),
  );
}

/** Deletes one of the customer's passkeys and records it as a security event, in one transaction. */
export async function removePasskey({
  tx,
  actor,
  now,
  passkeyId,
  ipAddress,
}: Command<{ passkeyId: string; ipAddress: string | null }>): Promise<void> {
  if (!(await deletePasskey(tx, actor.id, passkeyId))) {
    throw new AppError('NOT_FOUND', PASSKEY_MESSAGES.notFound);
  }
  await insertSecurityEvent(tx, { userId: actor.id, kind: 'passkey_removed', ipAddress, createdAt: now });
}

/** Options for signing in with any passkey of this site (the browser lets the person pick one). */
export async function passkeySignInOptions(
  auth: Auth,
  headers: Headers,
): Promise<WithCookies<PasskeyOptions>> {
  const { response, headers: set } = await auth.api.generatePasskeyAuthenticationOptions({
    headers,
    returnHeaders: true,
  });
  return { value: response as unknown as PasskeyOptions, cookies: set.getSetCookie() };
}

/**
 * Signs in with a passkey, by the same rules as a password: a closed account keeps no session,
 * a suspended one may sign in, and the sign-in is recorded (time, address, browser).
 */
export async function signInWithPasskey({
  db,
  auth,
  site,
  credential,
  client,
  now,
}: {
  db: Db;
  auth: Auth;
  site: SignInSite;
  credential: PasskeyCredential;
  client: Client;
  now: Date;
}): Promise<{ user: Me; cookies: string[] }> {
  let signedIn: Awaited<ReturnType<typeof verifyWithBetterAuth>>;
  try {
    signedIn = await verifyWithBetterAuth(auth, credential, client.headers);
  } catch (error) {
    if (!CEREMONY_FAILURES.has(authErrorCode(error) ?? '')) throw error;
    throw new AppError('INVALID_CREDENTIALS', PASSKEY_MESSAGES.signInFailed);
  }
  const { response, headers } = signedIn;
  // As after a password: closed accounts refused, the browser made known, the sign-in recorded.
  const user = await requireOpenAccount(db, response.user.id, response.session.token);
  const browserCookie = await recordSignIn(db, site, { user, client, now });
  return { user, cookies: [...headers.getSetCookie(), browserCookie] };
}

type AuthenticationResponse = NonNullable<
  Parameters<Auth['api']['verifyPasskeyAuthentication']>[0]
>['body']['response'];

function verifyWithBetterAuth(auth: Auth, credential: PasskeyCredential, headers: Headers) {
  return auth.api.verifyPasskeyAuthentication({
    // The contract checked its shape; better-auth's verification checks the rest.
    body: { response: credential as unknown as AuthenticationResponse },
    headers,
    returnHeaders: true,
  });
}

function registrationError(error: unknown): unknown {
  const code = authErrorCode(error);
  if (code === 'SESSION_NOT_FRESH')
    return new AppError('REAUTHENTICATION_REQUIRED', PASSKEY_MESSAGES.signInAgain);
  if (CEREMONY_FAILURES.has(code ?? '')) return new AppError('VALIDATION_FAILED', PASSKEY_MESSAGES.addFailed);
  return error;
}
