import { STAFF_PASSWORD_MESSAGES } from '@candor/contracts/staff-passwords';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { insertSignedInUser, insertUser, signIn } from '../../test/factories.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { createOperatorResetLink } from '../password-resets/reset-link.ts';

/** Staff passwords must be hard to guess (decision 049); customers keep the seed's 8 characters. */
const t = useTestApp();

const WEAK = 'password123';
const STRONG = 'Copper-Fjord-Meadow-72';

async function sessionCount(userId: string): Promise<number> {
  return (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

function signInWith(browser: Browser, email: string, password: string) {
  return browser.request({ method: 'POST', url: '/api/session', payload: { email, password } });
}

describe('signing in', () => {
  test('a staff member whose password is easy to guess is refused, with no session, and told to reset it', async () => {
    // With two-factor on (the staff's rule) and without: neither gets a session or a challenge.
    for (const member of [
      await insertUser(t.db, { role: 'accountant', password: WEAK }),
      await insertUser(t.db, { role: 'support', password: WEAK, twoFactorSecret: null }),
    ]) {
      const browser = new Browser(t.app);
      const res = await signInWith(browser, member.email, WEAK);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: STAFF_PASSWORD_MESSAGES.changeRequired,
      });
      expect(res.cookies).toEqual([]);
      expect(await sessionCount(member.id)).toBe(0);
    }
  });

  test('a wrong password is the usual failure, whatever its strength', async () => {
    const member = await insertUser(t.db, { role: 'support', password: STRONG });
    const res = await signInWith(new Browser(t.app), member.email, WEAK);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });

  test('a customer promoted to the staff with a weak password signs in only after choosing a better one', async () => {
    const customer = await insertUser(t.db, { password: WEAK });
    expect((await signInWith(new Browser(t.app), customer.email, WEAK)).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'compliance' }).where(eq(users.id, customer.id));
    expect((await signInWith(new Browser(t.app), customer.email, WEAK)).statusCode).toBe(403);

    const { url } = await createOperatorResetLink(t.db, {
      userId: customer.id,
      publicUrl: 'http://localhost:3000',
      now: new Date(),
    });
    const token = new URL(url).searchParams.get('token') ?? '';
    const reset = (newPassword: string) =>
      t.app.inject({ method: 'POST', url: '/api/password-resets/complete', payload: { token, newPassword } });
    const refused = await reset('password1234');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak });
    // The link still works for a better one.
    expect((await reset(STRONG)).statusCode).toBe(204);
    const res = await signInWith(new Browser(t.app), customer.email, STRONG);
    expect(res.statusCode).toBe(200);
  });
});

describe('changing the password', () => {
  test('a staff member must choose one hard to guess, their own name counting against it', async () => {
    const member = await insertSignedInUser(t, {
      role: 'admin',
      name: 'Marta Quinlan',
      twoFactorSecret: null,
    });
    const change = (newPassword: string) =>
      member.browser.request({
        method: 'POST',
        url: '/api/account/password',
        payload: { currentPassword: member.user.password, newPassword },
      });
    for (const weak of ['password1234', 'MartaQuinlan1', 'Candor-2026']) {
      const res = await change(weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json()).toEqual({ code: 'WEAK_PASSWORD', message: STAFF_PASSWORD_MESSAGES.tooWeak });
    }
    expect((await change(STRONG)).statusCode).toBe(204);
    await signIn(new Browser(t.app), member.user.email, STRONG);
  });

  test("a customer keeps the seed's rule: any 8 characters", async () => {
    const customer = await insertSignedInUser(t);
    const res = await customer.browser.request({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: customer.user.password, newPassword: WEAK },
    });
    expect(res.statusCode).toBe(204);
    expect((await signInWith(new Browser(t.app), customer.user.email, WEAK)).statusCode).toBe(200);
  });
});
