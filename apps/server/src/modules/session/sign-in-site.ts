import type { Me } from '@candor/contracts/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { requireMe } from '../me/me.service.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { insertSignIn } from '../user-activity/user-activity.repository.ts';
import {
  hasSignedInBefore,
  isKnownBrowser,
  knownBrowserCookie,
  newKnownBrowserToken,
  rememberBrowser,
} from './known-browsers.ts';
import { deleteSessionByToken } from './session.repository.ts';
import { sendNewBrowserNotice } from './sign-in-mails.ts';

/**
 * Where a sign-in comes from: the client address, the headers better-auth records, and the
 * browser's known-browser token (its cookie), if it has one.
 */
export type Client = { ip: string; headers: Headers; knownBrowserToken: string | undefined };

/** What every way of signing in (password, second factor, passkey) needs of the site. */
export type SignInSite = {
  publicUrl: string;
  mailer: Mailer;
  siteName: () => Promise<string>;
  /** Where mail that could not be sent is reported (a sign-in never fails because of it). */
  logError: (error: unknown, message: string) => void;
};

export function createSignInSite({
  db,
  mailer,
  env,
  log,
}: {
  db: Db;
  mailer: Mailer;
  env: Env;
  log: FastifyBaseLogger;
}): SignInSite {
  return {
    publicUrl: env.publicUrl,
    mailer,
    siteName: () => readSiteName(db),
    logError: (err, message) => log.error({ err }, message),
  };
}

/**
 * The account a sign-in's credentials proved. A closed account keeps no session: the one
 * better-auth just created is deleted and the sign-in is refused.
 */
export async function requireOpenAccount(
  db: Db,
  userId: string,
  sessionToken: string | undefined,
): Promise<Me> {
  const user = await requireMe(db, userId);
  if (user.status === 'closed') {
    if (sessionToken) await deleteSessionByToken(db, sessionToken);
    throw new AppError('ACCOUNT_CLOSED', 'This account has been closed.');
  }
  return user;
}

/**
 * What every completed sign-in does, whatever proved it: the browser becomes known to the account
 * (a browser it had not seen is announced to the owner once the account has signed in before),
 * and the sign-in is recorded for the customer (/account) and staff (/user/{id}): when, from
 * where, which browser. Answers the known-browser cookie to set. `knownBrowser` is read from the
 * client's cookie unless the caller already knows it.
 */
export async function recordSignIn(
  db: Db,
  site: SignInSite,
  { user, client, now, knownBrowser }: { user: Me; client: Client; now: Date; knownBrowser?: boolean },
): Promise<string> {
  const known = knownBrowser ?? (await isKnownBrowser(db, user.id, client.knownBrowserToken));
  const token = client.knownBrowserToken ?? newKnownBrowserToken();
  if (!known && (await hasSignedInBefore(db, user.id))) {
    await sendQuietly(site, 'new-browser notice', async () =>
      sendNewBrowserNotice(site.mailer, {
        account: { id: user.id, email: user.email, name: user.fullname },
        siteName: await site.siteName(),
        at: now,
        ip: client.ip,
        userAgent: client.headers.get('user-agent'),
      }),
    );
  }
  await rememberBrowser(db, user.id, token, now);
  await insertSignIn(db, {
    userId: user.id,
    ipAddress: client.ip || null,
    userAgent: client.headers.get('user-agent'),
    now,
  });
  return knownBrowserCookie(token, { secure: site.publicUrl.startsWith('https:') });
}

/** Sends a sign-in mail; a failure is logged, never a reason to refuse the sign-in. */
export async function sendQuietly(site: SignInSite, what: string, send: () => Promise<void>): Promise<void> {
  try {
    await send();
  } catch (error) {
    site.logError(error, `could not send the ${what}`);
  }
}
