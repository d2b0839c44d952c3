import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { runAdminCommand } from '../../cli/admin-commands.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { readEnv } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { findLastMail, tokenFromLink } from '../../test/auth-helpers.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { raceWriterIntoCheck } from '../../test/lock-races.ts';
import { fund, insertFundedCustomer } from '../../test/money.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { insertFollower, insertProvider } from '../copy-trading/copy-test-helpers.ts';
import { createOperatorResetLink } from '../password-resets/reset-link.ts';
import { changeStaffRole } from './staff.service.ts';

const t = useTestApp();
let owner: TestUser;
let ownerBrowser: Browser;
let adminBrowser: Browser;

beforeAll(async () => {
  owner = await insertUser(t.db, { role: 'owner', name: 'Olivia Owner' });
  ownerBrowser = await signInAs(t.app, t.db, owner);
  adminBrowser = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'admin', name: 'Adam Admin' }));
});

async function roleOf(id: string) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

async function auditOf(id: string) {
  const res = await ownerBrowser.request({ method: 'GET', url: `/api/admin/audit?subject=${id}` });
  return res.json().items as { action: string; actor: { id: string }; before: unknown; after: unknown }[];
}

describe('the Staff tab', () => {
  test('lists the staff, owners first, with e-mail, role and since when', async () => {
    const res = await ownerBrowser.request({ method: 'GET', url: '/api/admin/staff' });
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items[0]).toMatchObject({ id: owner.id, name: 'Olivia Owner', email: owner.email, role: 'owner' });
    expect(items.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin']);
    expect(items[0].since).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('only the owner manages the staff', async () => {
    expect((await adminBrowser.request({ method: 'GET', url: '/api/admin/staff' })).statusCode).toBe(403);
  });

  test('the owner adds a staff member, verified at once (no link mailed); audited', async () => {
    const res = await ownerBrowser.request({
      method: 'POST',
      url: '/api/admin/staff',
      payload: {
        fullname: 'Sam Support',
        email: 'Sam.Support@Example.test',
        username: 'sam_support',
        password: 'Initial-Heron-Tundra-58',
        role: 'support',
      },
    });
    expect(res.statusCode).toBe(201);
    const member = res.json();
    expect(member).toMatchObject({ name: 'Sam Support', email: 'sam.support@example.test', role: 'support' });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ role: 'support', emailVerified: true, mustChoosePassword: true });
    // Verified at once: no "verify your e-mail address" message with a live link (QA finding 7).
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.userId, member.id))).toEqual([]);
    const [audit] = await auditOf(member.id);
    expect(audit).toMatchObject({
      action: 'staff.create',
      actor: { id: owner.id },
      before: null,
      after: { email: 'sam.support@example.test', role: 'support', username: 'sam_support' },
    });

    const again = await ownerBrowser.request({
      method: 'POST',
      url: '/api/admin/staff',
      payload: {
        fullname: 'X',
        email: 'sam.support@example.test',
        username: 'other',
        password: 'Brass-Lantern-Orbit-31',
        role: 'admin',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMAIL_TAKEN');
  });

  test('a staff password easy to guess is refused in plain words, and no account is made', async () => {
    const add = (password: string) =>
      ownerBrowser.request({
        method: 'POST',
        url: '/api/admin/staff',
        payload: {
          fullname: 'Tessa Weakley',
          email: 'tessa.weakley@example.test',
          username: 'tessa_w',
          password,
          role: 'accountant',
        },
      });
    // Common passwords, their usual variants, the site's name, the member's own name, the back office's words.
    for (const password of [
      'password123',
      'Password123!',
      'qwertyuiop1',
      'Candor2026!',
      'TessaWeakley1',
      'Staff-password-1',
    ]) {
      const res = await add(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'tessa.weakley@example.test'))).toEqual([]);
    expect((await add('Copper-Fjord-Meadow-72')).statusCode).toBe(201);
  });

  test('the owner changes a role, or removes a member from the staff; each assignment audited', async () => {
    const member = await insertUser(t.db, { role: 'support' });
    const change = (role: string) =>
      ownerBrowser.request({ method: 'PUT', url: `/api/admin/staff/${member.id}/role`, payload: { role } });
    const res = await change('compliance');
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ id: member.id, role: 'compliance' });
    expect(await roleOf(member.id)).toBe('compliance');
    const removed = await change('client');
    expect(removed.json()).toEqual({ member: null });
    expect(await roleOf(member.id)).toBe('client');
    const rows = await auditOf(member.id);
    expect(rows.map((r) => [r.action, r.before, r.after])).toEqual([
      ['staff.role', { role: 'compliance' }, { role: 'client' }],
      ['staff.role', { role: 'support' }, { role: 'compliance' }],
    ]);
    expect((await change('superuser')).statusCode).toBe(400);
  });

  test('a role is granted to an existing account by its e-mail', async () => {
    const customer = await insertUser(t.db);
    const res = await ownerBrowser.request({
      method: 'POST',
      url: '/api/admin/staff/grants',
      payload: { email: customer.email.toUpperCase(), role: 'accountant' },
    });
    expect(res.statusCode).toBe(200);
    expect(await roleOf(customer.id)).toBe('accountant');
    const unknown = await ownerBrowser.request({
      method: 'POST',
      url: '/api/admin/staff/grants',
      payload: { email: 'nobody@example.test', role: 'accountant' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('No account found with that email address');
  });

  test('an owner cannot change their own role', async () => {
    const res = await ownerBrowser.request({
      method: 'PUT',
      url: `/api/admin/staff/${owner.id}/role`,
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You cannot change your own role: another owner can.');
    expect(await roleOf(owner.id)).toBe('owner');
  });

  test('the last owner cannot be demoted', async () => {
    // The only owner, demoted by an actor who (by a race) is no longer one: the last-owner rule answers.
    const error = await t.db
      .transaction((tx) =>
        changeStaffRole({
          tx,
          actor: { id: 'someone-else', role: 'owner' },
          now: new Date(),
          userId: owner.id,
          role: 'admin',
        }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      'The last owner cannot be demoted: make another member owner first.',
    );
    expect(await roleOf(owner.id)).toBe('owner');
  });

  test('two owners demoting each other at once: one wins, an owner remains', async () => {
    const second = await insertUser(t.db, { role: 'owner' });
    const secondBrowser = await signInAs(t.app, t.db, second);
    const [a, b] = await Promise.all([
      ownerBrowser.request({
        method: 'PUT',
        url: `/api/admin/staff/${second.id}/role`,
        payload: { role: 'admin' },
      }),
      secondBrowser.request({
        method: 'PUT',
        url: `/api/admin/staff/${owner.id}/role`,
        payload: { role: 'admin' },
      }),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const roles = [await roleOf(owner.id), await roleOf(second.id)].sort();
    expect(roles).toEqual(['admin', 'owner']);
    // On PostgreSQL either may win: the later tests act as `owner`, so it is made owner again.
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
  });
});

describe('a customer holding money or open business stays a customer', () => {
  const HOLDS_MONEY =
    'This customer holds money or open business (a balance, open positions, pending deposits or withdrawals, a loan, a trader copied): as staff, it would vanish from the Users tab. Settle it first, or add the staff member with a new account.';

  function grant(email: string, role = 'support') {
    return ownerBrowser.request({ method: 'POST', url: '/api/admin/staff/grants', payload: { email, role } });
  }

  test('a funded customer is refused a staff role: 409, still a customer, nothing audited', async () => {
    const customer = await insertUser(t.db);
    await fund(t.db, customer.id, 10_000n);
    const res = await grant(customer.email);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: HOLDS_MONEY });
    expect(await roleOf(customer.id)).toBe('client');
    expect((await auditOf(customer.id)).filter((row) => row.action.startsWith('staff.'))).toEqual([]);
    const changed = await ownerBrowser.request({
      method: 'PUT',
      url: `/api/admin/staff/${customer.id}/role`,
      payload: { role: 'admin' },
    });
    expect(changed.statusCode).toBe(409);
    expect(await roleOf(customer.id)).toBe('client');
  });

  test('open business with no balance is refused too (a pending deposit)', async () => {
    const customer = await insertUser(t.db);
    await insertPendingDeposit(t.db, customer.id);
    const res = await grant(customer.email, 'accountant');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HOLDS_MONEY);
    expect(await roleOf(customer.id)).toBe('client');
  });

  test('a deposit approved while the role is given: the check reads it under the lock the posting takes, and refuses', async () => {
    // The approval commits while the check waits between its locks and its counts (on PostgreSQL):
    // had the check not held the customer's ledger accounts, it would have found the deposit decided
    // and its balance read before the credit, and a staff account would hold $25.
    const customer = await insertUser(t.db);
    const pending = await insertPendingDeposit(t.db, customer.id);
    const [granted, approved] = await raceWriterIntoCheck(t.database, {
      holdTable: 'loan_applications',
      check: () => grant(customer.email),
      // Another staff member decides (a role change locks the owners' rows, which an owner's
      // posting refers to as its actor).
      writer: () =>
        adminBrowser.request({
          method: 'POST',
          url: `/api/admin/deposits/${pending.id}/approve`,
          payload: { reason: 'Payment received' },
        }),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(granted.statusCode, granted.body).toBe(409);
    expect(granted.json().message).toBe(HOLDS_MONEY);
    expect(await roleOf(customer.id)).toBe('client');
  });

  test('a customer copying a trader is refused a staff role (staff do not copy)', async () => {
    const provider = await insertProvider(t, 0n);
    const follower = await insertFollower(t, 0n, provider, null);
    const res = await grant(follower.user.email);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(HOLDS_MONEY);
    expect(await roleOf(follower.user.id)).toBe('client');
  });

  test('a copy started while the role is given waits for it, then finds a staff account: refused, nothing copied', async () => {
    const provider = await insertProvider(t, 0n);
    const { user, browser } = await insertFundedCustomer(t, 0n);
    const [granted, copied] = await raceWriterIntoCheck(t.database, {
      holdTable: 'loan_applications',
      check: () => grant(user.email),
      writer: () =>
        browser.post(`/api/strategy-providers/${provider.providerId}/copy`, { copyOpenPositions: false }),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(copied.statusCode, copied.body).toBe(403);
    expect(await t.db.select().from(copyRelations).where(eq(copyRelations.followerUserId, user.id))).toEqual(
      [],
    );
  });

  test('an empty customer account becomes staff, audited', async () => {
    const customer = await insertUser(t.db);
    const res = await grant(customer.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ id: customer.id, role: 'support' });
    expect(await roleOf(customer.id)).toBe('support');
    expect((await auditOf(customer.id)).map((row) => [row.action, row.before, row.after])).toEqual([
      ['staff.role', { role: 'client' }, { role: 'support' }],
    ]);
  });

  test('the command line role command refuses the same (exit code 2), and gives an empty account its role', async () => {
    const env = readEnv({ LOG_LEVEL: 'silent' });
    const funded = await insertUser(t.db);
    await fund(t.db, funded.id, 2_500n);
    const refused = await runAdminCommand(t.db, env, { command: 'role', email: funded.email, role: 'admin' });
    expect(refused).toEqual({ code: 2, out: [], err: [HOLDS_MONEY] });
    expect(await roleOf(funded.id)).toBe('client');
    expect((await auditOf(funded.id)).filter((row) => row.action.startsWith('staff.'))).toEqual([]);

    const empty = await insertUser(t.db);
    const done = await runAdminCommand(t.db, env, { command: 'role', email: empty.email, role: 'admin' });
    expect(done.code).toBe(0);
    expect(await roleOf(empty.id)).toBe('admin');
  });
});

describe('a password the owner chose does not sign in until the member sets their own (decision 049)', () => {
  async function addMember(n: number, password: string) {
    const res = await ownerBrowser.request({
      method: 'POST',
      url: '/api/admin/staff',
      payload: {
        fullname: `Ada Second ${n}`,
        email: `ada${n}@example.test`,
        username: `ada_second_${n}`,
        password,
        role: 'admin',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  const signInWith = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });

  const completeReset = (token: string, newPassword: string) =>
    t.app.inject({ method: 'POST', url: '/api/password-resets/complete', payload: { token, newPassword } });

  async function ownPasswordAudits(id: string) {
    return (await auditOf(id)).filter((row) => row.action === 'user.own_password');
  }

  test('the first sign-in gets no session and is told to choose their own; a reset link sets it, on the record', async () => {
    const id = await addMember(1, 'Initial-Heron-Tundra-58');
    const refused = await signInWith('ada1@example.test', 'Initial-Heron-Tundra-58');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'PASSWORD_CHANGE_REQUIRED',
      message: STAFF_PASSWORD_MESSAGES.chosenByOther,
    });
    expect(refused.cookies).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);

    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      payload: { email: 'ada1@example.test' },
      remoteAddress: '10.9.0.1',
    });
    expect(asked.statusCode).toBe(202);
    const mail = await findLastMail(t.db, 'ada1@example.test', 'reset your password');
    const token = tokenFromLink(mail?.textBody ?? '', '/reset-password/new');
    expect(await ownPasswordAudits(id)).toEqual([]);
    expect((await completeReset(token, 'Saffron-Glacier-Pylon-84')).statusCode).toBe(204);

    expect((await signInWith('ada1@example.test', 'Saffron-Glacier-Pylon-84')).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, id));
    expect(row?.mustChoosePassword).toBe(false);
    const [audit] = await ownPasswordAudits(id);
    expect(audit).toMatchObject({
      actor: { id, role: 'admin' },
      after: { password: 'their own', via: 'reset_link' },
    });
  });

  test("a reset link the site's operator issued works too, and the record says whose link it was", async () => {
    const id = await addMember(2, 'Initial-Heron-Tundra-59');
    const { url } = await createOperatorResetLink(t.db, {
      userId: id,
      publicUrl: 'http://localhost:3000',
      now: new Date(),
    });
    const token = new URL(url).searchParams.get('token') ?? '';
    expect((await completeReset(token, 'Walnut-Comet-Harbor-17')).statusCode).toBe(204);
    expect((await signInWith('ada2@example.test', 'Walnut-Comet-Harbor-17')).statusCode).toBe(200);
    const [audit] = await ownPasswordAudits(id);
    expect(audit?.after).toMatchObject({ via: 'operator_reset_link' });
  });

  test('a customer given a staff role keeps the password they chose themselves', async () => {
    const customer = await insertUser(t.db, { password: 'Velvet-Quarry-Drum-26' });
    await t.db.transaction((tx) =>
      changeStaffRole({
        tx,
        actor: { id: owner.id, role: 'owner' },
        now: new Date(),
        userId: customer.id,
        role: 'accountant',
      }),
    );
    expect((await signInWith(customer.email, 'Velvet-Quarry-Drum-26')).statusCode).not.toBe(403);
  });
});
