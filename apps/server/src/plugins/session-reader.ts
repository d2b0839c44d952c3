import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { among } from '../db/among.ts';
import type { Db } from '../db/client.ts';
import { sessions, type users } from '../db/schema/auth.ts';
import { selectRows } from '../db/select-rows.ts';
import { createGroupCommit } from '../lib/group-commit.ts';
import type { SignedIn } from './access.ts';
import type { Auth } from './auth.ts';

/** The most session reads one query answers; more waiting requests go in the next. */
const SESSION_READ_BATCH = 100;

type SessionCookieConfig = {
  cookieName: string;
  dontRememberName: string;
  verifySignedValue: (value: string) => string | undefined;
  expiresInMs: number;
  updateAgeMs: number;
};

/** The value of one cookie in a Cookie header (URL-decoded), or undefined. */
function readCookie(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eqAt = part.indexOf('=');
    if (eqAt < 0) continue;
    if (part.slice(0, eqAt).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eqAt + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** How many tokens' signatures a reader keeps once checked (about 200 bytes each; the oldest go first). */
const SIGNATURE_CACHE_SIZE = 10_000;

/**
 * Checks cookies signed as better-auth signs them (`token.base64(HMAC-SHA256)`) and answers the
 * token, or undefined. A token whose signature was once found good keeps its expected signature, so
 * the same cookie on the next request is compared (in constant time, as the first) but not hashed
 * again. Only good signatures are kept: forged cookies cannot fill the cache.
 */
export function signatureChecker(secret: string, cacheSize = SIGNATURE_CACHE_SIZE) {
  const expectedByToken = new Map<string, Buffer>();
  const check = (value: string): string | undefined => {
    const dot = value.lastIndexOf('.');
    if (dot < 1) return undefined;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const known = expectedByToken.get(token);
    const expected = known ?? createHmac('sha256', secret).update(token).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (!known) {
      if (expectedByToken.size >= cacheSize)
        expectedByToken.delete(expectedByToken.keys().next().value as string);
      expectedByToken.set(token, expected);
    }
    return token;
  };
  return Object.assign(check, { kept: () => expectedByToken.size });
}

type UserRow = typeof users.$inferSelect;

/** A session with its account's actor and status, and when it was last active (last-active.ts). */
type SessionActor = Pick<UserRow, 'role' | 'status' | 'twoFactorEnabled'> & {
  token: string;
  expiresAt: Date;
  lastActiveAt: Date;
  userId: string;
};

/**
 * Sessions with their account's actor and status, built once (every request that carries a cookie
 * runs it; decision 041, "Statements built once"); the reader adds which tokens.
 */
const SESSION_ACTORS = sql.raw(
  `select s.token, s.expires_at::text as expires_at, s.updated_at::text as updated_at,
          u.id as user_id, u.role, u.status, u.two_factor_enabled
     from sessions s
     join users u on u.id = s.user_id`,
);

/** The sessions of these tokens, looked up through the token's index (one JSON parameter). */
export function sessionsOfTokens(tokens: readonly string[]): SQL {
  return sql`${SESSION_ACTORS} where ${among(sql`s.token`, tokens)}`;
}

async function readSessionActors(db: Db, query: SQL): Promise<SessionActor[]> {
  const rows = await selectRows<{
    token: string;
    expires_at: string;
    updated_at: string;
    user_id: string;
    role: UserRow['role'];
    status: UserRow['status'];
    two_factor_enabled: boolean;
  }>(db, query);
  return rows.map((row) => ({
    token: row.token,
    expiresAt: sessions.expiresAt.mapFromDriverValue(row.expires_at) as Date,
    lastActiveAt: sessions.updatedAt.mapFromDriverValue(row.updated_at) as Date,
    userId: row.user_id,
    role: row.role,
    status: row.status,
    twoFactorEnabled: row.two_factor_enabled,
  }));
}

/**
 * Reads who is signed in (the actor and their account's status) in one database query, for the common case: a valid
 * session that better-auth would not refresh on this request. Answers `undefined` whenever
 * better-auth must decide (no or unsigned cookie, unknown or expired session, a session due for
 * its daily extension, a "don't remember me" session), so better-auth stays the authority for
 * creating, extending and ending sessions. The session row is read on every request, after it
 * arrived (requests that arrive together share one query): a signed-out, revoked or expired session
 * is refused at once, and a suspension shows on the next request.
 */
export function createSessionReader(auth: Auth, db: Db) {
  let config: Promise<SessionCookieConfig> | undefined;
  const loadConfig = async (): Promise<SessionCookieConfig> => {
    const context = await auth.$context;
    return {
      cookieName: context.authCookies.sessionToken.name,
      dontRememberName: context.authCookies.dontRememberToken.name,
      verifySignedValue: signatureChecker(context.secret),
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    };
  };

  // Requests that arrive together read their sessions in one query (decision 041): each read still
  // starts after its request arrived, so a session ended before it is refused.
  const lookups = createGroupCommit<string, SessionActor | undefined>({
    maxBatch: SESSION_READ_BATCH,
    runOne: async (token) =>
      (await readSessionActors(db, sql`${SESSION_ACTORS} where s.token = ${token}`))[0],
    runBatch: async (tokens) => {
      const rows = await readSessionActors(db, sessionsOfTokens(tokens));
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return tokens.map((token) => ({ ok: true, value: byToken.get(token) }));
    },
  });

  async function readSession(cookieHeader: string, now = Date.now()): Promise<SignedIn | undefined> {
    config ??= loadConfig();
    const { cookieName, dontRememberName, verifySignedValue, expiresInMs, updateAgeMs } = await config;
    if (readCookie(cookieHeader, dontRememberName) !== undefined) return undefined;
    const value = readCookie(cookieHeader, cookieName);
    if (!value) return undefined;
    const token = verifySignedValue(value);
    if (!token) return undefined;
    const row = await lookups.submit(token);
    if (!row) return undefined;
    const expiresAt = row.expiresAt.getTime();
    const dueForRefresh = expiresAt - expiresInMs + updateAgeMs <= now;
    if (expiresAt <= now || dueForRefresh) return undefined;
    return {
      actor: { id: row.userId, role: row.role },
      status: row.status,
      twoFactorEnabled: row.twoFactorEnabled,
      session: { token: row.token, lastActiveAt: row.lastActiveAt },
    };
  }
  return Object.assign(readSession, { stats: lookups.stats });
}
