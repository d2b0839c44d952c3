import { eq } from 'drizzle-orm';
import { describe, expect, test, vi } from 'vitest';
import { sessions } from '../db/schema/auth.ts';
import { insertUser, signIn, type TestUser, useSignedInUser } from '../test/factories.ts';
import { createManualClock } from '../test/manual-clock.ts';
import { Browser, openTestDatabase, useTestApp } from '../test/test-app.ts';
import { createLastActiveRecorder, LAST_ACTIVE_RESOLUTION_MINUTES } from './last-active.ts';

const clock = createManualClock(new Date());
const t = useTestApp({}, { clock: clock.now });
const compliance = useSignedInUser(t, { role: 'compliance' });

const MINUTE = 60_000;

/** A customer signed in through POST /api/session, the clock set to their session's start. */
async function signedInCustomer(): Promise<{ user: TestUser; browser: Browser; token: string }> {
  const user = await insertUser(t.db);
  const browser = new Browser(t.app);
  await signIn(browser, user.email, user.password);
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  if (!row) throw new Error('the sign-in made no session');
  clock.set(row.updatedAt);
  return { user, browser, token: row.token };
}

async function sessionRow(token: string) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
  if (!row) throw new Error('no such session');
  return row;
}

async function lastActiveShown(browser: Browser): Promise<string> {
  const res = await browser.request({ method: 'GET', url: '/api/account/activity' });
  expect(res.statusCode, res.body).toBe(200);
  const [session] = res.json<{ sessions: Array<{ lastActiveAt: string }> }>().sessions;
  if (!session) throw new Error('no session listed');
  return session.lastActiveAt;
}

describe("a session's last-active time", () => {
  test(`a session used more than ${LAST_ACTIVE_RESOLUTION_MINUTES} minutes after its last activity shows the new time, its expiry unchanged`, async () => {
    const { user, browser, token } = await signedInCustomer();
    const started = await sessionRow(token);
    expect(await lastActiveShown(browser)).toBe(started.updatedAt.toISOString());

    clock.advance(6 * MINUTE);
    const usedAt = clock.now().toISOString();
    const written = t.app.lastActive.stats().written;
    // The request is answered without waiting for the write; the next read shows it.
    expect((await browser.request({ method: 'GET', url: '/api/me/statement' })).statusCode).toBe(200);
    await t.app.lastActive.settled();
    expect(t.app.lastActive.stats().written).toBe(written + 1);
    expect(await lastActiveShown(browser)).toBe(usedAt);
    const after = await sessionRow(token);
    expect(after.updatedAt.toISOString()).toBe(usedAt);
    expect(after.expiresAt).toEqual(started.expiresAt);

    // Staff see the same on the customer's page.
    const staffView = await compliance.browser.request({
      method: 'GET',
      url: `/api/admin/users/${user.id}/sessions`,
    });
    expect(staffView.statusCode, staffView.body).toBe(200);
    expect(staffView.json().items).toEqual([expect.objectContaining({ lastActiveAt: usedAt })]);
  });

  test(`a session used within ${LAST_ACTIVE_RESOLUTION_MINUTES} minutes of its last activity writes nothing`, async () => {
    const { browser, token } = await signedInCustomer();
    const started = await sessionRow(token);
    const written = t.app.lastActive.stats().written;
    for (const minutes of [1, 2, 4]) {
      clock.set(new Date(started.updatedAt.getTime() + minutes * MINUTE));
      expect(await lastActiveShown(browser)).toBe(started.updatedAt.toISOString());
      await t.app.lastActive.settled();
    }
    expect(t.app.lastActive.stats().written).toBe(written);
    expect((await sessionRow(token)).updatedAt).toEqual(started.updatedAt);
  });

  test('requests that find their session stale together write it once, and then not for 5 minutes', async () => {
    const { browser, token } = await signedInCustomer();
    const written = t.app.lastActive.stats().written;
    clock.advance(10 * MINUTE);
    const usedAt = clock.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => browser.request({ method: 'GET', url: '/api/me/statement' })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    await t.app.lastActive.settled();
    expect(t.app.lastActive.stats().written).toBe(written + 1);
    expect((await sessionRow(token)).updatedAt).toEqual(usedAt);

    clock.advance(4 * MINUTE);
    await lastActiveShown(browser);
    await t.app.lastActive.settled();
    expect(t.app.lastActive.stats().written).toBe(written + 1);
    clock.advance(2 * MINUTE);
    await lastActiveShown(browser);
    await t.app.lastActive.settled();
    expect(t.app.lastActive.stats().written).toBe(written + 2);
    expect((await sessionRow(token)).updatedAt).toEqual(clock.now());
  });

  test('a write that fails is logged and fails nothing; the next use tries again', async () => {
    const { database, drop } = await openTestDatabase();
    await drop();
    const log = { error: vi.fn() };
    const record = createLastActiveRecorder({ db: database.db, clock: clock.now, log });
    const session = { token: 'some-token', lastActiveAt: new Date(clock.now().getTime() - 6 * MINUTE) };
    expect(() => record(session)).not.toThrow();
    await record.settled();
    expect(record.stats()).toEqual({ written: 0, failed: 1 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.anything() }),
      "a session's last-active time could not be recorded",
    );
    record(session);
    await record.settled();
    expect(record.stats().failed).toBe(2);
  });
});
