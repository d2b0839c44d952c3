import { EMAIL_VERIFICATION_MESSAGES } from '@candor/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterEach, expect, test, vi } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { findLastMail, signedInBrowser, signUpUser, tokenFromLink } from '../../test/auth-helpers.ts';
import { insertUser, signInAs } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
afterEach(() => {
  vi.useRealTimers();
});

const INVALID_LINK = { code: 'INVALID_TOKEN', message: 'This verification link is invalid or has expired.' };

function verify(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/email-verifications', payload: { token } });
}

async function signUpToken(email: string): Promise<string> {
  const mail = await findLastMail(t.db, email, 'verify your e-mail');
  if (!mail) throw new Error(`No verification mail to ${email}`);
  return tokenFromLink(mail.textBody, '/verify-email');
}

async function isVerified(userId: string): Promise<boolean | undefined> {
  const [row] = await t.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, userId));
  return row?.v;
}

test('the sign-up link verifies the address', async () => {
  const user = await signUpUser(t.app);
  expect(await isVerified(user.id)).toBe(false);
  const res = await verify(await signUpToken(user.email));
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ email: user.email, emailChanged: false });
  expect(await isVerified(user.id)).toBe(true);
  const browser = await signedInBrowser(t.app, user);
  expect((await browser.request({ method: 'GET', url: '/api/me' })).json().emailVerified).toBe(true);
});

test('using the link again answers 200 and changes nothing', async () => {
  const user = await signUpUser(t.app);
  const token = await signUpToken(user.email);
  expect((await verify(token)).statusCode).toBe(200);
  const again = await verify(token);
  expect(again.statusCode).toBe(200);
  expect(again.json()).toEqual({ email: user.email, emailChanged: false });
});

test('a made-up token answers 400 INVALID_TOKEN', async () => {
  const res = await verify('not-a-token');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(INVALID_LINK);
});

test('a token whose payload was altered answers 400 INVALID_TOKEN and verifies nobody', async () => {
  const victim = await signUpUser(t.app);
  const attacker = await signUpUser(t.app);
  const [header, payload, signature] = (await signUpToken(attacker.email)).split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify({ ...claims, email: victim.email, userId: victim.id })).toString(
    'base64url',
  );
  const res = await verify(`${header}.${forged}.${signature}`);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(INVALID_LINK);
  expect(await isVerified(victim.id)).toBe(false);
});

test('an expired token (older than one hour) answers 400 INVALID_TOKEN', async () => {
  const user = await signUpUser(t.app);
  const token = await signUpToken(user.email);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 });
  const res = await verify(token);
  vi.useRealTimers();
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual(INVALID_LINK);
  expect(await isVerified(user.id)).toBe(false);
});

test('an empty token answers 400 VALIDATION_FAILED', async () => {
  const res = await verify('');
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
});

function sendAgain(browser?: Awaited<ReturnType<typeof signedInBrowser>>) {
  const request = { method: 'POST', url: '/api/account/verification-emails' } as const;
  return browser ? browser.request(request) : t.app.inject(request);
}

async function verificationMails(email: string): Promise<number> {
  const rows = await t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email));
  return rows.length;
}

test('after the first link expired, the owner gets a new one that verifies the address', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const expired = await signUpToken(user.email);
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60 * 60 * 1000 });
  expect((await verify(expired)).json()).toEqual(INVALID_LINK);

  const res = await sendAgain(browser);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.sent(user.email) });
  const fresh = await signUpToken(user.email);
  expect(fresh).not.toBe(expired);
  const used = await verify(fresh);
  vi.useRealTimers();
  expect(used.statusCode, used.body).toBe(200);
  expect(await isVerified(user.id)).toBe(true);
});

test('the new link is in the owner’s Messages, with the link, and nowhere else', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  expect((await sendAgain(browser)).statusCode).toBe(202);
  const mail = await findLastMail(t.db, user.email, 'verify your e-mail');
  expect(mail?.userId).toBe(user.id);
  const token = tokenFromLink(mail?.textBody ?? '', '/verify-email');
  const messages = (await browser.request({ method: 'GET', url: '/api/messages' })).json();
  const newest = await browser.request({ method: 'GET', url: `/api/messages/${messages.items[0].id}` });
  expect(newest.json().text).toContain(token);
  // Staff read envelopes only (the walk over every staff route is in staff-cannot-read-mail.test.ts).
  const owner = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'owner' }));
  const log = await owner.request({ method: 'GET', url: `/api/admin/outbox?search=${user.email}` });
  expect(log.statusCode).toBe(200);
  expect(log.json().items).toHaveLength(2);
  expect(log.body).not.toContain(token);
  expect((await owner.request({ method: 'GET', url: `/api/admin/outbox/${mail?.id}` })).statusCode).toBe(404);
});

test('signed out, the resend answers 401 and sends nothing', async () => {
  const res = await sendAgain();
  expect(res.statusCode).toBe(401);
  expect(res.json().code).toBe('UNAUTHENTICATED');
});

test('a verified address answers 409 and no mail is sent', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  expect((await verify(await signUpToken(user.email))).statusCode).toBe(200);
  const before = await verificationMails(user.email);
  const res = await sendAgain(browser);
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code: 'CONFLICT', message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
  expect(await verificationMails(user.email)).toBe(before);
});
