import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { username } from 'better-auth/plugins/username';
import type { Db } from '../db/client.ts';
import { schema } from '../db/client.ts';
import type { Mailer } from '../modules/mail/mailer.ts';

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
};

export function createAuth({ db, mailer, secret, publicUrl, siteName, quiet = false }: AuthDeps) {
  const origin = new URL(publicUrl);
  const alternateHost =
    origin.hostname === 'localhost' ? '127.0.0.1' : origin.hostname === '127.0.0.1' ? 'localhost' : undefined;
  const trustedOrigins = [origin.origin];
  if (alternateHost)
    trustedOrigins.push(`${origin.protocol}//${alternateHost}${origin.port ? `:${origin.port}` : ''}`);

  return betterAuth({
    appName: 'Candor',
    secret,
    logger: { disabled: quiet },
    baseURL: publicUrl,
    basePath: '/api/auth',
    trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    // Sign-in failures are limited by our own per-address and per-account counter in the database.
    rateLimit: { enabled: false },
    advanced: {
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: origin.protocol === 'https:',
      cookiePrefix: 'candor',
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
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }) => {
        const name = await siteName();
        const link = `${publicUrl}/reset-password/new?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: `${name}: reset your password`,
          text: `Hello ${user.name},\n\nTo choose a new password, open this link (valid for one hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
          html: `<p>Hello ${escapeHtml(user.name)},</p><p>To choose a new password, open this link (valid for one hour):</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        const name = await siteName();
        const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: `${name}: verify your e-mail address`,
          text: `Hello ${user.name},\n\nPlease confirm your e-mail address by opening this link:\n${link}`,
          html: `<p>Hello ${escapeHtml(user.name)},</p><p>Please confirm your e-mail address by opening this link:</p><p><a href="${link}">${link}</a></p>`,
        });
      },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 30 }),
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
