import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { mailOutbox } from '../db/schema/mail.ts';
import { createMailer, type OutgoingMail } from '../modules/mail/mailer.ts';
import { insertUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { AppError } from './app-error.ts';
import { createTransactions } from './transactions.ts';

const t = useTestApp();

function transactionsWith(mailer: ReturnType<typeof createMailer>) {
  return createTransactions({
    db: t.db,
    mailer,
    clock: () => new Date(),
    idempotencyKeyTtlMs: 3_600_000,
    commitBehindLastStatements: t.database.pipelines,
  });
}

async function mailTo(address: string) {
  return t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
}

describe("a command's outbox", () => {
  test('its mail is recorded in its transaction: present when it answers, absent when it rolls back', async () => {
    const user = await insertUser(t.db);
    const transactions = transactionsWith(createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }));
    const seenInside: number[] = [];
    await transactions.run(async ({ tx, outbox }) => {
      outbox.send({ to: user.email, subject: 'Kept', text: 'one' });
      // Not recorded before the command's work is done (a refusal later in it would roll it back).
      seenInside.push(
        (await tx.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).length,
      );
    });
    expect(seenInside).toEqual([0]);
    expect((await mailTo(user.email)).map((mail) => mail.subject)).toEqual(['Kept']);

    await expect(
      transactions.run(async ({ outbox }) => {
        outbox.send({ to: user.email, subject: 'Refused', text: 'two' });
        throw new AppError('CONFLICT', 'refused after the mail was queued');
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await mailTo(user.email)).map((mail) => mail.subject)).toEqual(['Kept']);
  });

  test('a change whose mail cannot be recorded does not commit: no change without its mail', async () => {
    const user = await insertUser(t.db);
    const transactions = transactionsWith(createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }));
    const failure = transactions.run(async ({ tx, outbox }) => {
      await tx.update(users).set({ name: 'Changed' }).where(eq(users.id, user.id));
      // PostgreSQL refuses a NUL character in text: the message cannot be stored.
      outbox.send({ to: user.email, subject: 'Broken', text: 'a\u0000b' });
    });
    await expect(failure).rejects.toThrow('The e-mail could not be recorded');
    const [after] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, user.id));
    expect(after?.name).toBe(user.name);
    expect(await mailTo(user.email)).toEqual([]);
  });

  test('with SMTP the recorded mail is sent once the transaction has committed, never before', async () => {
    const user = await insertUser(t.db);
    const delivered: Array<{ mail: OutgoingMail; rowsAtSend: number }> = [];
    const mailer = createMailer(t.db, {
      from: 'Candor <no-reply@candor.test>',
      // A message is sent only once its row is visible to another connection: committed.
      sendMail: async (mail) => {
        delivered.push({ mail, rowsAtSend: (await mailTo(mail.to)).length });
      },
    });
    await transactionsWith(mailer).run(async ({ outbox }) => {
      outbox.send({ to: user.email, subject: 'Code', text: '123456' });
      outbox.send({ to: user.email, subject: 'Notice', text: 'notice' });
      expect(delivered).toEqual([]);
    });
    expect(delivered.map(({ mail, rowsAtSend }) => [mail.subject, rowsAtSend]).sort()).toEqual([
      ['Code', 2],
      ['Notice', 2],
    ]);
    expect((await mailTo(user.email)).map((mail) => mail.deliveryStatus)).toEqual(['sent', 'sent']);
  });

  test('with SMTP, queued mail is left to the delivery worker: the command answers without waiting for it', async () => {
    const user = await insertUser(t.db);
    const delivered: string[] = [];
    const mailer = createMailer(t.db, {
      from: 'Candor <no-reply@candor.test>',
      sendMail: async (mail) => {
        delivered.push(mail.subject);
      },
    });
    await transactionsWith(mailer).run(async ({ outbox }) => {
      outbox.send({ to: user.email, subject: 'Code', text: '123456' });
      outbox.queue({ to: user.email, subject: 'Notice', text: 'notice', userId: user.id });
    });
    // The code went before the answer; the notice is recorded with the change, due for the worker.
    expect(delivered).toEqual(['Code']);
    const recorded = await mailTo(user.email);
    expect(recorded.find((mail) => mail.subject === 'Notice')).toMatchObject({
      deliveryStatus: 'sending',
      userId: user.id,
      nextAttemptAt: new Date(0),
    });
    expect(await mailer.retryDue()).toBe(1);
    expect(delivered).toEqual(['Code', 'Notice']);
    expect((await mailTo(user.email)).map((mail) => mail.deliveryStatus)).toEqual(['sent', 'sent']);
  });

  test('without SMTP, queued mail is kept for its account at once, as sent mail is', async () => {
    const user = await insertUser(t.db);
    const transactions = transactionsWith(createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }));
    await transactions.run(async ({ outbox }) => {
      outbox.queue({ to: user.email, subject: 'Notice', text: 'notice', userId: user.id });
    });
    expect(await mailTo(user.email)).toMatchObject([
      { subject: 'Notice', deliveryStatus: 'kept', userId: user.id },
    ]);
  });
});
