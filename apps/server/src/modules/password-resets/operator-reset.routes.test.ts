import { expect, test } from 'vitest';
import { findLastMail, signUpUser, tokenFromLink } from '../../test/auth-helpers.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { createOperatorResetLink } from './reset-link.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const clock = createManualClock(new Date());
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

let addressSeq = 0;
function signIn(email: string, password: string) {
  addressSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email, password },
    remoteAddress: `10.3.0.${addressSeq}`,
  });
}

function completeReset(token: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password-resets/complete',
    payload: { token, newPassword },
  });
}

/** What `npm run admin -- reset-link` makes: the operator's link, its token. */
async function operatorResetToken(userId: string): Promise<string> {
  const { url } = await createOperatorResetLink(t.db, {
    userId,
    publicUrl: 'http://localhost:3000',
    now: clock.now(),
  });
  return tokenFromLink(url, '/reset-password/new');
}

/** The customer's own reset: the e-mailed link. */
async function ownResetToken(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/password-resets',
    payload: { email },
    remoteAddress: '10.3.1.1',
  });
  expect(res.statusCode).toBe(202);
  const mail = await findLastMail(t.db, email, 'reset your password');
  return tokenFromLink(mail?.textBody ?? '', '/reset-password/new');
}

async function securityOf(email: string, password: string) {
  const browser = new Browser(t.app);
  const login = await browser.request({ method: 'POST', url: '/api/session', payload: { email, password } });
  expect(login.statusCode, login.body).toBe(200);
  const res = await browser.request({ method: 'GET', url: '/api/account/security' });
  expect(res.statusCode).toBe(200);
  return res.json<{
    protection: { waitUntil: string | null; waitCause: string | null; message: string | null };
    events: Array<{ kind: string; label: string; waitUntil: string | null }>;
  }>();
}

test("a password set through the operator's link is its own event, seen by the customer and staff, and withdrawals wait 7 days", async () => {
  const user = await signUpUser(t.app);
  const at = clock.now();
  expect((await completeReset(await operatorResetToken(user.id), 'Taken-Over-Pass-1')).statusCode).toBe(204);

  const security = await securityOf(user.email, 'Taken-Over-Pass-1');
  const waitUntil = new Date(at.getTime() + 7 * DAY).toISOString();
  expect(security.events).toEqual([
    expect.objectContaining({
      kind: 'password_reset_by_operator',
      label: "Password reset with a link from the site's administrators",
      waitUntil,
    }),
  ]);
  expect(security.protection).toMatchObject({ waitUntil, waitCause: 'operator_reset' });
  expect(security.protection.message).toBe(
    `For your protection, new withdrawals wait 7 days because your password was reset with a link from the site's administrators. You can request a withdrawal again after ${waitUntil.slice(0, 10)} ${waitUntil.slice(11, 16)} UTC.`,
  );

  const staff = await admin.browser.request({ method: 'GET', url: `/api/admin/users/${user.id}/security` });
  expect(staff.json().events).toEqual([expect.objectContaining({ kind: 'password_reset_by_operator' })]);

  // The owner's notice names the operator's link and the wait's end.
  const notice = await findLastMail(t.db, user.email, "reset with a link from the site's administrators");
  expect(notice?.textBody).toContain("was reset with a link from the site's administrators on ");
  expect(notice?.textBody).toContain(`new withdrawals wait until ${waitUntil.slice(0, 10)}`);
});

test("a wrong password says the operator's reset and when, for 30 days after it", async () => {
  const user = await signUpUser(t.app);
  const at = clock.now().toISOString();
  expect((await completeReset(await operatorResetToken(user.id), 'Taken-Over-Pass-2')).statusCode).toBe(204);

  clock.advance(29 * DAY);
  const failed = await signIn(user.email, user.password);
  expect(failed.statusCode).toBe(401);
  expect(failed.json()).toEqual({
    code: 'INVALID_CREDENTIALS',
    message: LOGIN_FAILED,
    notice: `This account's password was reset on ${at.slice(0, 10)} ${at.slice(11, 16)} UTC with a link from the site's administrators.`,
  });
  // Changing the password afterwards does not hide it.
  const browser = new Browser(t.app);
  await browser.request({
    method: 'POST',
    url: '/api/session',
    payload: { email: user.email, password: 'Taken-Over-Pass-2' },
  });
  const changed = await browser.request({
    method: 'POST',
    url: '/api/account/password',
    payload: { currentPassword: 'Taken-Over-Pass-2', newPassword: 'Taken-Over-Pass-3' },
  });
  expect(changed.statusCode, changed.body).toBeLessThan(300);
  expect((await signIn(user.email, user.password)).json().notice).toContain('was reset on');

  clock.advance(2 * DAY);
  expect((await signIn(user.email, user.password)).json()).toEqual({
    code: 'INVALID_CREDENTIALS',
    message: LOGIN_FAILED,
  });
});

test("the customer's own reset stays as it is: its own event, 24 hours, no notice at sign-in", async () => {
  const user = await signUpUser(t.app);
  const at = clock.now();
  expect((await completeReset(await ownResetToken(user.email), 'My-Own-New-Pass-4')).statusCode).toBe(204);

  const security = await securityOf(user.email, 'My-Own-New-Pass-4');
  expect(security.events.map((event) => event.kind)).toEqual(['password_reset']);
  expect(security.protection).toMatchObject({
    waitUntil: new Date(at.getTime() + DAY).toISOString(),
    waitCause: 'password_reset',
  });
  expect((await signIn(user.email, user.password)).json()).toEqual({
    code: 'INVALID_CREDENTIALS',
    message: LOGIN_FAILED,
  });
});

test('an account that never had an operator reset fails sign-in with the plain message', async () => {
  const user = await signUpUser(t.app);
  // A link made for someone else does not mark this account.
  const other = await signUpUser(t.app);
  await operatorResetToken(other.id);
  expect((await signIn(user.email, 'not-the-password')).json()).toEqual({
    code: 'INVALID_CREDENTIALS',
    message: LOGIN_FAILED,
  });
});
