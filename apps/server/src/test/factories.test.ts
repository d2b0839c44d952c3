import { expect, test } from 'vitest';
import { insertUser, signIn, signInAs } from './factories.ts';
import { Browser, useTestApp } from './test-app.ts';

const t = useTestApp();

test('an inserted user signs in with their password through POST /api/session', async () => {
  const user = await insertUser(t.db, { email: 'Mixed.Case@Example.test' });
  expect(user.email).toBe('mixed.case@example.test');
  const browser = new Browser(t.app);
  await signIn(browser, user.email, user.password);
  expect(browser.hasSession).toBe(true);
});

test('signInAs gives a browser that the server recognises as the user', async () => {
  const admin = await insertUser(t.db, { role: 'admin' });
  const browser = await signInAs(t.app, t.db, admin);
  const res = await browser.request({ method: 'GET', url: '/api/admin/outbox' });
  expect(res.statusCode).toBe(200);
  const anonymous = await new Browser(t.app).request({ method: 'GET', url: '/api/admin/outbox' });
  expect(anonymous.statusCode).toBe(401);
});

test('a cookie signed with another secret is not a session', async () => {
  const user = await insertUser(t.db);
  const browser = await signInAs(t.app, t.db, user);
  browser.setCookie('candor.session_token', 'forged-token.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D');
  const res = await browser.request({ method: 'GET', url: '/api/admin/outbox' });
  expect(res.statusCode).toBe(401);
});
