import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createOTP } from '@better-auth/utils/otp';
import type { IdentityStatus, UserRole } from '@candor/contracts/auth';
import { hash } from '@node-rs/argon2';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Db } from '../db/client.ts';
import { accounts, sessions, twoFactors, users } from '../db/schema/auth.ts';
import { Browser, TEST_AUTH_SECRET } from './test-app.ts';

export type TestUser = {
  id: string;
  name: string;
  email: string;
  username: string;
  role: UserRole;
  status: 'active' | 'suspended' | 'closed';
  emailVerified: boolean;
  /**
   * Identity verification (issue 12). 'unverified' here, as at sign-up; insertFundedCustomer makes
   * 'verified' customers, so money tests are not stopped by the limits of unverified accounts.
   */
  identityStatus: IdentityStatus;
  /** The plain password, so tests can sign in with it. */
  password: string;
  /**
   * The TOTP secret of the user's two-factor sign-in (on when set), so tests can compute codes
   * (totpCode). Staff get one by default: staff routes refuse staff without two-factor.
   */
  twoFactorSecret: string | null;
};

/** A user as a plain object, unique on every call; nothing is written. */
export function buildUser(overrides: Partial<TestUser> = {}): TestUser {
  const tag = randomBytes(5).toString('hex');
  const role = overrides.role ?? 'client';
  return {
    twoFactorSecret: role === 'client' ? null : randomBytes(20).toString('base64url'),
    id: randomUUID(),
    name: `Test User ${tag}`,
    email: `user-${tag}@example.test`,
    username: `user_${tag}`,
    role: 'client',
    status: 'active',
    emailVerified: true,
    identityStatus: 'unverified',
    // Hard to guess, as a staff password must be (decision 049); customers get the same.
    password: `pw-${randomBytes(12).toString('base64url')}`,
    ...overrides,
  };
}

/** Argon2id as the server uses it, but cheaper: tests hash many passwords. The hash records its own cost. */
const TEST_ARGON2 = { memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

/** Inserts a user with an e-mail-and-password account (what better-auth writes at sign-up). */
export async function insertUser(db: Db, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = buildUser(overrides);
  const email = user.email.toLowerCase();
  const username = user.username.toLowerCase();
  await db.insert(users).values({
    id: user.id,
    name: user.name,
    email,
    emailVerified: user.emailVerified,
    username,
    displayUsername: user.username,
    role: user.role,
    status: user.status,
    identityStatus: user.identityStatus,
    twoFactorEnabled: user.twoFactorSecret !== null,
  });
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: await hash(user.password, TEST_ARGON2),
  });
  if (user.twoFactorSecret !== null) await insertTwoFactor(db, user.id, user.twoFactorSecret);
  return { ...user, email, username };
}

/** Marks the user's identity verified, as an approved verification does (issue 12: lifts the limits). */
export async function verifyIdentity(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ identityStatus: 'verified' }).where(eq(users.id, userId));
}

/**
 * Turns two-factor on for the user as better-auth's twoFactor plugin stores it: the secret and the
 * recovery codes encrypted with the auth secret, confirmed.
 */
export async function insertTwoFactor(
  db: Db,
  userId: string,
  secret: string,
  recoveryCodes: readonly string[] = [],
): Promise<void> {
  await db.insert(twoFactors).values({
    id: randomUUID(),
    userId,
    secret: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: secret }),
    backupCodes: await symmetricEncrypt({ key: TEST_AUTH_SECRET, data: JSON.stringify(recoveryCodes) }),
    verified: true,
  });
  await db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
}

/** The current 6-digit code of a TOTP secret (as stored by better-auth: its text is the key). */
export function totpCode(secret: string): Promise<string> {
  return createOTP(secret, { digits: 6, period: 30 }).totp();
}

export const SESSION_COOKIE = 'candor.session_token';

/**
 * Creates a session for the user directly in the database and returns the cookie value a browser
 * would send: `<token>.<HMAC-SHA256(token, secret) in base64>`, URL-encoded, as better-auth signs it.
 */
export async function createSessionCookie(
  db: Db,
  userId: string,
  secret: string = TEST_AUTH_SECRET,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(sessions).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${signature}`);
}

/** A browser already signed in as the user (through a session row, without the sign-in route). */
export async function signInAs(app: FastifyInstance, db: Db, user: Pick<TestUser, 'id'>): Promise<Browser> {
  const browser = new Browser(app);
  browser.setCookie(SESSION_COOKIE, await createSessionCookie(db, user.id));
  return browser;
}

/**
 * Signs the browser in through POST /api/session, as a person would; with two-factor on, gives the
 * current code of `twoFactorSecret` at POST /api/session/two-factor.
 */
export async function signIn(
  browser: Browser,
  email: string,
  password: string,
  twoFactorSecret?: string | null,
): Promise<void> {
  const response = await browser.request({
    method: 'POST',
    url: '/api/session',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  }
  if (!response.json<{ twoFactorRequired?: boolean }>().twoFactorRequired) return;
  if (!twoFactorSecret) throw new Error(`sign-in as ${email} asks for a two-factor code; no secret given`);
  const second = await browser.request({
    method: 'POST',
    url: '/api/session/two-factor',
    payload: { code: await totpCode(twoFactorSecret) },
  });
  if (second.statusCode !== 200) {
    throw new Error(`two-factor sign-in as ${email} failed: ${second.statusCode} ${second.body}`);
  }
}

/** A new user (see insertUser) and a browser signed in as them. */
export async function insertSignedInUser(
  t: { app: FastifyInstance; db: Db },
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; browser: Browser }> {
  const user = await insertUser(t.db, overrides);
  return { user, browser: await signInAs(t.app, t.db, user) };
}

/** A user of the test file (see insertSignedInUser), inserted and signed in before its tests run. */
export function useSignedInUser(
  t: { app: FastifyInstance; db: Db },
  overrides: Partial<TestUser> = {},
): { user: TestUser; browser: Browser } {
  const handle = {} as { user: TestUser; browser: Browser };
  beforeAll(async () => {
    Object.assign(handle, await insertSignedInUser(t, overrides));
  });
  return handle;
}
