import { count, eq } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { journalEntries } from '../db/schema/ledger.ts';
import { createSessionCookie, insertUser, SESSION_COOKIE, signInAs } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { siteOrigins } from './origin-check.ts';

// PUBLIC_URL is http://localhost:3000 (the test app's PORT).
const t = useTestApp();

const FORBIDDEN_ORIGIN = {
  code: 'FORBIDDEN_ORIGIN',
  message: 'This request was sent from another site and was refused.',
};

async function adjustmentsOf(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(journalEntries)
    .where(eq(journalEntries.userId, userId));
  return row?.n ?? 0;
}

test("the site's origins are PUBLIC_URL's and its localhost / 127.0.0.1 twin", () => {
  expect(siteOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000']);
  expect(siteOrigins('http://127.0.0.1:8080/')).toEqual(['http://127.0.0.1:8080', 'http://localhost:8080']);
  expect(siteOrigins('https://candor.example')).toEqual(['https://candor.example']);
});

test("an administrator's money request with a valid cookie is refused from a foreign Origin and accepted from the site's", async () => {
  const admin = await insertUser(t.db, { role: 'admin' });
  const customer = await insertUser(t.db);
  const browser = await signInAs(t.app, t.db, admin);
  const credit = (origin: string) =>
    browser.request({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/adjustments`,
      headers: { origin },
      payload: { direction: 'credit', amount: '25.00', reason: 'Goodwill credit' },
    });

  for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
    const refused = await credit(origin);
    expect(refused.statusCode, origin).toBe(403);
    expect(refused.json()).toEqual(FORBIDDEN_ORIGIN);
  }
  expect(await adjustmentsOf(customer.id)).toBe(0);

  const accepted = await credit('http://localhost:3000');
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json()).toMatchObject({ state: 'completed' });
  expect((await credit('http://127.0.0.1:3000')).statusCode).toBe(200);
  expect(await adjustmentsOf(customer.id)).toBe(2);
});

test('without an Origin, Sec-Fetch-Site: cross-site is refused; same-origin, and no header at all (not a browser), are not', async () => {
  const admin = await insertUser(t.db, { role: 'admin' });
  const customer = await insertUser(t.db);
  const cookie = `${SESSION_COOKIE}=${await createSessionCookie(t.db, admin.id)}`;
  const credit = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.id}/adjustments`,
      headers: { cookie, ...headers },
      payload: { direction: 'credit', amount: '1.00', reason: 'Goodwill credit' },
    });
  const refused = await credit({ 'sec-fetch-site': 'cross-site' });
  expect(refused.statusCode).toBe(403);
  expect(refused.json()).toEqual(FORBIDDEN_ORIGIN);
  expect((await credit({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  expect((await credit({})).statusCode).toBe(200);
  expect(await adjustmentsOf(customer.id)).toBe(2);
});

test('sign-in from a foreign Origin is refused (no login CSRF); reading is not affected by Origin', async () => {
  const user = await insertUser(t.db);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/session',
    headers: { origin: 'https://evil.example' },
    payload: { email: user.email, password: user.password },
  });
  expect(signIn.statusCode).toBe(403);
  expect(signIn.json()).toEqual(FORBIDDEN_ORIGIN);
  expect(signIn.cookies).toEqual([]);
  const read = await t.app.inject({
    method: 'GET',
    url: '/api/session',
    headers: { origin: 'https://evil.example' },
  });
  expect(read.statusCode).toBe(200);
});
