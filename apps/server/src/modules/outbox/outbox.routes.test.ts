import { beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../../db/schema/mail.ts';
import { insertSignedInUser, insertUser, signInAs } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';

const t = useTestApp();
let admin: Browser;
let client: Browser;
const start = Date.parse('2030-01-01T00:00:00Z');
beforeAll(async () => {
  admin = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'admin' }));
  ({ browser: client } = await insertSignedInUser(t));
  // 45 messages one minute apart: message i was sent at start + i minutes; every third to Alice.
  await t.db.insert(mailOutbox).values(
    Array.from({ length: 45 }, (_, i) => ({
      toAddress: i % 3 === 0 ? `Alice.${i}@Example.test` : `bob_${i}@example.test`,
      subject: `Message ${i}`,
      textBody: `Text of message ${i}`,
      htmlBody: i === 44 ? `<p>HTML of message ${i}</p>` : null,
      createdAt: new Date(start + i * 60_000),
      ...DELIVERY[i],
    })),
  );
});

/** The delivery of the newest messages; the others were kept (no SMTP). */
const DELIVERY: Record<number, object> = {
  44: { deliveryStatus: 'sent', attempts: 1, sentAt: new Date(start + 44 * 60_000 + 900) },
  43: {
    deliveryStatus: 'retrying',
    attempts: 2,
    lastError: 'EAUTH: Invalid login: 535 Authentication failed',
    nextAttemptAt: new Date(start + 50 * 60_000),
  },
  42: { deliveryStatus: 'failed', attempts: 5, lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25' },
};

function list(query: string, as: Browser = admin) {
  return as.request({ method: 'GET', url: `/api/admin/outbox${query}` });
}

describe('the delivery log', () => {
  test('shows the newest 20 first, with the page count and total', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageCount: 3, total: 45 });
    expect(body.items).toHaveLength(20);
    expect(body.items[19].subject).toBe('Message 25');
  });

  test('shows envelopes and delivery only: sent, retrying with its error, failed, kept', async () => {
    const [sent, retrying, failed, kept] = (await list('')).json().items;
    expect(sent).toEqual({
      id: expect.any(String),
      to: 'bob_44@example.test',
      subject: 'Message 44',
      createdAt: new Date(start + 44 * 60_000).toISOString(),
      status: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: new Date(start + 44 * 60_000 + 900).toISOString(),
    });
    expect(retrying).toMatchObject({
      status: 'retrying',
      attempts: 2,
      lastError: 'EAUTH: Invalid login: 535 Authentication failed',
      nextAttemptAt: new Date(start + 50 * 60_000).toISOString(),
    });
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
      nextAttemptAt: null,
    });
    expect(kept).toMatchObject({ status: 'kept', attempts: 0, lastError: null, sentAt: null });
    const text = JSON.stringify((await list('')).json());
    expect(text).not.toContain('Text of message');
    expect(text).not.toContain('HTML of message');
  });

  test('the last page holds the rest, and a page past the end is empty', async () => {
    const third = (await list('?page=3')).json();
    expect(third.items.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
      'Message 1',
      'Message 0',
    ]);
    expect((await list('?page=4')).json()).toMatchObject({ items: [], page: 4, pageCount: 3, total: 45 });
  });

  test('searches by recipient on the server, ignoring case', async () => {
    const body = (await list('?search=ALICE')).json();
    expect(body).toMatchObject({ total: 15, pageCount: 1, page: 1 });
    expect(body.items.every((m: { to: string }) => m.to.startsWith('Alice.'))).toBe(true);
    expect((await list('?search=alice.42%40example')).json().items.map((m: { to: string }) => m.to)).toEqual([
      'Alice.42@Example.test',
    ]);
  });

  test('LIKE wildcards in the search match only themselves', async () => {
    expect((await list('?search=%25')).json().total).toBe(0);
    expect((await list('?search=b_b')).json().total).toBe(0); // "_" would match the "o" of "bob"
    expect((await list('?search=bob_1')).json().total).toBe(8); // bob_1, bob_10, 11, 13, 14, 16, 17, 19
  });

  test('a page number below 1 is refused', async () => {
    const res = await list('?page=0');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

test('no route reads a message body: the old message route is gone', async () => {
  const [newest] = (await list('')).json().items;
  const res = await admin.request({ method: 'GET', url: `/api/admin/outbox/${newest.id}` });
  expect(res.statusCode).toBe(404);
  expect(res.body).not.toContain('Text of message');
});

describe('only administrators read the outbox', () => {
  test('a client gets 403', async () => {
    expect((await list('', client)).statusCode).toBe(403);
  });

  test('an anonymous visitor gets 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
  });
});
