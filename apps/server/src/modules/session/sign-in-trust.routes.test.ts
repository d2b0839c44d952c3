import { and, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { knownBrowsers, signInUnlocks } from '../../db/schema/sign-in-trust.ts';
import { signUpUser } from '../../test/auth-helpers.ts';
import { insertUser, signInAs } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';
import { KNOWN_BROWSER_COOKIE } from './known-browsers.ts';
import { describeWait } from './session.service.ts';
import { formatSignInTime } from './sign-in-mails.ts';

const clock = createManualClock(new Date(Math.floor(Date.now() / 60_000) * 60_000));
const t = useTestApp({}, { clock: clock.now });

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const UNLOCK_SUBJECT = 'failed sign-ins to your account';
const NOTICE_SUBJECT = 'sign-in from a new browser';

/** Every request of these tests comes from an address of its own unless it says otherwise. */
let addressSeq = 0;
function nextAddress(): string {
  addressSeq += 1;
  return `203.0.113.${addressSeq}`;
}

function signIn(
  browser: Browser,
  email: string,
  password: string,
  extra: object = {},
  remoteAddress = nextAddress(),
) {
  return browser.request({
    method: 'POST',
    url: '/api/session',
    payload: { email, password, ...extra },
    remoteAddress,
    headers: { 'user-agent': FIREFOX },
  });
}

/** A stranger's wrong password, each time from a new browser and a new address. */
function strangerTries(email: string) {
  return signIn(new Browser(t.app), email, 'not-the-password');
}

async function mailsTo(to: string, subject: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `%${subject}%`)))
    .orderBy(mailOutbox.createdAt);
}

function unlockTokenOf(text: string): string {
  const match = text.match(/https?:\/\/\S+\/\?unlock=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error(`No unlock link in: ${text}`);
  return decodeURIComponent(match[1]);
}

function expectSlowedDown(res: LightMyRequestResponse, seconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['retry-after']).toBe(String(seconds));
  expect(res.json()).toEqual({
    code: 'TOO_MANY_ATTEMPTS',
    message: `Too many failed login attempts for this account. Please wait ${describeWait(seconds)} and try again, or use the sign-in link sent to its e-mail address.`,
  });
}

/** A stranger's five failures: the account is slowed down from now on (30 s, then 60 s, …). */
async function slowDown(email: string) {
  for (let i = 0; i < 5; i += 1) expect((await strangerTries(email)).statusCode).toBe(401);
}

describe('a stranger cannot lock the owner out', () => {
  test('wrong passwords from many addresses slow the account down with a growing wait', async () => {
    const user = await signUpUser(t.app);
    await slowDown(user.email);
    expectSlowedDown(await strangerTries(user.email), 30);
    // Refused attempts are not checked and not counted: the wait does not grow from them.
    clock.advance(10_000);
    expectSlowedDown(await strangerTries(user.email), 20);
    clock.advance(20_000);
    expect((await strangerTries(user.email)).statusCode).toBe(401);
    expectSlowedDown(await strangerTries(user.email), 60);
    clock.advance(60_000);
    expect((await strangerTries(user.email)).statusCode).toBe(401);
    expectSlowedDown(await strangerTries(user.email), 120);
  });

  test('a burst of attempts from many addresses after a wait has one password checked, not all', async () => {
    const user = await signUpUser(t.app);
    await slowDown(user.email);
    clock.advance(30_000);
    const burst = await Promise.all(Array.from({ length: 6 }, () => strangerTries(user.email)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    for (const refused of burst.filter((r) => r.statusCode === 429)) expectSlowedDown(refused, 60);
  });

  test('the owner still signs in, with the right password, from a browser that signed in before', async () => {
    const user = await signUpUser(t.app);
    const owner = new Browser(t.app);
    expect((await signIn(owner, user.email, user.password)).statusCode).toBe(200);
    expect((await owner.request({ method: 'DELETE', url: '/api/session' })).statusCode).toBe(204);

    await slowDown(user.email);
    for (let i = 0; i < 10; i += 1) expect((await strangerTries(user.email)).statusCode).toBe(429);
    // The right password in a browser the account has not seen is not enough while it is slowed down…
    expectSlowedDown(await signIn(new Browser(t.app), user.email, user.password), 30);
    // …but the owner's own browser gets in, from any address; a wrong password there is still wrong.
    expect((await signIn(owner, user.email, 'a-typo-of-the-owner')).statusCode).toBe(401);
    const res = await signIn(owner, user.email, user.password);
    expect(res.statusCode).toBe(200);
    expect(owner.hasSession).toBe(true);
  });

  test('a browser known to another account is not known to this one', async () => {
    const user = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const browser = new Browser(t.app);
    expect((await signIn(browser, other.email, other.password)).statusCode).toBe(200);
    await slowDown(user.email);
    expectSlowedDown(await signIn(browser, user.email, user.password), 30);
  });

  test('the slow-down e-mails the owner one unlock link, which lets them in once, from any browser', async () => {
    const user = await signUpUser(t.app);
    await slowDown(user.email);
    clock.advance(30_000);
    expect((await strangerTries(user.email)).statusCode).toBe(401);
    const mails = await mailsTo(user.email, UNLOCK_SUBJECT);
    expect(mails).toHaveLength(1); // sent when the slow-down began, not again with each failure
    const mail = mails[0];
    expect(mail?.textBody).toContain('it works once, for 60 minutes');
    const token = unlockTokenOf(mail?.textBody ?? '');

    // The link with a wrong password is still a wrong password (and the link is not used up).
    expect((await signIn(new Browser(t.app), user.email, 'wrong', { unlockToken: token })).statusCode).toBe(
      401,
    );
    // A made-up link does nothing (the wrong password above was the seventh failure: 2 minutes).
    expectSlowedDown(
      await signIn(new Browser(t.app), user.email, user.password, { unlockToken: 'x'.repeat(43) }),
      120,
    );
    const owner = new Browser(t.app);
    expect((await signIn(owner, user.email, user.password, { unlockToken: token })).statusCode).toBe(200);

    // Used once: when a stranger slows the account down again, the old link no longer helps.
    await slowDown(user.email);
    expectSlowedDown(await signIn(new Browser(t.app), user.email, user.password, { unlockToken: token }), 30);
    const again = await mailsTo(user.email, UNLOCK_SUBJECT);
    expect(again).toHaveLength(2);
    expect(unlockTokenOf(again[1]?.textBody ?? '')).not.toBe(token);
  });

  test('an unlock link expires after an hour', async () => {
    const user = await signUpUser(t.app);
    await slowDown(user.email);
    const [mail] = await mailsTo(user.email, UNLOCK_SUBJECT);
    const token = unlockTokenOf(mail?.textBody ?? '');
    clock.advance(61 * 60_000);
    // The day's failures still count: one more slows the account down again (60 s), and the old
    // link no longer helps.
    expect((await strangerTries(user.email)).statusCode).toBe(401);
    expect(
      (await signIn(new Browser(t.app), user.email, user.password, { unlockToken: token })).statusCode,
    ).toBe(429);
  });

  test('an unknown e-mail address is slowed down in the same words, and no mail is sent', async () => {
    const email = `nobody-${addressSeq}@example.com`;
    await slowDown(email);
    expectSlowedDown(await strangerTries(email), 30);
    expect(await mailsTo(email, '')).toHaveLength(0);
  });

  test('an address with 20 failures is refused even from a known browser; the owner gets in from another address', async () => {
    const user = await signUpUser(t.app);
    const owner = new Browser(t.app);
    expect((await signIn(owner, user.email, user.password)).statusCode).toBe(200);
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      const res = await signIn(
        new Browser(t.app),
        `someone-${i}-${addressSeq}@example.com`,
        'wrong',
        {},
        address,
      );
      expect(res.statusCode).toBe(401);
    }
    clock.advance(60_000);
    const refused = await signIn(owner, user.email, user.password, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(14 * 60));
    expect(refused.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many failed login attempts. Please wait 14 minutes and try again.',
    });
    expect((await signIn(owner, user.email, user.password)).statusCode).toBe(200);
  });
});

describe('a sign-in from a new browser', () => {
  test('tells the owner when, from where and with which browser; the browser is known from then on', async () => {
    const user = await signUpUser(t.app);
    const first = new Browser(t.app);
    expect((await signIn(first, user.email, user.password)).statusCode).toBe(200);
    // The account's first sign-in is no news to its owner.
    expect(await mailsTo(user.email, NOTICE_SUBJECT)).toHaveLength(0);

    clock.advance(5 * 60_000);
    const second = new Browser(t.app);
    expect((await signIn(second, user.email, user.password, {}, '198.51.100.77')).statusCode).toBe(200);
    const notices = await mailsTo(user.email, NOTICE_SUBJECT);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain(`Time: ${formatSignInTime(clock.now())}`);
    expect(notices[0]?.textBody).toContain('Address: 198.51.100.77');
    expect(notices[0]?.textBody).toContain('Browser: Firefox on Linux');

    // Both browsers are known now: signing in again from either sends nothing.
    expect((await signIn(second, user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(first, user.email, user.password)).statusCode).toBe(200);
    expect(await mailsTo(user.email, NOTICE_SUBJECT)).toHaveLength(1);
  });

  test('gets a random known-browser cookie, of which the account keeps only a hash', async () => {
    const user = await signUpUser(t.app);
    const browser = new Browser(t.app);
    const res = await signIn(browser, user.email, user.password);
    const cookie = res.cookies.find((c) => c.name === KNOWN_BROWSER_COOKIE);
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 400 * 24 * 3600 });
    expect(cookie?.secure).toBeFalsy();
    const rows = await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.tokenHash).not.toContain(cookie?.value);
    // The same browser keeps its value when it signs in again.
    const again = await signIn(browser, user.email, user.password);
    expect(again.cookies.find((c) => c.name === KNOWN_BROWSER_COOKIE)?.value).toBe(cookie?.value);
  });
});

test('closing an account forgets the browsers it knew and its unlock links', async () => {
  const user = await signUpUser(t.app);
  expect((await signIn(new Browser(t.app), user.email, user.password)).statusCode).toBe(200);
  await slowDown(user.email);
  expect(await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, user.id))).toHaveLength(1);
  expect(await t.db.select().from(signInUnlocks).where(eq(signInUnlocks.userId, user.id))).toHaveLength(1);
  const admin = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'admin' }));
  const closed = await admin.post(`/api/admin/users/${user.id}/close`, { reason: 'Asked to leave' });
  expect(closed.statusCode, closed.body).toBe(200);
  expect(await t.db.select().from(knownBrowsers).where(eq(knownBrowsers.userId, user.id))).toHaveLength(0);
  expect(await t.db.select().from(signInUnlocks).where(eq(signInUnlocks.userId, user.id))).toHaveLength(0);
});

test('waits are told in seconds up to two minutes, then in minutes', () => {
  expect([1, 30, 119, 120, 899, 900].map(describeWait)).toEqual([
    '1 second',
    '30 seconds',
    '119 seconds',
    '2 minutes',
    '15 minutes',
    '15 minutes',
  ]);
});
