import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIRST_SCREEN_ANSWERS_ID } from '@candor/contracts/first-screen';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { sessions } from './db/schema/auth.ts';
import { firstScreenRequests } from './plugins/first-screen-answers.ts';
import { createSessionCookie, insertSignedInUser, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { type Browser, createTestApp, type TestApp } from './test/test-app.ts';

const SIGNED_IN =
  '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDist, 'signed-in.html'), SIGNED_IN);
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const BLOCK = new RegExp(
  `<script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">(.*?)</script>`,
  's',
);

/** The page's answers block, as the web app reads it (JSON.parse of the block's text). */
function answersIn(html: string): Record<string, unknown> {
  const match = BLOCK.exec(html);
  if (!match?.[1]) throw new Error(`no answers block in ${html}`);
  return JSON.parse(match[1]) as Record<string, unknown>;
}

function pageOf(browser: Browser, url: string, headers: Record<string, string> = {}) {
  return browser.request({ method: 'GET', url, headers });
}

describe('a signed-in page carries the answers to its first requests', () => {
  test('the dashboard: each answer is what the API answers the same browser', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const page = await pageOf(browser, '/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toMatch(/cookie/i);
    expect(page.body.indexOf(FIRST_SCREEN_ANSWERS_ID)).toBeLessThan(page.body.indexOf('</body>'));
    const answers = answersIn(page.body);
    expect(answers['/api/session']).toMatchObject({ user: { id: user.id, email: user.email } });
    const asked = ['/api/session', ...firstScreenRequests('/dashboard', new URLSearchParams())];
    // The market's answers move with the prices; the rest must be the API's own answer.
    const steady = asked.filter((url) => !/^\/api\/(quotes|instruments\/[^/]+\/candles|signals)/.test(url));
    for (const url of steady) {
      const own = await browser.request({ method: 'GET', url });
      expect(own.statusCode, url).toBe(200);
      expect(answers[url], url).toEqual(own.json());
    }
    expect(Object.keys(answers).sort()).toEqual([...asked].sort());
  });

  test('the trades page: the instrument of ?symbol= (any case), else the default; no other symbol is asked', async () => {
    const { browser } = await insertSignedInUser(t);
    const asked = Object.keys(answersIn((await pageOf(browser, '/trades?symbol=btcusd')).body));
    expect(asked).toContain('/api/quotes/BTCUSD');
    expect(asked).toContain('/api/trading-terms');
    expect(asked).toContain('/api/trades?status=open&page=1');
    for (const symbol of ['</script>', 'NOSUCH1', `${'A'.repeat(40)}`]) {
      const keys = Object.keys(
        answersIn((await pageOf(browser, `/trades?symbol=${encodeURIComponent(symbol)}`)).body),
      );
      expect(keys.filter((url) => url.startsWith('/api/quotes/'))).toEqual(
        symbol === 'NOSUCH1' ? [] : ['/api/quotes/EURUSD'],
      );
    }
  });

  test('no text of an answer can end the block: a name with markup comes back whole, as data', async () => {
    const name = 'Eve </script><script>alert(1)</script><!--';
    const { browser } = await insertSignedInUser(t, { name });
    const page = await pageOf(browser, '/dashboard');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<\/script>/g)).toHaveLength(1);
    expect(answersIn(page.body)['/api/session']).toMatchObject({ user: { fullname: name } });
  });

  test('a cookie of no session gets the signed-out session and nothing else', async () => {
    const user = await insertUser(t.db);
    const cookie = await createSessionCookie(t.db, user.id);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(answersIn(page.body)).toEqual({ '/api/session': { user: null } });
  });

  test('a page other than the first screens carries the session only', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const answers = answersIn((await pageOf(browser, '/account')).body);
    expect(Object.keys(answers)).toEqual(['/api/session']);
    expect(answers['/api/session']).toMatchObject({ user: { id: user.id } });
  });

  test('a session due for renewal: the renewed cookie comes with the page', async () => {
    const user = await insertUser(t.db);
    const cookie = await createSessionCookie(t.db, user.id);
    // Expiring in an hour: past better-auth's update age, so reading it renews it.
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(sessions.userId, user.id));
    const page = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: `${SESSION_COOKIE}=${cookie}` },
    });
    expect(answersIn(page.body)['/api/session']).toMatchObject({ user: { id: user.id } });
    const renewed = page.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(renewed?.maxAge).toBeGreaterThan(3600);
  });

  test('should asking the answers fail, the page is still sent, without them', async () => {
    const { browser } = await insertSignedInUser(t);
    const inject = t.app.inject.bind(t.app) as (options: InjectOptions) => Promise<LightMyRequestResponse>;
    const spy = vi
      .spyOn(t.app, 'inject')
      // The page's own request goes through; the server's first question for it fails.
      .mockImplementationOnce(((options: InjectOptions) => inject(options)) as unknown as typeof t.app.inject)
      .mockImplementationOnce((() => Promise.reject(new Error('closing'))) as unknown as typeof t.app.inject);
    try {
      const page = await pageOf(browser, '/dashboard');
      expect(page.statusCode).toBe(200);
      expect(answersIn(page.body)).toEqual({});
    } finally {
      spy.mockRestore();
    }
  });

  test.each([
    ['br', (res: LightMyRequestResponse) => zlib.brotliDecompressSync(res.rawPayload).toString()],
    ['gzip', (res: LightMyRequestResponse) => zlib.gunzipSync(res.rawPayload).toString()],
    ['identity', (res: LightMyRequestResponse) => res.body],
  ])('the page is sent compressed as the browser accepts (%s)', async (encoding, decode) => {
    const { user, browser } = await insertSignedInUser(t);
    const page = await pageOf(browser, '/dashboard', { 'accept-encoding': encoding });
    expect(page.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(answersIn(decode(page))['/api/session']).toMatchObject({ user: { id: user.id } });
  });
});
