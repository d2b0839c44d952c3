import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { offPlatformContactMessage, paymentDemandMessage } from '@candor/contracts/staff-texts';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/auth.ts';
import { selectRows } from '../../db/select-rows.ts';
import { insertUser, signInAs, useSignedInUser } from '../../test/factories.ts';
import { fund } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { lockUser, updateUserRole } from '../users/users.repository.ts';
import { readWithdrawalSettings } from './withdrawal-settings.service.ts';
import { PAYOUTS, requestWithdrawal, setWithdrawalLimits } from './withdrawal-test-helpers.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
beforeAll(async () => {
  await setWithdrawalLimits(t.db, 0n, 0);
});

const url = (userId: string) => `/api/admin/users/${userId}/withdrawal-settings`;

function put(userId: string, body: object, as: Browser = admin.browser) {
  return as.request({ method: 'PUT', url: url(userId), payload: body });
}

describe("an administrator sets a customer's withdrawal settings", () => {
  test('a customer starts with no hold and no code', async () => {
    const user = await insertUser(t.db);
    const res = await admin.browser.request({ method: 'GET', url: url(user.id) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null });
    expect(await readWithdrawalSettings(t.db, user.id)).toEqual(res.json());
  });

  test('saving stores the settings, audited with before, after and the hold reason', async () => {
    const user = await insertUser(t.db);
    const res = await put(user.id, {
      holdEnabled: true,
      holdReason: '  Pending KYC review ',
      requireCode: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      holdEnabled: true,
      holdReason: 'Pending KYC review',
      requireCode: true,
      updatedAt: expect.any(String),
    });
    expect((await admin.browser.request({ method: 'GET', url: url(user.id) })).json()).toEqual(res.json());

    const off = await put(user.id, { holdEnabled: false, requireCode: false });
    expect(off.json()).toMatchObject({ holdEnabled: false, holdReason: null, requireCode: false });

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.withdrawal_settings')))
      .orderBy(auditLog.createdAt);
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      actorId: admin.user.id,
      targetType: 'user',
      reason: 'Pending KYC review',
      before: { holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null },
      after: { holdEnabled: true, holdReason: 'Pending KYC review', requireCode: true },
    });
    expect(audits[1]).toMatchObject({
      reason: null,
      before: { holdEnabled: true, holdReason: 'Pending KYC review' },
      after: { holdEnabled: false, holdReason: null },
    });
  });

  test('a save that changes nothing records nothing, and answers the settings in force (QA finding 13)', async () => {
    const user = await insertUser(t.db);
    const audits = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.withdrawal_settings')));
    // Never set: saving the defaults stores nothing and answers them.
    const defaults = await put(user.id, { holdEnabled: false, requireCode: false });
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json()).toEqual({
      holdEnabled: false,
      holdReason: null,
      requireCode: false,
      updatedAt: null,
    });
    expect(await audits()).toEqual([]);
    const set = await put(user.id, {
      holdEnabled: true,
      holdReason: 'Pending KYC review',
      requireCode: true,
    });
    expect(await audits()).toHaveLength(1);
    const again = await put(user.id, {
      holdEnabled: true,
      holdReason: ' Pending KYC review  ',
      requireCode: true,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(set.json());
    expect(await audits()).toHaveLength(1);
    // One field changed is a change.
    await put(user.id, { holdEnabled: true, holdReason: 'Pending KYC review', requireCode: false });
    expect(await audits()).toHaveLength(2);
  });

  test('a hold needs a reason', async () => {
    const user = await insertUser(t.db);
    const res = await put(user.id, { holdEnabled: true, holdReason: ' ', requireCode: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('A reason is required to hold withdrawals');
    expect(await readWithdrawalSettings(t.db, user.id)).toMatchObject({ holdEnabled: false });
  });

  test.each([
    ['Pay a $200 release fee to unlock withdrawals', 'a payment'],
    ['Send 0.01 BTC to release your funds', 'a payment'],
    ['A clearance f\u0435e is required to receive your funds', 'a release fee'], // a Cyrillic е
  ])(
    'a hold reason asking the customer to pay, %j, is refused with 422 PAYMENT_DEMAND; nothing is stored',
    async (reason, words) => {
      const user = await insertUser(t.db);
      const res = await put(user.id, { holdEnabled: true, holdReason: reason, requireCode: false });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: paymentDemandMessage(words) });
      expect(await readWithdrawalSettings(t.db, user.id)).toMatchObject({
        holdEnabled: false,
        holdReason: null,
      });
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
      expect(audits).toHaveLength(0);
    },
  );

  test.each([
    ['Contact support on Telegram @candor_help to release funds', 'Telegram'],
    ['Message our desk on WhatsApp +44 7700 900123', 'WhatsApp'],
    ['Funds held: DM us for the release code', 'direct messages'],
  ])(
    'a hold reason sending the customer to an outside chat, %j, is refused with 422 PAYMENT_DEMAND; nothing is stored',
    async (reason, channel) => {
      const user = await insertUser(t.db);
      const res = await put(user.id, { holdEnabled: true, holdReason: reason, requireCode: false });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'PAYMENT_DEMAND', message: offPlatformContactMessage(channel) });
      expect(await readWithdrawalSettings(t.db, user.id)).toMatchObject({
        holdEnabled: false,
        holdReason: null,
      });
      const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
      expect(audits).toHaveLength(0);
    },
  );

  test('a hold reason naming support by e-mail or a signal plan is kept', async () => {
    for (const reason of [
      'Your proof of payment is unreadable: contact support at support@example.com',
      'Withdrawals wait until your signal plan purchase is reviewed',
    ]) {
      const user = await insertUser(t.db);
      const res = await put(user.id, { holdEnabled: true, holdReason: reason, requireCode: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ holdEnabled: true, holdReason: reason });
    }
  });

  test('an honest hold reason is kept', async () => {
    const user = await insertUser(t.db);
    const reason = 'Identity documents expired: upload a new ID on the Identity page';
    const res = await put(user.id, { holdEnabled: true, holdReason: reason, requireCode: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ holdEnabled: true, holdReason: reason });
  });

  test('an unknown user is 404 "User not found"', async () => {
    for (const res of [
      await admin.browser.request({ method: 'GET', url: url('no-such-user') }),
      await put('no-such-user', { holdEnabled: false, requireCode: false }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
    }
  });

  test('the settings decide the status of the next request', async () => {
    const user = await insertUser(t.db, { identityStatus: 'verified' });
    await fund(t.db, user.id, 100_00n);
    const browser = await signInAs(t.app, t.db, user);
    await put(user.id, { holdEnabled: true, holdReason: 'Manual review', requireCode: false });
    const held = await requestWithdrawal(browser, { amount: '10', ...PAYOUTS.bank });
    expect(held.json()).toMatchObject({ status: 'on_hold', holdReason: 'Manual review' });
    await put(user.id, { holdEnabled: false, requireCode: true });
    const coded = await requestWithdrawal(browser, { amount: '10', ...PAYOUTS.bank });
    expect(coded.json()).toMatchObject({ status: 'awaiting_confirmation' });
    await put(user.id, { holdEnabled: false, requireCode: false });
    expect((await requestWithdrawal(browser, { amount: '10', ...PAYOUTS.bank })).json()).toMatchObject({
      status: 'pending',
    });
  });

  test('a client gets 403, an anonymous visitor 401', async () => {
    const user = await insertUser(t.db);
    const client = await signInAs(t.app, t.db, user);
    expect((await client.request({ method: 'GET', url: url(user.id) })).statusCode).toBe(403);
    expect((await put(user.id, { holdEnabled: false, requireCode: false }, client)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(user.id) })).statusCode).toBe(401);
  });
});

/**
 * Staff accounts hold no money (docs/decisions/062): nothing moves through their withdrawals, so
 * their withdrawal settings (the hold, the e-mailed code) are not changed either. The refusal is the
 * one of Manual adjustment and Book external trade. On PGlite by default; on PostgreSQL with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/<a database you created> \
 *     npx vitest run --project server apps/server/src/modules/withdrawals/withdrawal-settings.routes.test.ts
 */
describe("a staff account's withdrawal settings (decision 062)", () => {
  const REFUSED = { code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE };
  const settingsAudits = (userId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'user.withdrawal_settings')));

  test('every change is refused with 403, for every staff role, and nothing is stored or recorded', async () => {
    for (const role of ['owner', 'admin', 'support', 'compliance', 'accountant'] as const) {
      const member = await insertUser(t.db, { role });
      for (const body of [
        { holdEnabled: true, holdReason: 'Manual review', requireCode: false },
        { holdEnabled: false, requireCode: true },
        { holdEnabled: false, requireCode: false },
      ]) {
        const res = await put(member.id, body);
        expect(res.statusCode, `${role} ${res.body}`).toBe(403);
        expect(res.json()).toEqual(REFUSED);
      }
      expect(await readWithdrawalSettings(t.db, member.id)).toMatchObject({
        holdEnabled: false,
        updatedAt: null,
      });
      expect(await settingsAudits(member.id)).toEqual([]);
    }
  });

  test('an unknown user is still 404, and a customer made staff can no longer be changed', async () => {
    expect((await put('no-such-user', { holdEnabled: false, requireCode: false })).statusCode).toBe(404);
    const user = await insertUser(t.db);
    expect((await put(user.id, { holdEnabled: false, requireCode: true })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'support' }).where(eq(users.id, user.id));
    const res = await put(user.id, { holdEnabled: false, requireCode: false });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual(REFUSED);
    // The settings it had as a customer stay as they were.
    expect(await readWithdrawalSettings(t.db, user.id)).toMatchObject({ requireCode: true });
  });

  /**
   * A role written while the change waits for the user row (run it on PostgreSQL): the Staff tab
   * holds the row FOR NO KEY UPDATE while it writes the role (decision 055), so the change waits and
   * then reads the role in force. On PGlite the request waits for the whole transaction.
   */
  test('a role written while the change waits for the row: the change reads it under the lock and is refused', async () => {
    const user = await insertUser(t.db);
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      await updateUserRole(tx, user.id, 'compliance', new Date());
      answer = put(user.id, { holdEnabled: true, holdReason: 'Manual review', requireCode: false });
      await untilWaitingForALock();
    });
    const res = await answer;
    expect(res?.statusCode, res?.body).toBe(403);
    expect(res?.json()).toEqual(REFUSED);
    expect(await settingsAudits(user.id)).toEqual([]);
  });
});

/** Until a statement of this database waits for a lock (PostgreSQL); PGlite runs one transaction at a time. */
async function untilWaitingForALock(): Promise<void> {
  if (!process.env.DATABASE_URL) return;
  for (let tries = 0; tries < 200; tries += 1) {
    const rows = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
           where not l.granted and a.datname = current_database()`,
    );
    if ((rows[0]?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the change never waited for the row');
}
