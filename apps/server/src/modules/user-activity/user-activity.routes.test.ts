import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { sessions, signIns } from '../../db/schema/auth.ts';
import { insertUser, signIn, signInAs, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
const compliance = useSignedInUser(t, { role: 'compliance' });
const support = useSignedInUser(t, { role: 'support' });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A browser signed in through POST /api/session from `address` with `userAgent`. */
async function signInFrom(user: TestUser, address: string, userAgent: string): Promise<Browser> {
  const browser = new Browser(t.app);
  const res = await browser.request({
    method: 'POST',
    url: '/api/session',
    payload: { email: user.email, password: user.password },
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

function isSignedIn(browser: Browser) {
  return browser.request({ method: 'GET', url: '/api/session' }).then((res) => res.json().user !== null);
}

describe('sign-ins are recorded', () => {
  test('with the time, the address and the browser', async () => {
    const user = await insertUser(t.db);
    const before = Date.now();
    await signInFrom(user, '203.0.113.7', FIREFOX);
    const rows = await t.db.select().from(signIns).where(eq(signIns.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ipAddress: '203.0.113.7', userAgent: FIREFOX });
    expect(rows[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test('a failed sign-in records nothing', async () => {
    const user = await insertUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: user.email, password: 'not-the-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(signIns).where(eq(signIns.userId, user.id))).toEqual([]);
  });
});

describe('a customer reads and ends their own sessions', () => {
  test('sees their sign-ins and active sessions, this browser marked', async () => {
    const user = await insertUser(t.db);
    await signInFrom(user, '198.51.100.1', SAFARI);
    const laptop = await signInFrom(user, '198.51.100.2', FIREFOX);
    const res = await laptop.request({ method: 'GET', url: '/api/account/activity' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.signIns.map((row: { ipAddress: string }) => row.ipAddress)).toEqual([
      '198.51.100.2',
      '198.51.100.1',
    ]);
    expect(body.signIns[0]).toMatchObject({ userAgent: FIREFOX, createdAt: expect.any(String) });
    expect(body.sessions).toHaveLength(2);
    const current = body.sessions.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ ipAddress: '198.51.100.2', userAgent: FIREFOX });
  });

  test('ending another session stops it working; ending this one signs out', async () => {
    const user = await insertUser(t.db);
    const phone = await signInFrom(user, '198.51.100.3', SAFARI);
    const laptop = await signInFrom(user, '198.51.100.4', FIREFOX);
    const { sessions: list } = (await laptop.request({ method: 'GET', url: '/api/account/activity' })).json();
    const phoneSession = list.find((s: { current: boolean }) => !s.current);
    const laptopSession = list.find((s: { current: boolean }) => s.current);

    const ended = await laptop.request({ method: 'DELETE', url: `/api/account/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(204);
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);

    await laptop.request({ method: 'DELETE', url: `/api/account/sessions/${laptopSession.id}` });
    expect(await isSignedIn(laptop)).toBe(false);
    // A customer's own session ends are not staff actions: nothing is audited.
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audits).toEqual([]);
  });

  test('ending every other session refuses them from their next request and keeps this one', async () => {
    const user = await insertUser(t.db);
    const phone = await signInFrom(user, '198.51.100.7', SAFARI);
    const tablet = await signInFrom(user, '198.51.100.8', SAFARI);
    const laptop = await signInFrom(user, '198.51.100.9', FIREFOX);
    const someoneElse = await signInFrom(await insertUser(t.db), '198.51.100.10', FIREFOX);
    expect((await phone.request({ method: 'GET', url: '/api/account/activity' })).statusCode).toBe(200);

    const res = await laptop.request({ method: 'DELETE', url: '/api/account/other-sessions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    for (const ended of [phone, tablet]) {
      expect((await ended.request({ method: 'GET', url: '/api/account/activity' })).statusCode).toBe(401);
    }
    const activity = await laptop.request({ method: 'GET', url: '/api/account/activity' });
    expect(activity.statusCode).toBe(200);
    expect(activity.json().sessions).toEqual([
      expect.objectContaining({ current: true, userAgent: FIREFOX }),
    ]);
    expect(await isSignedIn(someoneElse)).toBe(true);

    // Again with no other session: nothing more ends, this one stays.
    const again = await laptop.request({ method: 'DELETE', url: '/api/account/other-sessions' });
    expect(again.json()).toEqual({ ended: 0 });
    expect(await isSignedIn(laptop)).toBe(true);
    // Not a staff action: nothing is audited, as for one session.
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id))).toEqual([]);
  });

  test('a staff member ends their own other sessions the same way', async () => {
    const member = await insertUser(t.db, { role: 'compliance' });
    const phone = await signInAs(t.app, t.db, member);
    const laptop = await signInAs(t.app, t.db, member);
    const res = await laptop.request({ method: 'DELETE', url: '/api/account/other-sessions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect((await phone.request({ method: 'GET', url: '/api/account/activity' })).statusCode).toBe(401);
    expect((await laptop.request({ method: 'GET', url: '/api/account/activity' })).statusCode).toBe(200);
  });

  test("cannot see or end someone else's session", async () => {
    const victim = await insertUser(t.db);
    const victimBrowser = await signInFrom(victim, '198.51.100.5', SAFARI);
    const [victimSession] = await t.db.select().from(sessions).where(eq(sessions.userId, victim.id));
    const other = await insertUser(t.db);
    const otherBrowser = await signInFrom(other, '198.51.100.6', FIREFOX);

    const activity = (await otherBrowser.request({ method: 'GET', url: '/api/account/activity' })).json();
    expect(activity.sessions.map((s: { id: string }) => s.id)).not.toContain(victimSession?.id);
    expect(activity.signIns.map((s: { ipAddress: string }) => s.ipAddress)).toEqual(['198.51.100.6']);

    const res = await otherBrowser.request({
      method: 'DELETE',
      url: `/api/account/sessions/${victimSession?.id}`,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await isSignedIn(victimBrowser)).toBe(true);
  });

  test('a signed-out visitor gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/activity' })).statusCode).toBe(401);
  });
});

describe("staff manage a customer's sessions", () => {
  async function customerWithTwoSessions() {
    const customer = await insertUser(t.db);
    const phone = await signInFrom(customer, '192.0.2.10', SAFARI);
    const laptop = await signInFrom(customer, '192.0.2.11', FIREFOX);
    return { customer, phone, laptop };
  }

  function sessionsOf(id: string, as: Browser) {
    return as.request({ method: 'GET', url: `/api/admin/users/${id}/sessions` });
  }

  function audits(userId: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId)))
      .orderBy(desc(auditLog.seq));
  }

  test('the user page shows the recent sign-ins', async () => {
    const { customer } = await customerWithTwoSessions();
    const res = await compliance.browser.request({ method: 'GET', url: `/api/admin/users/${customer.id}` });
    expect(res.json().recentSignIns).toMatchObject([
      { ipAddress: '192.0.2.11', userAgent: FIREFOX },
      { ipAddress: '192.0.2.10', userAgent: SAFARI },
    ]);
  });

  test('compliance ends one session, then all, each audited', async () => {
    const { customer, phone, laptop } = await customerWithTwoSessions();
    const listed = await sessionsOf(customer.id, compliance.browser);
    expect(listed.statusCode).toBe(200);
    const items = listed.json().items;
    expect(items).toHaveLength(2);
    expect(items.every((s: { current: boolean }) => !s.current)).toBe(true);
    const phoneSession = items.find((s: { ipAddress: string }) => s.ipAddress === '192.0.2.10');

    const one = await compliance.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${customer.id}/sessions/${phoneSession.id}`,
      payload: { reason: 'Lost phone reported by the customer' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ ended: 1 });
    expect(await isSignedIn(phone)).toBe(false);
    expect(await isSignedIn(laptop)).toBe(true);
    const [first] = await audits(customer.id);
    expect(first).toMatchObject({
      action: 'user.session_ended',
      actorId: compliance.user.id,
      actorRole: 'compliance',
      subjectUserId: customer.id,
      reason: 'Lost phone reported by the customer',
      before: { session: { id: phoneSession.id, ipAddress: '192.0.2.10' } },
    });

    const all = await compliance.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${customer.id}/sessions`,
    });
    expect(all.json()).toEqual({ ended: 1 });
    expect(await isSignedIn(laptop)).toBe(false);
    expect((await sessionsOf(customer.id, compliance.browser)).json().items).toEqual([]);
    const [second] = await audits(customer.id);
    expect(second).toMatchObject({
      action: 'user.sessions_ended',
      reason: null,
      actorId: compliance.user.id,
    });
  });

  test('an unknown session is 404 and audits nothing', async () => {
    const { customer } = await customerWithTwoSessions();
    const res = await compliance.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${customer.id}/sessions/not-a-session`,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await audits(customer.id)).toEqual([]);
  });

  test('support can list the sessions but gets 403 ending them', async () => {
    const { customer, laptop } = await customerWithTwoSessions();
    const listed = await sessionsOf(customer.id, support.browser);
    expect(listed.statusCode).toBe(200);
    const [session] = listed.json().items;
    const one = await support.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${customer.id}/sessions/${session.id}`,
    });
    const all = await support.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${customer.id}/sessions`,
    });
    expect([one.statusCode, all.statusCode]).toEqual([403, 403]);
    expect(await isSignedIn(laptop)).toBe(true);
  });

  test('a customer gets 403 on another customer, and staff sessions are not managed here', async () => {
    const { customer, laptop } = await customerWithTwoSessions();
    expect((await sessionsOf(customer.id, laptop)).statusCode).toBe(403);
    expect(
      (await laptop.request({ method: 'DELETE', url: `/api/admin/users/${customer.id}/sessions` }))
        .statusCode,
    ).toBe(403);
    const staff = await compliance.browser.request({
      method: 'DELETE',
      url: `/api/admin/users/${support.user.id}/sessions`,
    });
    expect(staff.statusCode).toBe(403);
    expect((await sessionsOf('no-such-user', compliance.browser)).statusCode).toBe(404);
  });
});

test('signIn helper still signs in (sign-in recording does not break the common path)', async () => {
  const user = await insertUser(t.db);
  const browser = new Browser(t.app);
  await signIn(browser, user.email, user.password);
  expect(await isSignedIn(browser)).toBe(true);
});
