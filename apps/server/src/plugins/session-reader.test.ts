import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../db/client.ts';
import { sessions, users } from '../db/schema/auth.ts';
import { selectRows } from '../db/select-rows.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { createSessionCookie, insertUser, SESSION_COOKIE } from '../test/factories.ts';
import { scansWhole } from '../test/query-plans.ts';
import { openTestDatabase, TEST_AUTH_SECRET } from '../test/test-app.ts';
import { createAuth } from './auth.ts';
import { createSessionReader, sessionsOfTokens, signatureChecker } from './session-reader.ts';

let database: Database;
let drop: () => Promise<void>;
let readSession: ReturnType<typeof createSessionReader>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  const auth = createAuth({
    db: database.db,
    mailer: createMailer(database.db, { from: 'Candor <no-reply@candor.local>' }),
    secret: TEST_AUTH_SECRET,
    publicUrl: 'http://localhost:3000',
    siteName: async () => 'Candor',
    quiet: true,
  });
  readSession = createSessionReader(auth, database.db);
});
afterAll(() => drop());

const DAY = 24 * 3600 * 1000;

describe('the one-query session reader', () => {
  test("a valid signed session cookie gives its actor, their account's status and the session's last activity", async () => {
    const user = await insertUser(database.db, { role: 'admin' });
    const cookie = await createSessionCookie(database.db, user.id);
    const [row] = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(await readSession(`other=1; ${SESSION_COOKIE}=${cookie}`)).toEqual({
      actor: { id: user.id, role: 'admin' },
      status: 'active',
      twoFactorEnabled: true,
      session: { token: row?.token, lastActiveAt: row?.updatedAt },
    });
  });

  test('a cookie with a wrong signature, or without one, is left to better-auth', async () => {
    const user = await insertUser(database.db);
    const cookie = decodeURIComponent(await createSessionCookie(database.db, user.id));
    const [token] = cookie.split('.');
    const forged = `${token}.${Buffer.alloc(32, 1).toString('base64')}`;
    expect(await readSession(`${SESSION_COOKIE}=${encodeURIComponent(forged)}`)).toBeUndefined();
    expect(await readSession(`${SESSION_COOKIE}=${token}`)).toBeUndefined();
    expect(await readSession('unrelated=1')).toBeUndefined();
  });

  test('a signed-out (deleted) or expired session is left to better-auth', async () => {
    const user = await insertUser(database.db);
    const cookie = await createSessionCookie(database.db, user.id);
    const token = decodeURIComponent(cookie).split('.')[0] ?? '';
    const header = `${SESSION_COOKIE}=${cookie}`;
    expect(await readSession(header, Date.now() + 8 * DAY)).toBeUndefined(); // past its 7-day expiry
    await database.db.delete(sessions).where(eq(sessions.token, token));
    expect(await readSession(header)).toBeUndefined();
  });

  test('a session due for its daily extension is left to better-auth, which extends it', async () => {
    const user = await insertUser(database.db);
    const cookie = await createSessionCookie(database.db, user.id); // expires in 7 days
    const header = `${SESSION_COOKIE}=${cookie}`;
    expect(await readSession(header, Date.now() + DAY - 60_000)).toBeDefined();
    expect(await readSession(header, Date.now() + DAY + 60_000)).toBeUndefined();
  });

  test('a suspension shows on the next request', async () => {
    const user = await insertUser(database.db);
    const header = `${SESSION_COOKIE}=${await createSessionCookie(database.db, user.id)}`;
    await database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await readSession(header))?.status).toBe('suspended');
  });

  test('reads that arrive together share one query, and each gets its own session', async () => {
    const signedIn = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const user = await insertUser(database.db);
        return { user, header: `${SESSION_COOKIE}=${await createSessionCookie(database.db, user.id)}` };
      }),
    );
    const [ended, suspended] = signedIn;
    if (!ended || !suspended) throw new Error('six users were signed in');
    const endedToken = decodeURIComponent(ended.header.split('=')[1] ?? '').split('.')[0] ?? '';
    await database.db.delete(sessions).where(eq(sessions.token, endedToken));
    await database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const before = readSession.stats();
    const answers = await Promise.all([
      ...signedIn.map(({ header }) => readSession(header)),
      readSession(signedIn[2]?.header ?? ''),
    ]);
    expect(answers.map((answer) => answer?.actor.id)).toEqual([
      undefined,
      suspended.user.id,
      ...signedIn.slice(2).map(({ user }) => user.id),
      signedIn[2]?.user.id,
    ]);
    expect(answers[1]?.status).toBe('suspended');
    expect(answers[2]?.status).toBe('active');
    const after = readSession.stats();
    expect(after.items - before.items).toBe(7);
    expect(after.batches - before.batches).toBe(1);
  });

  test("the batched read looks tokens up through the token's index, among thousands of sessions", async () => {
    const user = await insertUser(database.db);
    // Thousands of sessions: a plan that reads the whole table shows.
    await database.db.execute(sql`
      insert into sessions (id, token, user_id, expires_at)
      select 'many-' || g, 'token-' || g, ${user.id}, now() + interval '7 days'
        from generate_series(1, 6000) g`);
    await database.db.execute(sql`analyze sessions`);
    const batch = sessionsOfTokens(['token-1', 'token-2']);
    const rows = await selectRows<{ 'QUERY PLAN': unknown }>(
      database.db,
      sql`explain (format json) ${batch}`,
    );
    const plan = JSON.stringify(rows[0]);
    expect(plan).toContain('"Relation Name":"sessions"');
    // The few users of the test database may be read whole; the thousands of sessions may not.
    expect(scansWhole(plan, 'sessions')).toBe(false);
    expect((await selectRows<{ token: string }>(database.db, batch)).map((row) => row.token).sort()).toEqual([
      'token-1',
      'token-2',
    ]);
  });
});

describe('the signature check', () => {
  const secret = 'a-secret-of-the-instance';
  const sign = (token: string, key = secret) =>
    `${token}.${createHmac('sha256', key).update(token).digest('base64')}`;

  test('a good signature gives the token, the second time from what was kept', () => {
    const check = signatureChecker(secret);
    expect(check(sign('token-a'))).toBe('token-a');
    expect(check.kept()).toBe(1);
    expect(check(sign('token-a'))).toBe('token-a');
    expect(check.kept()).toBe(1);
  });

  test('a token whose good signature is kept is still refused with another signature', () => {
    const check = signatureChecker(secret);
    expect(check(sign('token-a'))).toBe('token-a');
    expect(check(sign('token-a', 'another-secret'))).toBeUndefined();
    expect(check(`token-a.${Buffer.alloc(32, 7).toString('base64')}`)).toBeUndefined();
    expect(check('token-a.')).toBeUndefined();
    expect(check('token-a')).toBeUndefined();
  });

  test('forged cookies are not kept, and what is kept is bounded', () => {
    const check = signatureChecker(secret, 3);
    for (let i = 0; i < 50; i++) expect(check(sign(`forged-${i}`, 'another-secret'))).toBeUndefined();
    expect(check.kept()).toBe(0);
    for (let i = 0; i < 10; i++) expect(check(sign(`token-${i}`))).toBe(`token-${i}`);
    expect(check.kept()).toBe(3);
    // The oldest went first; it is checked again from the secret, and still good.
    expect(check(sign('token-0'))).toBe('token-0');
    expect(check(sign('token-0', 'another-secret'))).toBeUndefined();
  });
});
