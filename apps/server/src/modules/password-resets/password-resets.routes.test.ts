import { eq, like } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { verifications } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import {
  buildSignUp,
  findLastMail,
  signedInBrowser,
  signUpUser,
  tokenFromLink,
} from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const INVALID_LINK = { code: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired.' };

let addressSeq = 0;
function nextAddress(): string {
  addressSeq += 1;
  return `10.2.0.${addressSeq}`;
}

function requestReset(email: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/password-resets', payload: { email }, remoteAddress });
}

function completeReset(token: string, newPassword: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/password-resets/complete',
    payload: { token, newPassword },
  });
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).statusCode).toBe(202);
  const mail = await findLastMail(t.db, email, 'reset your password');
  if (!mail) throw new Error(`No reset mail to ${email}`);
  return tokenFromLink(mail.textBody, '/reset-password/new');
}

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password } });
}

test('an unknown e-mail answers 404 USER_NOT_FOUND and sends nothing', async () => {
  const email = buildSignUp().email;
  const res = await requestReset(email);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({
    code: 'USER_NOT_FOUND',
    message: 'No account found with that email address.',
  });
  expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toHaveLength(0);
});

test('the e-mailed link resets the password end to end and ends every session', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);

  const res = await requestReset(user.email.toUpperCase());
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ message: 'Password reset email sent! Check your inbox.' });
  const mail = await findLastMail(t.db, user.email, 'reset your password');
  expect(mail?.textBody).toContain('http://localhost:3000/reset-password/new?token=');
  const token = tokenFromLink(mail?.textBody ?? '', '/reset-password/new');

  const done = await completeReset(token, 'a-brand-new-password');
  expect(done.statusCode).toBe(204);
  expect((await browser.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  expect((await signIn(user.email, user.password)).statusCode).toBe(401);
  expect((await signIn(user.email, 'a-brand-new-password')).statusCode).toBe(200);
  // The owner is told, in case the reset was not theirs.
  const notice = await findLastMail(t.db, user.email, 'your password was reset');
  expect(notice).toMatchObject({ subject: 'Candor: your password was reset', userId: user.id });
  expect(notice?.textBody).toContain('The password of your Candor account was reset on ');
  expect(notice?.textBody).toContain('new withdrawals wait until ');
});

test('a reset token works once', async () => {
  const user = await signUpUser(t.app);
  const token = await resetToken(user.email);
  expect((await completeReset(token, 'first-new-password')).statusCode).toBe(204);
  const again = await completeReset(token, 'second-new-password');
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual(INVALID_LINK);
  expect((await signIn(user.email, 'first-new-password')).statusCode).toBe(200);
});

test('an unknown token answers 400 INVALID_TOKEN', async () => {
  const res = await completeReset('not-a-real-token', 'whatever-password');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(INVALID_LINK);
});

test('an expired token answers 400 INVALID_TOKEN and leaves the password unchanged', async () => {
  const user = await signUpUser(t.app);
  const token = await resetToken(user.email);
  await t.db
    .update(verifications)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verifications.identifier, `reset-password:${token}`));
  const res = await completeReset(token, 'too-late-password');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(INVALID_LINK);
  expect((await signIn(user.email, user.password)).statusCode).toBe(200);
});

test('a new password shorter than 8 characters answers 400 and keeps the token usable', async () => {
  const user = await signUpUser(t.app);
  const token = await resetToken(user.email);
  const res = await completeReset(token, 'short');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  expect((await completeReset(token, 'long-enough-now')).statusCode).toBe(204);
});

test('a client address is limited to 10 reset requests in 15 minutes', async () => {
  const ip = nextAddress();
  for (let i = 0; i < 10; i += 1) expect((await requestReset(buildSignUp().email, ip)).statusCode).toBe(404);
  const user = await signUpUser(t.app);
  const limited = await requestReset(user.email, ip);
  expect(limited.statusCode).toBe(429);
  expect(limited.json()).toEqual({
    code: 'RATE_LIMITED',
    message: 'Too many password reset requests. Please wait 15 minutes and try again.',
  });
  expect(await findLastMail(t.db, user.email, 'reset your password')).toBeUndefined();
  expect((await requestReset(user.email, nextAddress())).statusCode).toBe(202);
});

test('one e-mail address gets at most 5 reset mails in 15 minutes, whatever the client address', async () => {
  const user = await signUpUser(t.app);
  for (let i = 0; i < 5; i += 1) expect((await requestReset(user.email, nextAddress())).statusCode).toBe(202);
  expect((await requestReset(user.email, nextAddress())).statusCode).toBe(429);
  const mails = await t.db.select().from(mailOutbox).where(like(mailOutbox.subject, '%reset your password%'));
  expect(mails.filter((m) => m.toAddress === user.email)).toHaveLength(5);
});
