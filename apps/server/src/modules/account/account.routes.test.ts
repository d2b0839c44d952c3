import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import {
  buildSignUp,
  findLastMail,
  signedInBrowser,
  signUpUser,
  tokenFromLink,
} from '../../test/auth-helpers.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

function changePassword(browser: Browser, currentPassword: string, newPassword: string) {
  return browser.request({
    method: 'POST',
    url: '/api/account/password',
    payload: { currentPassword, newPassword },
  });
}

function changeEmail(browser: Browser, newEmail: string, password: string) {
  return browser.request({ method: 'POST', url: '/api/account/email', payload: { newEmail, password } });
}

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
}

async function currentEmail(userId: string): Promise<string | undefined> {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

/** Every mail to `to`, oldest first. */
async function mailsTo(to: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.createdAt);
}

test('changing the password keeps this browser signed in and signs out the others', async () => {
  const user = await signUpUser(t.app);
  const here = await signedInBrowser(t.app, user);
  const elsewhere = await signedInBrowser(t.app, user);

  const res = await changePassword(here, user.password, 'a-new-password-1');
  expect(res.statusCode).toBe(204);
  expect((await here.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  expect((await elsewhere.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  expect((await signIn(user.email, 'a-new-password-1')).statusCode).toBe(200);
});

test('the owner is told of the new password by e-mail, kept in Messages, with the withdrawal wait', async () => {
  const user = await signUpUser(t.app);
  const here = await signedInBrowser(t.app, user);
  expect((await changePassword(here, user.password, 'a-new-password-9')).statusCode).toBe(204);
  const notice = await findLastMail(t.db, user.email, 'your password was changed');
  expect(notice).toMatchObject({ subject: 'Candor: your password was changed', userId: user.id });
  expect(notice?.textBody).toMatch(
    /The password of your Candor account was changed on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\. For your protection, new withdrawals wait until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\./,
  );
  expect(notice?.textBody).toContain('"Forgot password"');
  const messages = await here.request({ method: 'GET', url: '/api/messages' });
  expect(messages.body).toContain('Candor: your password was changed');
});

test('a wrong current password answers 403 WRONG_PASSWORD and changes nothing', async () => {
  const user = await signUpUser(t.app);
  const here = await signedInBrowser(t.app, user);
  const elsewhere = await signedInBrowser(t.app, user);
  const res = await changePassword(here, 'not-my-password', 'a-new-password-2');
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ code: 'WRONG_PASSWORD', message: 'The current password is incorrect' });
  expect((await elsewhere.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  expect(await findLastMail(t.db, user.email, 'your password was changed')).toBeUndefined();
});

test('the current password as the new one is refused, and no other session ends', async () => {
  const user = await signUpUser(t.app);
  const here = await signedInBrowser(t.app, user);
  const elsewhere = await signedInBrowser(t.app, user);
  const res = await changePassword(here, user.password, user.password);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    message: 'The new password must be different from the current one',
  });
  expect((await elsewhere.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
});

test('a new password shorter than 8 characters answers 400 VALIDATION_FAILED', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const res = await changePassword(browser, user.password, 'short');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect((await signIn(user.email, user.password)).statusCode).toBe(200);
});

test('changing the e-mail sends a link to the new address and changes nothing until it is used', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const newEmail = buildSignUp().email;

  const res = await changeEmail(browser, newEmail.toUpperCase(), user.password);
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ message: 'Verification email sent to the new email address.' });
  expect(await currentEmail(user.id)).toBe(user.email);
  expect((await browser.request({ method: 'GET', url: '/api/me' })).json().email).toBe(user.email);

  const mail = await findLastMail(t.db, newEmail, 'confirm your new e-mail address');
  const token = tokenFromLink(mail?.textBody ?? '', '/verify-email');
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/email-verifications',
    payload: { token },
  });
  expect(verified.statusCode).toBe(200);
  expect(verified.json()).toEqual({ email: newEmail, emailChanged: true });

  const me = (await browser.request({ method: 'GET', url: '/api/me' })).json();
  expect(me).toMatchObject({ email: newEmail, emailVerified: true });
  expect((await signIn(newEmail, user.password)).statusCode).toBe(200);
  expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  // The old address is told, in case the change was not the owner's.
  const notice = await findLastMail(t.db, user.email, 'your e-mail address was changed');
  expect(notice?.textBody).toContain(`was changed from ${user.email} to ${newEmail}`);
  expect(notice?.textBody).toContain('If you did not, contact the site at once');
  expect(notice?.userId).toBe(user.id);
  // The link is spent once the address has changed.
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/email-verifications', payload: { token } })).statusCode,
  ).toBe(400);
});

test('the link to a new address has a subject and words of its own, not those of the sign-up link', async () => {
  const user = await signUpUser(t.app);
  const signUpMails = await mailsTo(user.email);
  expect(signUpMails.map((mail) => mail.subject)).toEqual(['Candor: verify your e-mail address']);
  const browser = await signedInBrowser(t.app, user);
  const newEmail = buildSignUp().email;
  expect((await changeEmail(browser, newEmail, user.password)).statusCode).toBe(202);

  const [mail, ...more] = await mailsTo(newEmail);
  expect(more).toEqual([]);
  expect(mail?.subject).toBe('Candor: confirm your new e-mail address');
  expect(mail?.userId).toBe(user.id);
  expect(mail?.textBody).toContain('To make this the e-mail address of your account, open this link');
  expect(mail?.textBody).toContain('Until then your account keeps its current address.');
  const signUpWords = 'Please confirm your e-mail address by opening this link';
  expect(signUpMails[0]?.textBody).toContain(signUpWords);
  expect(mail?.textBody).not.toContain(signUpWords);
});

test('a wrong password answers 403 WRONG_PASSWORD and sends no mail', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const newEmail = buildSignUp().email;
  const res = await changeEmail(browser, newEmail, 'not-my-password');
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ code: 'WRONG_PASSWORD', message: 'Incorrect password. Please try again.' });
  expect(await mailsTo(newEmail)).toHaveLength(0);
});

test('an invalid new e-mail answers 400 with the form message', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const res = await changeEmail(browser, 'not-an-email', user.password);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    message: 'Invalid email address. Please enter a valid email.',
  });
});

test('missing fields answer 400 "Please fill in all fields"', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const res = await changeEmail(browser, buildSignUp().email, '');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Please fill in all fields' });
});

test('the current address (in any letter case) answers 400 VALIDATION_FAILED', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const res = await changeEmail(browser, user.email.toUpperCase(), user.password);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    message: 'The new email address is the same as the current one.',
  });
});

test("another account's address answers 409 EMAIL_TAKEN and sends no mail", async () => {
  const other = await signUpUser(t.app);
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const before = await mailsTo(other.email);
  const res = await changeEmail(browser, other.email, user.password);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
  expect(await mailsTo(other.email)).toHaveLength(before.length);
});

test('both routes refuse anonymous callers with 401', async () => {
  const password = await t.app.inject({
    method: 'POST',
    url: '/api/account/password',
    payload: { currentPassword: 'whatever-1', newPassword: 'whatever-2' },
  });
  expect(password.statusCode).toBe(401);
  const email = await t.app.inject({
    method: 'POST',
    url: '/api/account/email',
    payload: { newEmail: buildSignUp().email, password: 'whatever-1' },
  });
  expect(email.statusCode).toBe(401);
});
