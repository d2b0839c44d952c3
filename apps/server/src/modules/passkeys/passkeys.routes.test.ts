import { formatUtcMinute } from '@candor/contracts/account-security';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { securityEvents } from '../../db/schema/account-security.ts';
import { sessions, signIns, users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { findLastMail } from '../../test/auth-helpers.ts';
import { insertSignedInUser, insertUser } from '../../test/factories.ts';
import { SoftwarePasskey } from '../../test/passkey-authenticator.ts';
import { Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
/** The test app's site (PUBLIC_URL defaults to http://localhost:3000), where its passkeys live. */
const ORIGIN = 'http://localhost:3000';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Adds a passkey through the two registration steps, as the /account page does. */
async function addPasskey(browser: Browser, key: SoftwarePasskey, name: string) {
  const options = await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
  expect(options.statusCode, options.body).toBe(200);
  return browser.request({
    method: 'POST',
    url: '/api/account/passkeys',
    payload: { name, credential: key.register(options.json(), ORIGIN) },
  });
}

/** Signs a new browser in with the passkey through the two sign-in steps, as the login page does. */
async function signInWithPasskey(key: SoftwarePasskey, headers: Record<string, string> = {}) {
  const browser = new Browser(t.app);
  const options = await browser.request({ method: 'POST', url: '/api/session/passkey/options' });
  expect(options.statusCode, options.body).toBe(200);
  const response = await browser.request({
    method: 'POST',
    url: '/api/session/passkey',
    payload: { credential: key.authenticate(options.json(), ORIGIN) },
    headers,
  });
  return { browser, response };
}

function passkeysOf(userId: string) {
  return t.db.select().from(passkeys).where(eq(passkeys.userId, userId));
}

/** The account's security events as /account shows them (GET /api/account/security), newest first. */
async function securityEventsShown(browser: Browser) {
  const res = await browser.request({ method: 'GET', url: '/api/account/security' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ADDED_NOTICE = 'a passkey was added to your account';

/** Nothing a refused or failed passkey request could have left: no security event, no mail. */
async function expectNothingRecorded(user: { id: string; email: string }) {
  expect(await t.db.select().from(securityEvents).where(eq(securityEvents.userId, user.id))).toEqual([]);
  expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).toEqual([]);
}

describe('adding a passkey', () => {
  test('needs a session: both steps refuse an anonymous request', async () => {
    const anonymous = new Browser(t.app);
    const options = await anonymous.request({ method: 'POST', url: '/api/account/passkeys/options' });
    expect(options.statusCode).toBe(401);
    const add = await anonymous.request({
      method: 'POST',
      url: '/api/account/passkeys',
      payload: {
        name: 'Laptop',
        credential: new SoftwarePasskey().register({ challenge: 'x', rp: { id: 'localhost' } }, ORIGIN),
      },
    });
    expect(add.statusCode).toBe(401);
  });

  test('a customer adds a named passkey and sees it listed', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const options = await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Candor' },
      challenge: expect.any(String),
    });

    const key = new SoftwarePasskey();
    const added = await browser.request({
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: '  Laptop  ', credential: key.register(options.json(), ORIGIN) },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', createdAt: expect.any(String) });

    const [row] = await passkeysOf(user.id);
    expect(row).toMatchObject({ id: added.json().id, credentialID: key.id, name: 'Laptop' });
    const list = await browser.request({ method: 'GET', url: '/api/account/passkeys' });
    expect(list.json()).toEqual({ items: [added.json()] });
  });

  test('adding a passkey is a security event the customer and staff see, and the owner is e-mailed', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const added = await addPasskey(browser, new SoftwarePasskey(), "Sam's <Laptop>");
    expect(added.statusCode, added.body).toBe(201);

    // A new way in, not a weakening: recorded, but withdrawals do not wait.
    const overview = await securityEventsShown(browser);
    expect(overview.events).toEqual([
      {
        id: expect.any(String),
        kind: 'passkey_added',
        label: 'Passkey added',
        createdAt: expect.any(String),
        waitUntil: null,
        ipAddress: '127.0.0.1',
      },
    ]);
    expect(overview.protection).toMatchObject({ waitUntil: null, message: null });
    const { browser: staff } = await insertSignedInUser(t, { role: 'admin' });
    const seenByStaff = await staff.request({ method: 'GET', url: `/api/admin/users/${user.id}/security` });
    expect(seenByStaff.json().events).toEqual(overview.events);

    // The owner hears of it (kept in their Messages too): which passkey, when, and what to do.
    const notice = await findLastMail(t.db, user.email, ADDED_NOTICE);
    expect(notice).toMatchObject({ subject: `Candor: ${ADDED_NOTICE}`, userId: user.id });
    expect(notice?.textBody).toContain(
      `A passkey named "Sam's <Laptop>" was added to your Candor account on ${formatUtcMinute(overview.events[0].createdAt)}.`,
    );
    expect(notice?.textBody).toContain(
      'If you did not, delete it under Passkeys on your Account page and contact the site at once',
    );
    expect(notice?.htmlBody).toContain('named &#34;Sam&#39;s &#60;Laptop&#62;&#34; was added');
    const messages = await browser.request({ method: 'GET', url: '/api/messages' });
    expect(messages.body).toContain(`Candor: ${ADDED_NOTICE}`);
  });

  test('if recording its security event fails, the passkey is not stored either; added again, all three are there', async () => {
    // better-auth stored the passkey in a write of its own, and the event and mail followed in a
    // second transaction: a failure between them left a way in that the owner was never told of.
    const { user, browser } = await insertSignedInUser(t);
    const key = new SoftwarePasskey();
    await t.db.execute(sql`create function refuse_passkey_added() returns trigger language plpgsql as $$
      begin
        if new.kind = 'passkey_added' then raise exception 'security event refused (test)'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger refuse_passkey_added before insert on security_events
      for each row execute function refuse_passkey_added()`);
    try {
      const failed = await addPasskey(browser, key, 'Laptop');
      expect(failed.statusCode, failed.body).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_passkey_added on security_events`);
      await t.db.execute(sql`drop function refuse_passkey_added()`);
    }
    expect(await passkeysOf(user.id)).toEqual([]);
    await expectNothingRecorded(user);

    const added = await addPasskey(browser, key, 'Laptop');
    expect(added.statusCode, added.body).toBe(201);
    expect((await passkeysOf(user.id)).map((row) => row.name)).toEqual(['Laptop']);
    expect((await securityEventsShown(browser)).events.map((event: { kind: string }) => event.kind)).toEqual([
      'passkey_added',
    ]);
    expect(await findLastMail(t.db, user.email, ADDED_NOTICE)).toBeDefined();
  });

  test('an answer to another challenge is refused and stores nothing', async () => {
    const { user, browser } = await insertSignedInUser(t);
    await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
    const forged = new SoftwarePasskey().register(
      { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U', rp: { id: 'localhost' } },
      ORIGIN,
    );
    const res = await browser.request({
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: 'Forged', credential: forged },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The passkey could not be added. Please try again.',
    });
    expect(await passkeysOf(user.id)).toEqual([]);
    await expectNothingRecorded(user);
    expect((await securityEventsShown(browser)).events).toEqual([]);
  });

  test('the answer must come from the browser that asked for the options (their challenge cookie)', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const options = await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
    const { browser: otherBrowser } = await insertSignedInUser(t);
    const res = await otherBrowser.request({
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: 'Stolen', credential: new SoftwarePasskey().register(options.json(), ORIGIN) },
    });
    expect(res.statusCode).toBe(400);
    expect(await passkeysOf(user.id)).toEqual([]);
    await expectNothingRecorded(user);
  });

  test('a session older than a day must sign in again first', async () => {
    const { user, browser } = await insertSignedInUser(t);
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000) })
      .where(eq(sessions.userId, user.id));
    const res = await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'REAUTHENTICATION_REQUIRED',
      message: 'For your security, please sign in again before adding a passkey.',
    });
  });

  test('a name is required', async () => {
    const { browser } = await insertSignedInUser(t);
    const res = await addPasskey(browser, new SoftwarePasskey(), '   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('a customer lists and deletes only their own passkeys', () => {
  test("another customer's passkey is neither listed nor deletable", async () => {
    const owner = await insertSignedInUser(t);
    const other = await insertSignedInUser(t);
    const ownersKey = await new SoftwarePasskey().insertFor(t.db, owner.user.id, 'Phone');
    await new SoftwarePasskey().insertFor(t.db, other.user.id, 'Tablet');

    const list = await other.browser.request({ method: 'GET', url: '/api/account/passkeys' });
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(['Tablet']);

    const refused = await other.browser.request({
      method: 'DELETE',
      url: `/api/account/passkeys/${ownersKey}`,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'NOT_FOUND', message: 'Passkey not found' });
    expect(await passkeysOf(owner.user.id)).toHaveLength(1);

    const deleted = await owner.browser.request({
      method: 'DELETE',
      url: `/api/account/passkeys/${ownersKey}`,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await passkeysOf(owner.user.id)).toEqual([]);
  });

  test('deleting a passkey is a security event; a refused delete records nothing', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const other = await insertSignedInUser(t);
    const key = await new SoftwarePasskey().insertFor(t.db, user.id, 'Phone');

    const refused = await other.browser.request({ method: 'DELETE', url: `/api/account/passkeys/${key}` });
    expect(refused.statusCode).toBe(404);
    await expectNothingRecorded(user);
    await expectNothingRecorded(other.user);

    const deleted = await browser.request({ method: 'DELETE', url: `/api/account/passkeys/${key}` });
    expect(deleted.statusCode).toBe(204);
    const { events, protection } = await securityEventsShown(browser);
    expect(events).toEqual([
      {
        id: expect.any(String),
        kind: 'passkey_removed',
        label: 'Passkey deleted',
        createdAt: expect.any(String),
        waitUntil: null,
        ipAddress: '127.0.0.1',
      },
    ]);
    expect(protection).toMatchObject({ waitUntil: null, message: null });

    // Deleting it again finds nothing and records nothing more.
    const again = await browser.request({ method: 'DELETE', url: `/api/account/passkeys/${key}` });
    expect(again.statusCode).toBe(404);
    expect((await securityEventsShown(browser)).events).toHaveLength(1);
  });

  test('listing needs a session', async () => {
    const res = await new Browser(t.app).request({ method: 'GET', url: '/api/account/passkeys' });
    expect(res.statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  test('a passkey added on /account signs the customer in, and the sign-in is recorded', async () => {
    const { user, browser } = await insertSignedInUser(t);
    const key = new SoftwarePasskey();
    expect((await addPasskey(browser, key, 'Laptop')).statusCode).toBe(201);

    const { browser: signedIn, response } = await signInWithPasskey(key, { 'user-agent': FIREFOX });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, email: user.email });
    const session = await signedIn.request({ method: 'GET', url: '/api/session' });
    expect(session.json().user).toMatchObject({ id: user.id });

    const recorded = await t.db.select().from(signIns).where(eq(signIns.userId, user.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ userAgent: FIREFOX, ipAddress: '127.0.0.1' });
  });

  test('a closed account cannot sign in with its passkey: no session, nothing recorded', async () => {
    const user = await insertUser(t.db, { status: 'closed' });
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);

    const { browser, response } = await signInWithPasskey(key);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'ACCOUNT_CLOSED', message: 'This account has been closed.' });
    expect(browser.hasSession).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(signIns).where(eq(signIns.userId, user.id))).toEqual([]);
  });

  test('closing an account erases its passkeys: they sign nobody in', async () => {
    const user = await insertUser(t.db);
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);
    const { browser: owner } = await insertSignedInUser(t, { role: 'owner' });
    const closed = await owner.request({
      method: 'POST',
      url: `/api/admin/users/${user.id}/close`,
      payload: { reason: 'Customer asked to close' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await passkeysOf(user.id)).toEqual([]);
    const { response } = await signInWithPasskey(key);
    expect(response.statusCode).toBe(401);
  });

  test('a suspended account signs in, as with its password', async () => {
    const user = await insertUser(t.db, { status: 'suspended' });
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);
    const { response } = await signInWithPasskey(key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, status: 'suspended' });
  });

  test('an unknown or deleted passkey signs nobody in', async () => {
    const { response } = await signInWithPasskey(new SoftwarePasskey());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Passkey sign-in failed. Please try again or use your password.',
    });
  });

  test('an answer is used once: replaying it is refused', async () => {
    const user = await insertUser(t.db);
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);
    const browser = new Browser(t.app);
    const options = await browser.request({ method: 'POST', url: '/api/session/passkey/options' });
    const credential = key.authenticate(options.json(), ORIGIN);
    const first = await browser.request({
      method: 'POST',
      url: '/api/session/passkey',
      payload: { credential },
    });
    expect(first.statusCode).toBe(200);
    const replay = await browser.request({
      method: 'POST',
      url: '/api/session/passkey',
      payload: { credential },
    });
    expect(replay.statusCode).toBe(401);
  });

  test("a passkey's signature made for another site is refused", async () => {
    const user = await insertUser(t.db);
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);
    const browser = new Browser(t.app);
    const options = await browser.request({ method: 'POST', url: '/api/session/passkey/options' });
    const phished = key.authenticate(
      { challenge: options.json().challenge, rpId: 'evil.example' },
      'https://evil.example',
    );
    const res = await browser.request({
      method: 'POST',
      url: '/api/session/passkey',
      payload: { credential: phished },
    });
    expect(res.statusCode).toBe(401);
    expect(browser.hasSession).toBe(false);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });
});

describe('malformed answers are refused, never a server error', () => {
  const GARBAGE = [
    { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA' } },
    {
      id: 'AAAA',
      rawId: 'AAAA',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: '', signature: 'AA' },
      clientExtensionResults: { credProps: 'x' },
      extra: 'field',
    },
  ];

  test.each(GARBAGE)('adding %#', async (credential) => {
    const { browser } = await insertSignedInUser(t);
    await browser.request({ method: 'POST', url: '/api/account/passkeys/options' });
    const res = await browser.request({
      method: 'POST',
      url: '/api/account/passkeys',
      payload: { name: 'Garbage', credential },
    });
    expect(res.statusCode).toBe(400);
  });

  test.each(GARBAGE)('signing in %#', async (credential) => {
    const user = await insertUser(t.db);
    const key = new SoftwarePasskey();
    await key.insertFor(t.db, user.id);
    const browser = new Browser(t.app);
    // Also with the id of a passkey that exists, so the signature check itself meets the garbage.
    for (const id of [credential.id, key.id]) {
      await browser.request({ method: 'POST', url: '/api/session/passkey/options' });
      const res = await browser.request({
        method: 'POST',
        url: '/api/session/passkey',
        payload: { credential: { ...credential, id, rawId: id } },
      });
      expect(res.statusCode).toBe(401);
    }
  });

  test('a credential of the wrong shape fails the contract', async () => {
    const res = await new Browser(t.app).request({
      method: 'POST',
      url: '/api/session/passkey',
      payload: { credential: { id: 'not base64url!', type: 'password' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
