import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { insertUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createMailDeliveryWorker } from './mail-delivery-worker.ts';
import { createMailer, type OutgoingMail, type SendMail } from './mailer.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const FROM = 'Candor <no-reply@candor.test>';

/** A fake SMTP transport: fails while `failing` holds an error, records what it delivered. */
function fakeTransport() {
  const delivered: OutgoingMail[] = [];
  const state: { failing: Error | undefined } = { failing: undefined };
  const sendMail: SendMail = async (mail) => {
    if (state.failing) throw state.failing;
    delivered.push(mail);
  };
  return { delivered, state, sendMail };
}

function smtpError(message: string): Error {
  return Object.assign(new Error(message), { code: 'EAUTH', responseCode: 535 });
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error('no such mail');
  return row;
}

async function newestTo(address: string) {
  const [row] = await database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(mailOutbox.createdAt);
  if (!row) throw new Error(`no mail to ${address}`);
  return row;
}

describe('with no SMTP', () => {
  test("a message to an account's address is kept for that account, undelivered", async () => {
    const user = await insertUser(database.db, { email: 'Kept.Owner@Example.test' });
    const mailer = createMailer(database.db, { from: FROM });
    expect(mailer.transport).toBe('outbox');
    await mailer.send({ to: 'kept.owner@example.test', subject: 'Hello', text: 'Code 123456' });
    const row = await newestTo('kept.owner@example.test');
    expect(row).toMatchObject({
      userId: user.id,
      subject: 'Hello',
      textBody: 'Code 123456',
      deliveryStatus: 'kept',
      attempts: 0,
      readAt: null,
    });
  });

  test('a message to an address with no account is kept for the account that caused it', async () => {
    const user = await insertUser(database.db);
    const mailer = createMailer(database.db, { from: FROM });
    await mailer.send({ to: 'new-address@example.test', subject: 'Verify', text: 'link', userId: user.id });
    expect(await newestTo('new-address@example.test')).toMatchObject({ userId: user.id, textBody: 'link' });
  });

  test('a message that belongs to no account keeps only its envelope: nobody may read it', async () => {
    const mailer = createMailer(database.db, { from: FROM });
    await mailer.send({
      to: 'stranger@example.test',
      subject: 'Stray',
      text: 'secret',
      html: '<p>secret</p>',
    });
    expect(await newestTo('stranger@example.test')).toMatchObject({
      userId: null,
      subject: 'Stray',
      textBody: '',
      htmlBody: null,
      deliveryStatus: 'kept',
    });
  });
});

describe('several messages at once (sendAll)', () => {
  test('without SMTP each is kept for the owner of its own address; one of no account keeps no body', async () => {
    const ada = await insertUser(database.db);
    const bob = await insertUser(database.db);
    const mailer = createMailer(database.db, { from: FROM });
    await mailer.sendAll([
      { to: ada.email, subject: 'For Ada', text: 'Ada 111111' },
      { to: bob.email, subject: 'For Bob', text: 'Bob 222222' },
      { to: 'moved-bob@example.test', subject: 'For Bob, moved', text: 'Bob link', userId: bob.id },
      { to: 'nobody-at-all@example.test', subject: 'Stray', text: 'secret' },
    ]);
    expect(await newestTo(ada.email)).toMatchObject({ userId: ada.id, textBody: 'Ada 111111' });
    expect(await newestTo(bob.email)).toMatchObject({ userId: bob.id, textBody: 'Bob 222222' });
    expect(await newestTo('moved-bob@example.test')).toMatchObject({ userId: bob.id, textBody: 'Bob link' });
    expect(await newestTo('nobody-at-all@example.test')).toMatchObject({ userId: null, textBody: '' });
  });

  test("an address written in capitals or with spaces around it is still its account's", async () => {
    const ada = await insertUser(database.db);
    const other = await insertUser(database.db);
    const written = ` ${ada.email.toUpperCase()} `;
    const mailer = createMailer(database.db, { from: FROM });
    await mailer.sendAll([{ to: written, subject: 'Shouted', text: 'Ada 333333', userId: other.id }]);
    expect(await newestTo(written)).toMatchObject({ userId: ada.id, textBody: 'Ada 333333' });
  });

  test('over SMTP each is sent and recorded on its own: one failure does not hold the others', async () => {
    const ada = await insertUser(database.db);
    const bob = await insertUser(database.db);
    const delivered: OutgoingMail[] = [];
    const sendMail: SendMail = async (mail) => {
      if (mail.to === bob.email) throw smtpError('535 Authentication failed');
      delivered.push(mail);
    };
    // Late enough that the failed message's retry is never due in the other tests' passes (2031).
    const clock = createManualClock(new Date('2040-01-01T10:00:00Z'));
    const mailer = createMailer(database.db, { from: FROM, sendMail, clock: clock.now });
    await mailer.sendAll([
      { to: ada.email, subject: 'To Ada', text: 'one' },
      { to: bob.email, subject: 'To Bob', text: 'two' },
    ]);
    expect(delivered.map((mail) => mail.to)).toEqual([ada.email]);
    expect(await newestTo(ada.email)).toMatchObject({ deliveryStatus: 'sent', attempts: 1 });
    expect(await newestTo(bob.email)).toMatchObject({
      deliveryStatus: 'retrying',
      attempts: 1,
      textBody: 'two',
    });
  });
});

describe('over SMTP (a fake transport)', () => {
  test('a delivered message is recorded as sent, and still kept for its account', async () => {
    const user = await insertUser(database.db);
    const clock = createManualClock(new Date('2031-01-01T10:00:00Z'));
    const transport = fakeTransport();
    const mailer = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });
    expect(mailer.transport).toBe('smtp');
    await mailer.send({
      to: user.email,
      subject: 'Sent one',
      text: 'Your code is 654321',
      html: '<b>654321</b>',
    });
    expect(transport.delivered).toEqual([
      { from: FROM, to: user.email, subject: 'Sent one', text: 'Your code is 654321', html: '<b>654321</b>' },
    ]);
    expect(await newestTo(user.email)).toMatchObject({
      userId: user.id,
      textBody: 'Your code is 654321',
      deliveryStatus: 'sent',
      attempts: 1,
      lastError: null,
      nextAttemptAt: null,
      sentAt: new Date('2031-01-01T10:00:00Z'),
    });
  });

  test('a failed send is recorded with the SMTP error, retried after 1, 5, 15 and 60 minutes, then given up', async () => {
    const user = await insertUser(database.db);
    const clock = createManualClock(new Date('2031-02-01T10:00:00Z'));
    const transport = fakeTransport();
    transport.state.failing = smtpError('Invalid login: 535 Authentication failed\nmore detail');
    const mailer = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });

    // Recorded first, then the failure: the send itself does not throw.
    await mailer.send({ to: user.email, subject: 'Will fail', text: 'Code 111111' });
    const id = (await newestTo(user.email)).id;
    expect(await rowOf(id)).toMatchObject({
      deliveryStatus: 'retrying',
      attempts: 1,
      lastError: 'EAUTH: Invalid login: 535 Authentication failed',
      nextAttemptAt: new Date('2031-02-01T10:01:00Z'),
      sentAt: null,
    });

    // Not due yet: nothing is tried.
    clock.advance(59_000);
    expect(await mailer.retryDue()).toBe(0);

    const expectedNext = ['2031-02-01T10:06:00Z', '2031-02-01T10:21:00Z', '2031-02-01T11:21:00Z'];
    clock.set(new Date('2031-02-01T10:01:00Z'));
    for (const [i, next] of expectedNext.entries()) {
      expect(await mailer.retryDue()).toBe(1);
      expect(await rowOf(id)).toMatchObject({
        deliveryStatus: 'retrying',
        attempts: i + 2,
        nextAttemptAt: new Date(next),
      });
      clock.set(new Date(next));
    }
    // The fifth failure gives up.
    expect(await mailer.retryDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({
      deliveryStatus: 'failed',
      attempts: 5,
      lastError: 'EAUTH: Invalid login: 535 Authentication failed',
      nextAttemptAt: null,
    });
    clock.advance(24 * 60 * 60_000);
    expect(await mailer.retryDue()).toBe(0);
    expect(transport.delivered).toEqual([]);
    // The customer can still read it in Messages.
    expect((await rowOf(id)).textBody).toBe('Code 111111');
  });

  test('a retry that goes through is recorded as sent; a message of no account then loses its bodies', async () => {
    const clock = createManualClock(new Date('2031-03-01T10:00:00Z'));
    const transport = fakeTransport();
    transport.state.failing = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), {
      code: 'ESOCKET',
    });
    const mailer = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });
    await mailer.send({ to: 'nobody-yet@example.test', subject: 'Retried', text: 'Body of no account' });
    const id = (await newestTo('nobody-yet@example.test')).id;
    expect(await rowOf(id)).toMatchObject({
      deliveryStatus: 'retrying',
      lastError: 'ESOCKET: connect ECONNREFUSED 127.0.0.1:25',
      textBody: 'Body of no account',
    });

    transport.state.failing = undefined;
    clock.advance(60_000);
    expect(await mailer.retryDue()).toBe(1);
    expect(transport.delivered.map((mail) => mail.text)).toEqual(['Body of no account']);
    expect(await rowOf(id)).toMatchObject({
      deliveryStatus: 'sent',
      attempts: 2,
      lastError: null,
      sentAt: new Date('2031-03-01T10:01:00Z'),
      textBody: '',
    });
  });

  test('two servers retrying at once send a message once (claims skip locked rows)', async () => {
    const clock = createManualClock(new Date('2031-04-01T10:00:00Z'));
    const transport = fakeTransport();
    transport.state.failing = new Error('421 Try again later');
    const first = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });
    await first.send({ to: 'twice@example.test', subject: 'Once', text: 'once' });
    transport.state.failing = undefined;
    const second = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });
    clock.advance(60_000);
    const tried = await Promise.all([first.retryDue(), second.retryDue()]);
    expect(tried.reduce((a, b) => a + b, 0)).toBe(1);
    expect(transport.delivered.filter((mail) => mail.to === 'twice@example.test')).toHaveLength(1);
  });

  test('an attempt that never finished (a crashed server) is retried once its lease has passed', async () => {
    const clock = createManualClock(new Date('2031-05-01T10:00:00Z'));
    const transport = fakeTransport();
    const mailer = createMailer(database.db, { from: FROM, sendMail: transport.sendMail, clock: clock.now });
    const [row] = await database.db
      .insert(mailOutbox)
      .values({
        toAddress: 'crashed@example.test',
        subject: 'Crashed',
        textBody: 'x',
        deliveryStatus: 'sending',
        nextAttemptAt: new Date('2031-05-01T10:05:00Z'),
      })
      .returning();
    expect(await mailer.retryDue()).toBe(0);
    clock.set(new Date('2031-05-01T10:05:00Z'));
    expect(await mailer.retryDue()).toBe(1);
    expect(await rowOf(row!.id)).toMatchObject({ deliveryStatus: 'sent', attempts: 1 });
  });

  test('the worker retries on its timer and stops with the app', async () => {
    const calls: number[] = [];
    const worker = createMailDeliveryWorker({
      mailer: {
        transport: 'smtp',
        retryDue: async () => {
          calls.push(Date.now());
          return 0;
        },
      },
      logger: { error: () => {} },
      intervalMs: 10,
    });
    worker.start();
    await new Promise((resolve) => setTimeout(resolve, 80));
    await worker.stop();
    const seen = calls.length;
    expect(seen).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(calls.length).toBe(seen);
  });
});

describe('queued in a transaction', () => {
  test('a queued message exists only if its transaction commits; with SMTP the next retry pass sends it', async () => {
    const user = await insertUser(database.db);
    const transport = fakeTransport();
    const mailer = createMailer(database.db, { from: FROM, sendMail: transport.sendMail });
    const message = { to: user.email, userId: user.id, subject: 'Queued', text: 'Hello' };
    await database.db
      .transaction(async (tx) => {
        await mailer.queue(tx, { ...message, subject: 'Rolled back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => mailer.queue(tx, message));
    const rows = await database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(rows.map((row) => [row.subject, row.deliveryStatus])).toEqual([['Queued', 'sending']]);
    expect(await mailer.retryDue()).toBe(1);
    expect(transport.delivered.map((mail) => mail.subject)).toEqual(['Queued']);
  });

  test('without SMTP a queued message is kept for its account', async () => {
    const user = await insertUser(database.db);
    const mailer = createMailer(database.db, { from: FROM });
    await database.db.transaction((tx) =>
      mailer.queue(tx, { to: user.email, userId: user.id, subject: 'Kept', text: 'Hello' }),
    );
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.userId, user.id));
    expect(row).toMatchObject({ subject: 'Kept', deliveryStatus: 'kept', textBody: 'Hello' });
  });
});
