import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { carriesSessionCookie } from './plugins/web-app.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

const INDEX = '<!doctype html><title>app</title>';
const SIGNED_IN = '<!doctype html><title>app</title><link rel="modulepreload" href="/assets/first-abc.js">';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'signed-in.html'), SIGNED_IN);
  fs.writeFileSync(path.join(webDist, 'assets', 'main-abc.js'), SCRIPT);
  // What the web build writes beside each text file (apps/web/build/precompress.ts).
  for (const file of ['index.html', 'signed-in.html', 'assets/main-abc.js']) {
    const body = fs.readFileSync(path.join(webDist, file));
    fs.writeFileSync(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(webDist, `${file}.gz`), zlib.gzipSync(body));
  }
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

test('a page path of the app is answered with the app', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/all-user?tab=settings' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  expect(res.body).toContain('<title>app</title>');
  expect(res.headers['cache-control']).toBe('no-cache');
});

test('a built asset is served with a long cache', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toContain('immutable');
});

test('a missing asset is a 404, not the app page', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-old.js' });
  expect(res.statusCode).toBe(404);
});

test('pages carry the content security policy', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
});

/** Decodes a body by the encoding the server says it sent. */
function decode(encoding: unknown, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  expect(encoding).toBeUndefined();
  return body.toString();
}

test.each([
  ['gzip, deflate, br, zstd', 'br'],
  ['gzip;q=1.0, br;q=0.5', 'gzip'],
  ['gzip', 'gzip'],
  ['identity', undefined],
  [undefined, undefined],
])('a built asset asked for with Accept-Encoding %s is sent as %s, varying on it', async (accept, sent) => {
  const headers = accept === undefined ? {} : { 'accept-encoding': accept };
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-encoding']).toBe(sent);
  expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
  expect(res.headers.vary).toMatch(/accept-encoding/i);
  expect(res.headers['cache-control']).toContain('immutable');
  expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe(SCRIPT);
  if (sent) expect(Number(res.headers['content-length'])).toBeLessThan(SCRIPT.length);
});

test.each([
  ['br', 'br'],
  ['gzip', 'gzip'],
  [undefined, undefined],
])(
  'a deep link with Accept-Encoding %s gets the app page as %s, not cached for long',
  async (accept, sent) => {
    const headers = accept === undefined ? {} : { 'accept-encoding': accept };
    const res = await t.app.inject({ method: 'GET', url: '/trades?symbol=BTCUSD', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(sent);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe(INDEX);
  },
);

test.each([
  ['candor.session_token=abc.def', 'br'],
  ['theme=dark; __Secure-candor.session_token=abc.def', 'gzip'],
])(
  'a page asked for with the session cookie (%s) gets the page that preloads the signed-in screens, made for it, as %s',
  async (cookie, sent) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie, 'accept-encoding': sent },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(sent);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // Made for this cookie (first-screen-answers.test.ts): the session's answer is in it.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(decode(res.headers['content-encoding'], res.rawPayload)).toBe(
      `${SIGNED_IN}<script type="application/json" id="first-screen-answers">{"/api/session":{"user":null}}</script>`,
    );
  },
);

test('a page asked for without a session cookie gets index.html, varying on the cookie', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark' } });
  expect(res.body).toBe(INDEX);
  expect(res.headers.vary).toMatch(/cookie/i);
});

test.each([
  [undefined, false],
  ['', false],
  ['candor.session_token=', false],
  ['xcandor.session_token=abc', false],
  ['candor.session_token_x=abc', false],
  ['candor.session_token=abc', true],
  ['a=1;candor.session_token=abc', true],
  ['a=1; __Secure-candor.session_token=abc; b=2', true],
])('the cookie header %j carries a session cookie: %s', (header, expected) => {
  expect(carriesSessionCookie(header)).toBe(expected);
});

test('the compressed copies are not pages of their own', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc.js.br' });
  expect(res.statusCode).toBe(404);
});

test.each(['/', '/assets', '/assets/'])(
  'the folder path %s gets the app page, not a listing',
  async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>app</title>');
  },
);

test('an API path that does not exist is a JSON 404, not a file', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
});

test('a dot file beside the app is not served', async () => {
  fs.writeFileSync(path.join(webDist, '.env'), 'SECRET=1');
  const res = await t.app.inject({ method: 'GET', url: '/.env' });
  expect(res.statusCode).toBe(404);
});

test('a file at the top of the build is served by its name, a HEAD with its headers only', async () => {
  fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg/>');
  const other = await createTestApp({ WEB_DIST: webDist });
  try {
    const res = await other.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<svg/>');
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = await other.app.inject({ method: 'HEAD', url: '/assets/main-abc.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['cache-control']).toContain('immutable');
  } finally {
    await other.close();
  }
});

test('an API path parameter too long for the router still answers 414 beside the web app', async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${'9'.repeat(500)}` });
  expect(res.statusCode).toBe(414);
  expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'The address is too long.' });
});

test('the web app is not part of the API document', async () => {
  const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, unknown>;
  }>();
  expect(Object.keys(paths).filter((route) => !route.startsWith('/api'))).toEqual([]);
});
