import { beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { insertSignedInUser, insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let alice: { user: TestUser; browser: Browser };
let bob: { user: TestUser; browser: Browser };
let staff: Browser;
const start = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => {
  alice = await insertSignedInUser(t);
  bob = await insertSignedInUser(t);
  const support = await insertUser(t.db, { role: 'support' });
  staff = await signInAs(t.app, t.db, support);
  // 25 messages to Alice one minute apart, 2 to Bob, 1 to the support member, 1 to nobody.
  await t.db.insert(mailOutbox).values([
    ...Array.from({ length: 25 }, (_, i) => ({
      toAddress: alice.user.email,
      userId: alice.user.id,
      subject: `Alice ${i}`,
      textBody: `Alice's code ${100000 + i}`,
      createdAt: new Date(start + i * 60_000),
    })),
    ...[0, 1].map((i) => ({
      toAddress: bob.user.email,
      userId: bob.user.id,
      subject: `Bob ${i}`,
      textBody: `Bob's link ${i}`,
      createdAt: new Date(start + i * 60_000),
    })),
    { toAddress: support.email, userId: support.id, subject: 'Staff own', textBody: 'staff mail' },
    { toAddress: 'nobody@example.test', subject: 'Nobody', textBody: '' },
  ]);
});

function get(browser: Browser, url: string) {
  return browser.request({ method: 'GET', url });
}

describe('the list', () => {
  test('shows my own messages only, newest first, 20 a page, all unread', async () => {
    const res = await get(alice.browser, '/api/messages');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageCount: 2, total: 25 });
    expect(body.items).toHaveLength(20);
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      to: alice.user.email,
      subject: 'Alice 24',
      createdAt: new Date(start + 24 * 60_000).toISOString(),
      read: false,
    });
    const second = (await get(alice.browser, '/api/messages?page=2')).json();
    expect(second.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Alice 4',
      'Alice 3',
      'Alice 2',
      'Alice 1',
      'Alice 0',
    ]);
    const bobs = (await get(bob.browser, '/api/messages')).json();
    expect(bobs.items.map((m: { subject: string }) => m.subject)).toEqual(['Bob 1', 'Bob 0']);
  });

  test('staff read their own mail like anyone, and no one else’s', async () => {
    const body = (await get(staff, '/api/messages')).json();
    expect(body.items.map((m: { subject: string }) => m.subject)).toEqual(['Staff own']);
  });

  test('an empty list for a new account', async () => {
    const { browser } = await insertSignedInUser(t);
    expect((await get(browser, '/api/messages')).json()).toEqual({
      items: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });
    expect((await get(browser, '/api/messages/unread-count')).json()).toEqual({ unread: 0 });
  });
});

describe('one message', () => {
  test('I read my own message with its text; reading does not mark it read', async () => {
    const [newest] = (await get(bob.browser, '/api/messages')).json().items;
    const res = await get(bob.browser, `/api/messages/${newest.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: newest.id,
      to: bob.user.email,
      subject: 'Bob 1',
      text: "Bob's link 1",
      createdAt: newest.createdAt,
      readAt: null,
    });
  });

  test("someone else's message is not found, to customers and staff alike", async () => {
    const [alices] = (await get(alice.browser, '/api/messages')).json().items;
    for (const other of [bob.browser, staff]) {
      const read = await get(other, `/api/messages/${alices.id}`);
      expect(read.statusCode).toBe(404);
      expect(read.json()).toEqual({ code: 'NOT_FOUND', message: 'Message not found' });
      const mark = await other.request({ method: 'POST', url: `/api/messages/${alices.id}/read` });
      expect(mark.statusCode).toBe(404);
    }
    expect((await get(alice.browser, `/api/messages/${alices.id}`)).json().readAt).toBeNull();
  });

  test.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['an id that is not a UUID', 'nope'],
  ])('%s answers 404', async (_name, id) => {
    expect((await get(alice.browser, `/api/messages/${id}`)).statusCode).toBe(404);
    expect(
      (await alice.browser.request({ method: 'POST', url: `/api/messages/${id}/read` })).statusCode,
    ).toBe(404);
  });
});

describe('unread count and marking read', () => {
  test('marking a message read lowers the unread count once', async () => {
    expect((await get(alice.browser, '/api/messages/unread-count')).json()).toEqual({ unread: 25 });
    const [newest, next] = (await get(alice.browser, '/api/messages')).json().items;
    const mark = await alice.browser.request({ method: 'POST', url: `/api/messages/${newest.id}/read` });
    expect(mark.statusCode).toBe(204);
    expect((await get(alice.browser, '/api/messages/unread-count')).json()).toEqual({ unread: 24 });
    const firstRead = (await get(alice.browser, `/api/messages/${newest.id}`)).json().readAt;
    expect(firstRead).toEqual(expect.any(String));

    // Marking it again changes nothing, the time of first reading included.
    await alice.browser.request({ method: 'POST', url: `/api/messages/${newest.id}/read` });
    expect((await get(alice.browser, '/api/messages/unread-count')).json()).toEqual({ unread: 24 });
    expect((await get(alice.browser, `/api/messages/${newest.id}`)).json().readAt).toBe(firstRead);

    const list = (await get(alice.browser, '/api/messages')).json().items;
    expect(list.find((m: { id: string }) => m.id === newest.id).read).toBe(true);
    expect(list.find((m: { id: string }) => m.id === next.id).read).toBe(false);
    // Bob's count is his own.
    expect((await get(bob.browser, '/api/messages/unread-count')).json()).toEqual({ unread: 2 });
  });
});

test('an anonymous visitor gets 401 on every Messages route', async () => {
  const [first] = (await get(alice.browser, '/api/messages')).json().items;
  for (const url of ['/api/messages', '/api/messages/unread-count', `/api/messages/${first.id}`]) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  }
  expect((await t.app.inject({ method: 'POST', url: `/api/messages/${first.id}/read` })).statusCode).toBe(
    401,
  );
});
