import { runWithTransaction } from '@better-auth/core/context';
import { passkey } from '@better-auth/passkey';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { username } from 'better-auth/plugins/username';
import type { Db } from '../db/client.ts';
import { schema } from '../db/client.ts';
import { AUTH_COOKIE_PREFIX } from '../lib/auth-cookies.ts';
import { type Clock, systemClock } from '../lib/clock.ts';
import { startWithdrawalWait } from '../modules/account-security/account-security.service.ts';
import { verificationMail } from '../modules/email-verifications/verification-mail.ts';
import { readVerificationToken } from '../modules/email-verifications/verification-token.ts';
import { escapeHtml } from '../modules/mail/escape-html.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import {
  markOperatorResetLinkUsed,
  operatorResetLinkInUse,
} from '../modules/password-resets/operator-reset-links.ts';
import { resetPasswordUrl } from '../modules/password-resets/reset-link.ts';
import { recordOwnPassword } from '../modules/staff/own-password.ts';
import { isMakingVerifiedAccount } from '../modules/users/verified-at-once.ts';
import { siteOrigins } from './origin-check.ts';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes), instead of better-auth's scrypt. */
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export type AuthDeps = {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  siteName: () => Promise<string>;
  /** Silences better-auth's own logger (tests, the command line). */
  quiet?: boolean;
  /** The time of the 24-hour withdrawal wait a password reset starts (tests pass a manual clock). */
  clock?: Clock;
};

export function createAuth({
  db,
  mailer,
  secret,
  publicUrl,
  siteName,
  quiet = false,
  clock = systemClock,
}: AuthDeps) {
  const origin = new URL(publicUrl);
  const trustedOrigins = siteOrigins(publicUrl);

  return betterAuth({
    appName: 'Candor',
    secret,
    logger: { disabled: quiet },
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins,
    database: authAdapterOn(db),
    // Sign-in failures are limited by our own per-address and per-account counter in the database.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: origin.protocol === 'https:',
      cookiePrefix: AUTH_COOKIE_PREFIX,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'client', input: false },
        status: { type: 'string', required: false, defaultValue: 'active', input: false },
        statusReason: { type: 'string', required: false, input: false },
        profileImageFileId: { type: 'string', required: false, input: false },
      },
      changeEmail: { enabled: true },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Whoever resets the password (by any route), new withdrawals wait 24 hours (issue 11 §5).
      onPasswordReset: async ({ user }) => {
        // A link the site's operator issued is its own cause: a longer wait, its own event (019).
        const now = clock();
        const operatorLink = operatorResetLinkInUse();
        const byOperator = operatorLink?.userId === user.id;
        if (operatorLink && byOperator) await markOperatorResetLinkUsed(db, operatorLink.tokenHash, now);
        // The owner hears of it, in case the reset was not theirs (security-change-notice.ts).
        const { notice } = await startWithdrawalWait(db, {
          userId: user.id,
          cause: byOperator ? 'operator_reset' : 'password_reset',
          now,
        });
        if (notice) await mailer.send(notice);
        // A staff member whose password the owner chose has now set their own (decision 049).
        await recordOwnPassword(db, { userId: user.id, now, viaOperatorLink: byOperator });
      },
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }) => {
        const name = await siteName();
        const link = resetPasswordUrl(publicUrl, token);
        await mailer.send({
          to: user.email,
          userId: user.id,
          subject: `${name}: reset your password`,
          text: `Hello ${user.name},\n\nTo choose a new password, open this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
          html: `<p>Hello ${escapeHtml(user.name)},</p><p>To choose a new password, open this link (valid for one hour):</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A link lives one hour (the mail says so); the owner can ask for a new one on /account.
      expiresIn: 60 * 60,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        // Staff made verified at once (setup link, Staff tab, command line) get no link to follow.
        if (isMakingVerifiedAccount()) return;
        const name = await siteName();
        const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        // A changed e-mail's new address belongs to no account yet: the message is the user's.
        await mailer.send(
          verificationMail({
            to: user.email,
            userId: user.id,
            name: user.name,
            link,
            siteName: name,
            newAddress: readVerificationToken(token).updateTo !== undefined,
          }),
        );
      },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
      // Registering a passkey needs a session; signing in with one is public (routes in modules/passkeys).
      passkey({
        ...passkeySite(origin),
        rpName: 'Candor',
        advanced: { webAuthnChallengeCookie: 'passkey_challenge' },
      }),
      // TOTP (authenticator app) with recovery codes, both stored encrypted. A sign-in challenge
      // allows 5 codes; 10 wrong codes in a row lock the account's second factor for 15 minutes.
      twoFactor({
        issuer: 'Candor',
        totpOptions: { digits: 6, period: 30 },
        backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth's database adapter on `db`: the pool, or one of our transactions (withAuthWritesIn). */
function authAdapterOn(db: Db) {
  return drizzleAdapter(db, { provider: 'pg', schema, usePlural: true });
}

/**
 * Runs `call` (better-auth API calls) with better-auth's reads and writes in our transaction `tx`
 * instead of the pool: its plugins and internal adapter take the adapter through
 * `getCurrentAdapter`, which answers the one `runWithTransaction` set (@better-auth/core/context).
 * So a write of better-auth's and ours commit or roll back together (docs/decisions/055: a passkey
 * and its security event).
 */
export async function withAuthWritesIn<T>(auth: Auth, tx: Db, call: () => Promise<T>): Promise<T> {
  const { options } = await auth.$context;
  // As better-auth runs its own transactions: its transaction adapter (here a savepoint in `tx`)
  // sends every statement on `tx`. The plain adapter would open transactions of its own for some
  // writes (the challenge consumed), which on the embedded database wait for `tx` forever.
  const adapter = drizzleAdapter(tx, { provider: 'pg', schema, usePlural: true, transaction: true })(options);
  return runWithTransaction(adapter, call);
}

/**
 * The site passkeys belong to: publicUrl's host name and origin. WebAuthn refuses an IP address as
 * a site's name, so a local run published at 127.0.0.1 keeps its passkeys at localhost (the browser
 * must then use http://localhost:<port>).
 */
export function passkeySite(site: URL): { rpID: string; origin: string } {
  if (site.hostname !== '127.0.0.1') return { rpID: site.hostname, origin: site.origin };
  return { rpID: 'localhost', origin: `${site.protocol}//localhost${site.port ? `:${site.port}` : ''}` };
}
