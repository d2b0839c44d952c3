import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { readEnv } from '../env.ts';
import { DEFAULT_RATE_LIMITS, parseRateLimitOverrides } from '../lib/rate-limit-policies.ts';
import { buildSignUp } from '../test/auth-helpers.ts';
import { insertUser, signInAs } from '../test/factories.ts';
import { createManualClock } from '../test/manual-clock.ts';
import { TEST_AUTH_SECRET, useTestApp } from '../test/test-app.ts';

// Small limits, so a test reaches them: 3 changes a minute per account, 5 per address; 2 sign-ups an hour.
const LIMITS = 'default.account=3,default.address=5,default.window=60,sign-up.address=2,sign-up.window=3600';
const clock = createManualClock(new Date('2030-01-01T00:00:10Z'));
const t = useTestApp({ RATE_LIMITS: LIMITS }, { clock: clock.now });

/** Each test counts from its own addresses. */
let addressSeq = 0;
function nextAddress(): string {
  addressSeq += 1;
  return `198.51.100.${addressSeq}`;
}

function signUp(remoteAddress: string, app: FastifyInstance = t.app) {
  return app.inject({ method: 'POST', url: '/api/users', payload: buildSignUp(), remoteAddress });
}

/** A request that changes something (here refused by validation, which comes after counting). */
function change(browser: Awaited<ReturnType<typeof signInAs>>, remoteAddress: string) {
  return browser.request({ method: 'POST', url: '/api/trades', payload: {}, remoteAddress });
}

function expectTooMany(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  seconds: number,
) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({
    code: 'RATE_LIMITED',
    message: `Too many requests. Please wait ${seconds} seconds and try again.`,
  });
}

describe('RATE_LIMITS', () => {
  test('changes the named numbers and keeps the others', () => {
    const parsed = parseRateLimitOverrides(' sign-up.address=500 , default.window=30');
    expect(parsed.ok && parsed.limits['sign-up']).toEqual({
      ...DEFAULT_RATE_LIMITS['sign-up'],
      address: 500,
    });
    expect(parsed.ok && parsed.limits.default).toEqual({ ...DEFAULT_RATE_LIMITS.default, window: 30 });
    expect(parsed.ok && parsed.limits.mail).toEqual(DEFAULT_RATE_LIMITS.mail);
  });

  test.each([
    ['signup.address=5', 'unknown policy "signup"'],
    ['default.minute=5', 'unknown field "minute"'],
    ['default.account=0', 'needs a whole number of at least 1'],
    ['default.account', 'is not <policy>.<field>=<number>'],
  ])('refuses %s', (text, error) => {
    const parsed = parseRateLimitOverrides(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(error);
    expect(() => readEnv({ RATE_LIMITS: text })).toThrow(/RATE_LIMITS/);
  });
});

test('sign-up is limited per address, with Retry-After until the window ends; another address may still sign up', async () => {
  const address = nextAddress();
  expect((await signUp(address)).statusCode).toBe(201);
  expect((await signUp(address)).statusCode).toBe(201);
  // 00:00:10 in an hour-long window that began at 00:00:00: 3590 seconds are left.
  expectTooMany(await signUp(address), 3590);
  expect((await signUp(nextAddress())).statusCode).toBe(201);
});

test('changes are limited per account, from any address; reading is never counted', async () => {
  const { browser } = await signedInCustomer();
  for (let i = 0; i < 3; i += 1) expect((await change(browser, nextAddress())).statusCode).toBe(400);
  for (let i = 0; i < 5; i += 1) {
    expect(
      (await browser.request({ method: 'GET', url: '/api/me', remoteAddress: nextAddress() })).statusCode,
    ).toBe(200);
  }
  expectTooMany(await change(browser, nextAddress()), 50);
  // Another account is not affected.
  const other = await signedInCustomer();
  expect((await change(other.browser, nextAddress())).statusCode).toBe(400);
});

test('changes are limited per address across accounts, and allowed again in the next window', async () => {
  const address = nextAddress();
  const first = await signedInCustomer();
  const second = await signedInCustomer();
  for (let i = 0; i < 3; i += 1) expect((await change(first.browser, address)).statusCode).toBe(400);
  for (let i = 0; i < 2; i += 1) expect((await change(second.browser, address)).statusCode).toBe(400);
  expectTooMany(await change(second.browser, address), 50);
  clock.advance(50_000); // the next minute
  expect((await change(second.browser, address)).statusCode).toBe(400);
  clock.set(new Date('2030-01-01T00:00:10Z'));
});

test('a route names its own policy: using up sign-ups leaves the default limit of the address alone', async () => {
  const address = nextAddress();
  await signUp(address);
  await signUp(address);
  expect((await signUp(address)).statusCode).toBe(429);
  const { browser } = await signedInCustomer();
  expect((await change(browser, address)).statusCode).toBe(400);
});

describe('across servers and for routes added later', () => {
  let other: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    // A second server on the same database, built like the first, with one route of its own added after.
    dataDir = fs.mkdtempSync('/tmp/candor-test-data-');
    const env = readEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '3000',
      DATA_DIR: dataDir,
      AUTH_SECRET: TEST_AUTH_SECRET,
      RATE_LIMITS: LIMITS,
    });
    other = await buildApp({ env, database: t.database, clock: clock.now });
    other.post('/api/auth/added-later', { config: { access: 'public' } }, async () => ({ ok: true }));
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('two servers on one database share the count', async () => {
    const address = nextAddress();
    expect((await signUp(address)).statusCode).toBe(201);
    expect((await signUp(address, other)).statusCode).toBe(201);
    expect((await signUp(address)).statusCode).toBe(429);
    expect((await signUp(address, other)).statusCode).toBe(429);
  });

  test("the default policy is counted in each server's memory; a server sees the other's hits once both have shared them", async () => {
    const address = nextAddress();
    const { browser } = await signedInCustomer();
    const call = () => other.inject({ method: 'POST', url: '/api/auth/added-later', remoteAddress: address });
    for (let i = 0; i < 2; i += 1) expect((await change(browser, address)).statusCode).toBe(400);
    for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
    // Each server alone is under the address's 5; together they have used them up.
    await t.app.rateLimitCounts.share();
    await other.rateLimitCounts.share();
    expectTooMany(await call(), 50);
    // The first server wrote before the second: it still knows only its own 2 hits…
    expect((await change(browser, address)).statusCode).toBe(400);
    // …until it shares again, which reads back the total.
    await t.app.rateLimitCounts.share();
    expectTooMany(await change(browser, address), 50);
  });

  test('a route registered with no limit of its own is counted under the default policy', async () => {
    const address = nextAddress();
    const call = () => other.inject({ method: 'POST', url: '/api/auth/added-later', remoteAddress: address });
    for (let i = 0; i < 5; i += 1) expect((await call()).statusCode).toBe(200);
    expectTooMany(await call(), 50);
  });
});

async function signedInCustomer() {
  const user = await insertUser(t.db);
  return { user, browser: await signInAs(t.app, t.db, user) };
}

test('the OpenAPI document names 429 and 403 on the routes that change something, not on reads', async () => {
  const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths;
  expect(Object.keys(paths['/api/users'].post.responses)).toEqual(expect.arrayContaining(['403', '429']));
  expect(Object.keys(paths['/api/trades'].post.responses)).toEqual(expect.arrayContaining(['403', '429']));
  expect(Object.keys(paths['/api/me'].get.responses)).not.toContain('429');
});
