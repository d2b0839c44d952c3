import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signIns } from '../../db/schema/auth.ts';
import { knownBrowsers } from '../../db/schema/sign-in-trust.ts';

/**
 * The known-browser cookie: a random value the browser keeps for 400 days (browsers' longest),
 * HttpOnly, SameSite=Lax, Path=/, Secure under https. Each account that signed in from the
 * browser keeps the value's SHA-256 (known_browsers), never the value.
 */
export const KNOWN_BROWSER_COOKIE = 'candor.known_browser';
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** The browser's known-browser token, read from a Cookie header (undefined when absent or malformed). */
export function readKnownBrowserToken(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== KNOWN_BROWSER_COOKIE) continue;
    const token = value.join('=');
    return /^[A-Za-z0-9_-]{32,128}$/.test(token) ? token : undefined;
  }
  return undefined;
}

export function newKnownBrowserToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The Set-Cookie header that keeps (or renews) the token in the browser. */
export function knownBrowserCookie(token: string, { secure }: { secure: boolean }): string {
  const attributes = [`Max-Age=${MAX_AGE_SECONDS}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${KNOWN_BROWSER_COOKIE}=${token}`, ...attributes].join('; ');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when the browser with this token signed in to the account before. */
export async function isKnownBrowser(db: Db, userId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: knownBrowsers.id })
    .from(knownBrowsers)
    .where(and(eq(knownBrowsers.userId, userId), eq(knownBrowsers.tokenHash, hashToken(token))));
  return row !== undefined;
}

/** Records that the browser signed in to the account (now); a browser known already is only touched. */
export async function rememberBrowser(db: Db, userId: string, token: string, now: Date): Promise<void> {
  await db
    .insert(knownBrowsers)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [knownBrowsers.userId, knownBrowsers.tokenHash],
      set: { lastSignInAt: now },
    });
}

/** True when the account has signed in at least once before (its first sign-in sends no notice). */
export async function hasSignedInBefore(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: signIns.id }).from(signIns).where(eq(signIns.userId, userId)).limit(1);
  return row !== undefined;
}
