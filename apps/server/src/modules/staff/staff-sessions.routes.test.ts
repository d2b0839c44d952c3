import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { sessions } from '../../db/schema/auth.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let owner: TestUser;
let ownerBrowser: Browser;

beforeAll(async () => {
  owner = await insertUser(t.db, { role: 'owner' });
  ownerBrowser = await signInAs(t.app, t.db, owner);
});

/** A staff member signed in on two devices. */
async function memberOnTwoDevices(role: TestUser['role']) {
  const member = await insertUser(t.db, { role });
  const laptop = await signInAs(t.app, t.db, member);
  const phone = await signInAs(t.app, t.db, member);
  return { member, laptop, phone };
}

function endSessionsOf(id: string, as: Browser, payload?: Record<string, string>) {
  return as.request({ method: 'DELETE', url: `/api/admin/staff/${id}/sessions`, payload });
}

/** The status of an ordinary signed-in request of this browser. */
async function nextRequest(browser: Browser): Promise<number> {
  return (await browser.request({ method: 'GET', url: '/api/account/activity' })).statusCode;
}

async function sessionCount(userId: string): Promise<number> {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

function audits(userId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'user.sessions_ended')))
    .orderBy(desc(auditLog.seq));
}

describe("the owner ends a staff member's sessions", () => {
  test('every session ends, the next request is 401, and the reason is in the audit log', async () => {
    const { member, laptop, phone } = await memberOnTwoDevices('admin');
    expect(await nextRequest(laptop)).toBe(200);
    const res = await endSessionsOf(member.id, ownerBrowser, { reason: '  Laptop reported stolen  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect([await nextRequest(laptop), await nextRequest(phone)]).toEqual([401, 401]);
    expect(await sessionCount(member.id)).toBe(0);
    const [row] = await audits(member.id);
    expect(row).toMatchObject({
      action: 'user.sessions_ended',
      actorId: owner.id,
      actorRole: 'owner',
      targetType: 'user',
      targetId: member.id,
      reason: 'Laptop reported stolen',
      after: { sessions: [] },
    });
    expect(row?.before).toMatchObject({ sessions: [expect.any(Object), expect.any(Object)] });
    // The owner's own session is untouched.
    expect(await nextRequest(ownerBrowser)).toBe(200);
  });

  test("another owner's sessions too", async () => {
    const { member, laptop } = await memberOnTwoDevices('owner');
    const res = await endSessionsOf(member.id, ownerBrowser, { reason: 'Phone lost' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await nextRequest(laptop)).toBe(401);
  });

  test.each([
    ['no body', undefined],
    ['no reason', {}],
    ['a blank reason', { reason: '   ' }],
  ])('refused without a reason (%s): nothing ended, nothing audited', async (_, payload) => {
    const { member, laptop } = await memberOnTwoDevices('support');
    const res = await endSessionsOf(member.id, ownerBrowser, payload);
    expect(res.statusCode, res.body).toBe(400);
    // Without a body the schema's own words, without the field's name.
    const message = payload === undefined ? 'Reason is required' : 'reason: Reason is required';
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await nextRequest(laptop)).toBe(200);
    expect(await audits(member.id)).toEqual([]);
  });

  test('a reason longer than 500 characters is refused', async () => {
    const { member, laptop } = await memberOnTwoDevices('support');
    const res = await endSessionsOf(member.id, ownerBrowser, { reason: 'x'.repeat(501) });
    expect(res.statusCode, res.body).toBe(400);
    expect(await nextRequest(laptop)).toBe(200);
  });

  test('not their own sessions through this path (409, nothing ended)', async () => {
    const res = await endSessionsOf(owner.id, ownerBrowser, { reason: 'Mine' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'CONFLICT',
      message: 'Your own sessions are ended on your account security page, not here.',
    });
    expect(await nextRequest(ownerBrowser)).toBe(200);
    expect(await audits(owner.id)).toEqual([]);
  });

  test("a customer's sessions are not ended here (409), an unknown account is 404", async () => {
    const customer = await insertUser(t.db);
    const browser = await signInAs(t.app, t.db, customer);
    const res = await endSessionsOf(customer.id, ownerBrowser, { reason: 'Wrong page' });
    expect(res.statusCode, res.body).toBe(409);
    expect(await nextRequest(browser)).toBe(200);
    expect(await audits(customer.id)).toEqual([]);
    expect((await endSessionsOf('no-such-user', ownerBrowser, { reason: 'x' })).statusCode).toBe(404);
  });
});

describe('only the owner (staff.manage) ends a staff member’s sessions', () => {
  test.each(['admin', 'accountant', 'support', 'compliance', 'client'] as const)(
    '%s gets 403 here and on the customers’ route; nothing ended, nothing audited',
    async (role) => {
      const actor = await signInAs(t.app, t.db, await insertUser(t.db, { role }));
      const { member, laptop } = await memberOnTwoDevices('admin');
      const here = await endSessionsOf(member.id, actor, { reason: 'Not mine to end' });
      const customers = await actor.request({
        method: 'DELETE',
        url: `/api/admin/users/${member.id}/sessions`,
        payload: { reason: 'Not mine to end' },
      });
      expect([here.statusCode, customers.statusCode]).toEqual([403, 403]);
      expect(await nextRequest(laptop)).toBe(200);
      expect(await audits(member.id)).toEqual([]);
    },
  );

  test("the customers' route still refuses a staff target, for the owner too", async () => {
    const { member, laptop } = await memberOnTwoDevices('support');
    const res = await ownerBrowser.request({
      method: 'DELETE',
      url: `/api/admin/users/${member.id}/sessions`,
      payload: { reason: 'Wrong route' },
    });
    expect(res.statusCode).toBe(403);
    expect(await nextRequest(laptop)).toBe(200);
  });

  test('a signed-out visitor gets 401', async () => {
    const { member } = await memberOnTwoDevices('support');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/${member.id}/sessions`,
      payload: { reason: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
