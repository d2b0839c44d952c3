import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { sessions, users } from '../../db/schema/auth.ts';
import { buildSignUp, signedInBrowser, signUpUser } from '../../test/auth-helpers.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

const LOGIN_FAILED = { code: 'INVALID_CREDENTIALS', message: 'Login failed. Please check your credentials.' };
const TOO_MANY = {
  code: 'TOO_MANY_ATTEMPTS',
  message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
};

/** Each throttling test signs in from its own address, so the tests do not share counts. */
let addressSeq = 0;
function nextAddress(): string {
  addressSeq += 1;
  return `10.1.0.${addressSeq}`;
}

function signIn(email: string, password: string, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/session', payload: { email, password }, remoteAddress });
}

test('sign-in answers 200 with the user and sets an HTTP-only session cookie', async () => {
  const user = await signUpUser(t.app);
  const browser = new Browser(t.app);
  const res = await browser.request({
    method: 'POST',
    url: '/api/session',
    payload: { email: user.email.toUpperCase(), password: user.password },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().user).toMatchObject({
    id: user.id,
    username: user.username,
    fullname: user.fullname,
    email: user.email,
    role: 'client',
    status: 'active',
  });
  const cookie = res.cookies.find((c) => c.name === 'candor.session_token');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');
  expect(cookie?.secure).toBeFalsy(); // PUBLIC_URL is http: see plugins/cookies.test.ts for https
  expect(browser.hasSession).toBe(true);
  const [stored] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(stored?.ipAddress).toBe('127.0.0.1');

  const me = await browser.request({ method: 'GET', url: '/api/me' });
  expect(me.statusCode).toBe(200);
  expect(me.json().id).toBe(user.id);
  const session = await browser.request({ method: 'GET', url: '/api/session' });
  expect(session.json()).toEqual({ user: me.json() });
});

test('GET /api/session answers { user: null } when signed out', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/session' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ user: null });
});

test('a wrong password and an unknown e-mail both answer 401 with the same message', async () => {
  const user = await signUpUser(t.app);
  const ip = nextAddress();
  const wrong = await signIn(user.email, 'wrong-password', ip);
  expect(wrong.statusCode).toBe(401);
  expect(wrong.json()).toEqual(LOGIN_FAILED);
  expect(wrong.cookies.find((c) => c.name === 'candor.session_token')).toBeUndefined();
  const unknown = await signIn('nobody@example.com', user.password, ip);
  expect(unknown.statusCode).toBe(401);
  expect(unknown.json()).toEqual(LOGIN_FAILED);
});

test('an invalid e-mail or an empty password answers 400 VALIDATION_FAILED', async () => {
  const badEmail = await signIn('not-an-email', 'whatever1');
  expect(badEmail.statusCode).toBe(400);
  expect(badEmail.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: 'email: Invalid email format',
  });
  const noPassword = await signIn('someone@example.com', '');
  expect(noPassword.statusCode).toBe(400);
  expect(noPassword.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message: 'password: Password is required',
  });
});

test('signing out answers 204, clears the cookie and ends the session on the server', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const [before] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  expect(before).toBeDefined();

  const out = await browser.request({ method: 'DELETE', url: '/api/session' });
  expect(out.statusCode).toBe(204);
  expect(browser.hasSession).toBe(false);
  expect((await browser.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
  expect((await browser.request({ method: 'GET', url: '/api/session' })).json()).toEqual({ user: null });
  expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
});

test('signing out without a session still answers 204', async () => {
  const res = await t.app.inject({ method: 'DELETE', url: '/api/session' });
  expect(res.statusCode).toBe(204);
});

test('a suspended account signs in and sees its status and reason', async () => {
  const user = await signUpUser(t.app);
  await t.db
    .update(users)
    .set({ status: 'suspended', statusReason: 'Documents pending' })
    .where(eq(users.id, user.id));
  const res = await signIn(user.email, user.password);
  expect(res.statusCode).toBe(200);
  expect(res.json().user).toMatchObject({ status: 'suspended', statusReason: 'Documents pending' });
});

test('a closed account cannot sign in and keeps no session', async () => {
  const user = await signUpUser(t.app);
  await t.db.update(users).set({ status: 'closed' }).where(eq(users.id, user.id));
  const res = await signIn(user.email, user.password);
  expect(res.statusCode).toBe(403);
  expect(res.json()).toEqual({ code: 'ACCOUNT_CLOSED', message: 'This account has been closed.' });
  expect(res.cookies.find((c) => c.name === 'candor.session_token')).toBeUndefined();
  expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
});

test('after 5 failures a new browser waits (429, Retry-After) before the account checks a password again, from any address', async () => {
  const user = await signUpUser(t.app);
  const ip = nextAddress();
  for (let i = 0; i < 5; i += 1)
    expect((await signIn(user.email, 'wrong-password', ip)).statusCode).toBe(401);
  for (const address of [ip, nextAddress()]) {
    const blocked = await signIn(user.email.toUpperCase(), user.password, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.json().message).toMatch(
      /^Too many failed login attempts for this account\. Please wait \d+ seconds/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(20);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(30);
  }
  // Another account from the same address is not affected.
  const other = await signUpUser(t.app);
  expect((await signIn(other.email, other.password, ip)).statusCode).toBe(200);
});

test('a successful sign-in clears the account failures', async () => {
  const user = await signUpUser(t.app);
  const ip = nextAddress();
  for (let i = 0; i < 4; i += 1) await signIn(user.email, 'wrong-password', ip);
  expect((await signIn(user.email, user.password, ip)).statusCode).toBe(200);
  for (let i = 0; i < 5; i += 1)
    expect((await signIn(user.email, 'wrong-password', ip)).statusCode).toBe(401);
  expect((await signIn(user.email, 'wrong-password', ip)).statusCode).toBe(429);
});

test('after 20 failures from one address, across different accounts, that address answers 429', async () => {
  const ip = nextAddress();
  for (let i = 0; i < 20; i += 1) {
    const res = await signIn(buildSignUp().email, 'wrong-password', ip);
    expect(res.statusCode).toBe(401);
  }
  const user = await signUpUser(t.app);
  const blocked = await signIn(user.email, user.password, ip);
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual(TOO_MANY);
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
  expect((await signIn(user.email, user.password, nextAddress())).statusCode).toBe(200);
});
