import { afterAll, beforeAll, expect, test } from 'vitest';
import { KNOWN_BROWSER_COOKIE } from '../modules/session/known-browsers.ts';
import { insertUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let http: TestApp;
let https: TestApp;
beforeAll(async () => {
  [http, https] = await Promise.all([
    createTestApp({ PUBLIC_URL: 'http://localhost:3000' }),
    createTestApp({ PUBLIC_URL: 'https://candor.example' }),
  ]);
});
afterAll(async () => {
  await Promise.all([http.close(), https.close()]);
});

async function signIn(t: TestApp, origin: string) {
  const user = await insertUser(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { origin },
    payload: { email: user.email, password: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

test('under https the session and known-browser cookies are HttpOnly, SameSite=Lax, Path=/ and Secure', async () => {
  const res = await signIn(https, 'https://candor.example');
  const session = res.cookies.find((c) => c.name === '__Secure-candor.session_token');
  const known = res.cookies.find((c) => c.name === KNOWN_BROWSER_COOKIE);
  for (const cookie of [session, known]) {
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
  }
  // And the site says so: HSTS under https.
  expect(res.headers['strict-transport-security']).toContain('max-age=');
});

test('under http they are HttpOnly, SameSite=Lax, Path=/ and not Secure (a browser would drop them)', async () => {
  const res = await signIn(http, 'http://localhost:3000');
  const session = res.cookies.find((c) => c.name === 'candor.session_token');
  const known = res.cookies.find((c) => c.name === KNOWN_BROWSER_COOKIE);
  for (const cookie of [session, known]) {
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
  }
  expect(res.headers['strict-transport-security']).toBeUndefined();
});

test('the security headers stay on API answers and pages', async () => {
  const res = await http.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
});
