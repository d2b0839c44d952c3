import { USER_ROLES } from '@candor/contracts/auth';
import { eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { signedInBrowser, signUpUser } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

test('GET /api/me answers the signed-in user with every field of Me', async () => {
  const user = await signUpUser(t.app, { username: 'Mixed.Case_Name' });
  const browser = await signedInBrowser(t.app, user);
  const res = await browser.request({ method: 'GET', url: '/api/me' });
  expect(res.statusCode).toBe(200);
  const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
  expect(res.json()).toEqual({
    id: user.id,
    username: 'Mixed.Case_Name',
    fullname: user.fullname,
    email: user.email,
    emailVerified: false,
    role: 'client',
    status: 'active',
    statusReason: null,
    profileImageUrl: null,
    twoFactorEnabled: false,
    createdAt: row?.createdAt.toISOString(),
  });
});

test('a profile picture shows as its file URL, and an administrator as admin', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  await t.db
    .update(users)
    .set({ profileImageFileId: 'file-123', role: 'admin' })
    .where(eq(users.id, user.id));
  const res = await browser.request({ method: 'GET', url: '/api/me' });
  expect(res.json()).toMatchObject({ profileImageUrl: '/api/files/file-123', role: 'admin' });
});

test('GET /api/me without a session answers 401 UNAUTHENTICATED', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/me' });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'User is not authenticated' });
});

test('a forged session cookie is not a session', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/me',
    headers: { cookie: 'candor.session_token=forged.value' },
  });
  expect(res.statusCode).toBe(401);
});

test('the OpenAPI document describes every sign-in and account route with its schemas', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  const routes: [string, string, string][] = [
    ['/api/users', 'post', '201'],
    ['/api/session', 'post', '200'],
    ['/api/session', 'get', '200'],
    ['/api/session', 'delete', '204'],
    ['/api/me', 'get', '200'],
    ['/api/password-resets', 'post', '202'],
    ['/api/password-resets/complete', 'post', '204'],
    ['/api/email-verifications', 'post', '200'],
    ['/api/account/password', 'post', '204'],
    ['/api/account/email', 'post', '202'],
  ];
  for (const [path, method, status] of routes) {
    const operation = doc.paths[path]?.[method];
    expect(operation?.responses?.[status], `${method} ${path} ${status}`).toBeDefined();
    if (method === 'post') expect(operation.requestBody, `${method} ${path} body`).toBeDefined();
  }
  expect(doc.components.schemas.Me.properties.role.enum).toEqual([...USER_ROLES]);
});
