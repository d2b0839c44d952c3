import { STAFF_ACCOUNT_MONEY_MESSAGE } from '@candor/contracts/staff';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, test } from 'vitest';
import { auditLog } from '../../db/schema/audit.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { selectRows } from '../../db/select-rows.ts';
import { findLastMail, tokenFromLink } from '../../test/auth-helpers.ts';
import { insertUser, signIn, signInAs, type TestUser, useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { lockUser, updateUserRole } from '../users/users.repository.ts';
import {
  PAYOUTS,
  readBalancesOf,
  requestWithdrawal,
  setCustomerSettings,
  setWithdrawalLimits,
} from '../withdrawals/withdrawal-test-helpers.ts';
import { upsertProtection } from './account-security.repository.ts';
import { startWithdrawalWait } from './account-security.service.ts';

const HOUR = 60 * 60_000;
const clock = createManualClock(new Date());
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });
const support = useSignedInUser(t, { role: 'support' });
beforeEach(async () => {
  await setWithdrawalLimits(t.db, 0n, 0);
});

type Customer = { user: TestUser; browser: Browser };

function withdraw(customer: Customer, amount = '10') {
  return requestWithdrawal(customer.browser, { amount, ...PAYOUTS.bank });
}

function protectionOf(browser: Browser) {
  return browser.request({ method: 'GET', url: '/api/withdrawals/protection' });
}

function freeze(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/withdrawal-freezes',
    payload: { token },
    headers: { origin: 'http://localhost:3000' },
  });
}

/** The freeze link's token from the newest withdrawal e-mail to the customer. */
async function freezeTokenFrom(email: string, subject: string): Promise<string> {
  const mail = await findLastMail(t.db, email, subject);
  return tokenFromLink(mail?.textBody ?? '', '/freeze');
}

async function auditActions(userId: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));
  return rows.map((row) => ({ action: row.action, actorId: row.actorId, reason: row.reason }));
}

describe('the 24-hour wait after a security change', () => {
  test('a password change refuses new withdrawals for 24 hours, saying why and until when', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const changedAt = clock.now();
    const changed = await customer.browser.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: customer.user.password, newPassword: 'a-brand-new-password' },
    });
    expect(changed.statusCode).toBe(204);
    const until = new Date(changedAt.getTime() + 24 * HOUR).toISOString();

    const refused = await withdraw(customer);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().code).toBe('WITHDRAWALS_PAUSED');
    expect(refused.json().message).toBe(
      `For your protection, new withdrawals wait 24 hours because your password was changed. You can request a withdrawal again after ${until.slice(0, 10)} ${until.slice(11, 16)} UTC.`,
    );
    expect(await readBalancesOf(customer.browser)).toMatchObject({ available: '100.00', reserved: '0.00' });
    const protection = (await protectionOf(customer.browser)).json();
    expect(protection).toMatchObject({ frozen: false, waitUntil: until, waitCause: 'password_change' });
    expect(protection.message).toBe(refused.json().message);

    const mine = (await customer.browser.request({ method: 'GET', url: '/api/account/security' })).json();
    expect(mine.events[0]).toMatchObject({
      kind: 'password_changed',
      label: 'Password changed',
      waitUntil: until,
    });
    const staff = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/security`,
    });
    expect(staff.json().events[0]).toMatchObject({ kind: 'password_changed' });
    // And on record in the audit log, the account as its own actor.
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawals.wait'), eq(auditLog.targetId, customer.user.id)));
    expect(audited).toMatchObject({
      actorId: customer.user.id,
      actorRole: 'client',
      reason: 'Password changed',
      after: { waitUntil: until },
    });

    clock.advance(23 * HOUR);
    expect((await withdraw(customer)).statusCode).toBe(423);
    clock.advance(1 * HOUR);
    const allowed = await withdraw(customer);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await protectionOf(customer.browser)).json()).toMatchObject({ waitUntil: null, message: null });
  });

  test('a password reset starts the wait too', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/password-resets',
          payload: { email: customer.user.email },
        })
      ).statusCode,
    ).toBe(202);
    const mail = await findLastMail(t.db, customer.user.email, 'reset your password');
    const token = tokenFromLink(mail?.textBody ?? '', '/reset-password/new');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets/complete',
      payload: { token, newPassword: 'reset-new-password' },
    });
    expect(reset.statusCode).toBeLessThan(300);
    const browser = new Browser(t.app);
    await signIn(browser, customer.user.email, 'reset-new-password');
    const refused = await withdraw({ ...customer, browser });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toContain('because your password was reset');
  });

  test('an e-mail change starts the wait once the new address is verified', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const newEmail = `moved-${customer.user.id.slice(0, 8)}@example.test`;
    const asked = await customer.browser.request({
      method: 'POST',
      url: '/api/account/email',
      payload: { newEmail, password: customer.user.password },
    });
    expect(asked.statusCode).toBe(202);
    expect((await withdraw(customer)).statusCode).toBe(200);
    const mail = await findLastMail(t.db, newEmail, 'confirm your new e-mail address');
    const token = tokenFromLink(mail?.textBody ?? '', '/verify-email');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/email-verifications', payload: { token } }))
        .statusCode,
    ).toBe(200);
    const refused = await withdraw(customer);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toContain('because your e-mail address was changed');
  });

  test('startWithdrawalWait (two-factor changes) refuses requests and never shortens a longer wait', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const first = await startWithdrawalWait(t.db, {
      userId: customer.user.id,
      cause: 'password_change',
      now: new Date(clock.now().getTime() + 10 * HOUR),
    });
    const second = await startWithdrawalWait(t.db, {
      userId: customer.user.id,
      cause: 'two_factor_change',
      now: clock.now(),
    });
    expect(second.waitUntil).toEqual(first.waitUntil);
    const refused = await withdraw(customer);
    expect(refused.json().message).toContain('because your two-factor sign-in was turned off');
  });
});

describe('the freeze link', () => {
  test('every withdrawal e-mail carries a freeze link; opening it freezes withdrawals and ends every session', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    const pending = await withdraw(customer);
    expect(pending.statusCode).toBe(200);
    const token = await freezeTokenFrom(customer.user.email, 'withdrawal requested');

    // The code e-mail carries one too.
    await setCustomerSettings(t.db, customer.user.id, { requireCode: true });
    const awaiting = await withdraw(customer);
    expect(awaiting.json().status).toBe('awaiting_confirmation');
    const codeMail = await findLastMail(t.db, customer.user.email, 'withdrawal confirmation code');
    expect(tokenFromLink(codeMail?.textBody ?? '', '/freeze')).not.toBe(token);

    const frozen = await freeze(token);
    expect(frozen.statusCode, frozen.body).toBe(200);
    expect(frozen.json().message).toContain('Withdrawals are frozen');
    expect((await customer.browser.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);

    const browser = new Browser(t.app);
    await signIn(browser, customer.user.email, customer.user.password);
    const again = { ...customer, browser };
    const refused = await withdraw(again);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().code).toBe('WITHDRAWALS_FROZEN');
    const confirm = await browser.post(`/api/withdrawals/${awaiting.json().id}/confirm`, { code: '123456' });
    expect(confirm.json().code).toBe('WITHDRAWALS_FROZEN');
    // The undecided requests stay as they were, for staff to decide.
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, pending.json().id));
    expect(row?.status).toBe('pending');
    expect((await protectionOf(browser)).json()).toMatchObject({ frozen: true });

    // Single use; unknown tokens are refused.
    expect((await freeze(token)).statusCode).toBe(400);
    expect((await freeze(token)).json().code).toBe('INVALID_TOKEN');
    expect((await freeze('not-a-real-token')).statusCode).toBe(400);

    // The customer unfreezes with their password (a minute later: the events list newest first).
    clock.advance(60_000);
    const wrong = await browser.post('/api/account/withdrawal-freeze/unfreeze', {
      password: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(403);
    const unfrozen = await browser.post('/api/account/withdrawal-freeze/unfreeze', {
      password: customer.user.password,
    });
    expect(unfrozen.statusCode, unfrozen.body).toBe(200);
    expect(unfrozen.json()).toMatchObject({ frozen: false, message: null });
    expect((await withdraw(again)).statusCode).toBe(200);

    const events = (await browser.request({ method: 'GET', url: '/api/account/security' })).json().events;
    expect(events.map((e: { kind: string }) => e.kind).slice(0, 2)).toEqual([
      'withdrawals_unfrozen',
      'withdrawals_frozen',
    ]);
    expect(await auditActions(customer.user.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'withdrawals.freeze', actorId: customer.user.id }),
        expect.objectContaining({ action: 'withdrawals.unfreeze', actorId: customer.user.id }),
      ]),
    );
  });

  test('staff release a freeze with a reason (customers.status), audited', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    await withdraw(customer);
    expect(
      (await freeze(await freezeTokenFrom(customer.user.email, 'withdrawal requested'))).statusCode,
    ).toBe(200);
    const url = `/api/admin/users/${customer.user.id}/withdrawal-freeze/release`;

    expect((await support.browser.post(url, { reason: 'Customer called' })).statusCode).toBe(403);
    const noReason = await admin.browser.post(url, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const staffView = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.user.id}/security`,
    });
    expect(staffView.json().protection).toMatchObject({ frozen: true });

    const released = await admin.browser.post(url, { reason: 'The customer called from the number on file' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ frozen: false });
    expect((await admin.browser.post(url, { reason: 'again' })).statusCode).toBe(409);
    expect(await auditActions(customer.user.id)).toEqual(
      expect.arrayContaining([
        {
          action: 'withdrawals.release_freeze',
          actorId: admin.user.id,
          reason: 'The customer called from the number on file',
        },
      ]),
    );
    const browser = new Browser(t.app);
    await signIn(browser, customer.user.email, customer.user.password);
    expect((await withdraw({ ...customer, browser })).statusCode).toBe(200);
  });

  test("a staff account's freeze (from its days as a customer) is not released: 403, it stays, nothing audited", async () => {
    // Staff accounts hold no money (decision 062): nothing can be withdrawn to release it for, and
    // the freeze applies again if the account becomes a customer's.
    const owner = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'owner' }));
    for (const role of ['support', 'admin'] as const) {
      const member = await insertUser(t.db, { role });
      await upsertProtection(t.db, member.id, { frozenAt: new Date(clock.now()), updatedAt: new Date() });
      const url = `/api/admin/users/${member.id}/withdrawal-freeze/release`;
      for (const actor of [admin.browser, owner]) {
        const res = await actor.post(url, { reason: 'Asked by the member' });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json()).toEqual({ code: 'FORBIDDEN', message: STAFF_ACCOUNT_MONEY_MESSAGE });
      }
      const view = await admin.browser.request({
        method: 'GET',
        url: `/api/admin/users/${member.id}/security`,
      });
      expect(view.json().protection).toMatchObject({ frozen: true });
      expect(await auditActions(member.id)).toEqual([]);
    }
  });

  /**
   * A role written while the release waits for the user row (run it on PostgreSQL): the Staff tab
   * holds the row FOR NO KEY UPDATE while it writes the role (decision 055); the release share-locks
   * it and reads the role in force.
   */
  test('a role written while the release waits for the row: it reads it under the lock and is refused', async () => {
    const customer = await insertUser(t.db);
    await upsertProtection(t.db, customer.id, { frozenAt: new Date(clock.now()), updatedAt: new Date() });
    let answer: Promise<LightMyRequestResponse> | undefined;
    await t.db.transaction(async (tx) => {
      await lockUser(tx, customer.id);
      await updateUserRole(tx, customer.id, 'compliance', new Date());
      answer = admin.browser.post(`/api/admin/users/${customer.id}/withdrawal-freeze/release`, {
        reason: 'Confirmed by phone',
      });
      await untilWaitingForALock();
    });
    const res = await answer;
    expect(res?.statusCode, res?.body).toBe(403);
    const view = await admin.browser.request({
      method: 'GET',
      url: `/api/admin/users/${customer.id}/security`,
    });
    expect(view.json().protection).toMatchObject({ frozen: true });
    expect(await auditActions(customer.id)).toEqual([]);
  });

  test('a freeze link expires after 30 days', async () => {
    const customer = await insertFundedCustomer(t, 100_00n);
    await withdraw(customer);
    const token = await freezeTokenFrom(customer.user.email, 'withdrawal requested');
    clock.advance(31 * 24 * HOUR);
    const res = await freeze(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This freeze link is invalid, expired or was already used.',
    });
  });

  test('customers cannot read or release another account', async () => {
    const customer = await insertFundedCustomer(t, 0n);
    const other = await insertFundedCustomer(t, 0n);
    const read = await customer.browser.request({
      method: 'GET',
      url: `/api/admin/users/${other.user.id}/security`,
    });
    expect(read.statusCode).toBe(403);
    const release = await customer.browser.post(
      `/api/admin/users/${other.user.id}/withdrawal-freeze/release`,
      {
        reason: 'x',
      },
    );
    expect(release.statusCode).toBe(403);
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
  throw new Error('the release never waited for the row');
}
