import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { accounts, users } from '../../db/schema/auth.ts';
import { buildSignUp, findLastMail, signUpUser, tokenFromLink } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

function signUp(payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/users', payload });
}

test('sign-up creates an active client account and answers 201 with its id', async () => {
  const user = buildSignUp({ username: 'Jane.Doe_1', email: 'Jane.Doe@Example.com' });
  const res = await signUp(user);
  expect(res.statusCode).toBe(201);
  const { id } = res.json();
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  expect(row).toMatchObject({
    name: user.fullname,
    email: 'jane.doe@example.com',
    username: 'jane.doe_1',
    displayUsername: 'Jane.Doe_1',
    role: 'client',
    status: 'active',
    emailVerified: false,
  });
});

test('the password is stored as an argon2id hash, never as given', async () => {
  const user = await signUpUser(t.app);
  const [account] = await t.db.select().from(accounts).where(eq(accounts.userId, user.id));
  expect(account?.password).toMatch(/^\$argon2id\$/);
  expect(account?.password).not.toContain(user.password);
});

test('sign-up e-mails a verification link to the new address', async () => {
  const user = await signUpUser(t.app);
  const mail = await findLastMail(t.db, user.email, 'verify your e-mail');
  expect(mail).toBeDefined();
  expect(tokenFromLink(mail?.textBody ?? '', '/verify-email')).not.toBe('');
});

test('sending role, status or emailVerified in the body does not make an administrator', async () => {
  const user = buildSignUp();
  const res = await signUp({
    ...user,
    role: 'admin',
    status: 'active',
    emailVerified: true,
    statusReason: 'x',
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.db.select().from(users).where(eq(users.id, res.json().id));
  expect(row?.role).toBe('client');
  expect(row?.emailVerified).toBe(false);
  expect(row?.statusReason).toBeNull();
});

test('a username already taken (in any letter case) answers 409 USERNAME_TAKEN', async () => {
  const first = await signUpUser(t.app);
  const res = await signUp(buildSignUp({ username: first.username.toUpperCase() }));
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code: 'USERNAME_TAKEN', message: 'Username is already taken.' });
});

test('an e-mail already registered (in any letter case) answers 409 EMAIL_TAKEN', async () => {
  const first = await signUpUser(t.app);
  const res = await signUp(buildSignUp({ email: first.email.toUpperCase() }));
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' });
  const rows = await t.db.select().from(users).where(eq(users.email, first.email));
  expect(rows).toHaveLength(1);
});

test.each([
  ['a password shorter than 8 characters', { password: 'short' }, 'at least 8'],
  ['an invalid e-mail', { email: 'not-an-email' }, 'Invalid email format'],
  ['a username with a space', { username: 'jane doe' }, 'letters, digits'],
  ['a username of 2 characters', { username: 'ab' }, 'at least 3'],
  ['a username of 31 characters', { username: 'a'.repeat(31) }, 'at most 30'],
  ['an empty full name', { fullname: '  ' }, 'Full name is required'],
])('sign-up with %s answers 400 VALIDATION_FAILED', async (_name, override, message) => {
  const user = buildSignUp(override);
  const res = await signUp(user);
  expect(res.statusCode).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  expect(res.json().message).toContain(message);
  const rows = await t.db.select().from(users).where(eq(users.email, user.email.toLowerCase()));
  expect(rows).toHaveLength(0);
});
