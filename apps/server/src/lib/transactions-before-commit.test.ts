import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { failedRequirement, required } from '../db/require.ts';
import { users } from '../db/schema/auth.ts';
import { selectRows } from '../db/select-rows.ts';
import { recordAudit } from '../modules/audit/audit.repository.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { insertUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { COMMAND_LINE_ACTOR } from './actor.ts';
import { createTransactions } from './transactions.ts';

const t = useTestApp();

const transactions = () =>
  createTransactions({
    db: t.db,
    mailer: createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }),
    clock: () => new Date(),
    idempotencyKeyTtlMs: 3_600_000,
    commitBehindLastStatements: t.database.pipelines,
  });

const nameOf = async (id: string) =>
  (await t.db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name;

describe('statements handed to beforeCommit', () => {
  test('are answered before the commit: their change commits with the rest', async () => {
    const user = await insertUser(t.db, { name: 'Before' });
    const order: string[] = [];
    await transactions().run(async ({ tx, beforeCommit }) => {
      beforeCommit(
        tx
          .update(users)
          .set({ name: 'After' })
          .where(eq(users.id, user.id))
          .then(() => {
            order.push('answered');
          }),
      );
      order.push('body done');
    });
    order.push('committed');
    expect(order).toEqual(['body done', 'answered', 'committed']);
    expect(await nameOf(user.id)).toBe('After');
  });

  test('roll the transaction back when one fails in the database, also a check it makes there', async () => {
    const user = await insertUser(t.db, { name: 'Kept' });
    await expect(
      transactions().run(async ({ tx, beforeCommit }) => {
        await tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
        beforeCommit(selectRows(tx, sql`select 1 / 0 as never`));
      }),
    ).rejects.toThrow();
    expect(await nameOf(user.id)).toBe('Kept');

    const failure = await transactions()
      .run(async ({ tx, beforeCommit }) => {
        await tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
        beforeCommit(
          selectRows(tx, sql`select ${required(sql`0 = 1`, 'the statement counted wrong')} as ok`),
        );
      })
      .then(() => undefined, failedRequirement);
    expect(failure).toBe('the statement counted wrong');
    expect(await nameOf(user.id)).toBe('Kept');
  });

  test('leave ahead of the commit with the mail and the audits: when one fails, none of them is kept', async () => {
    const user = await insertUser(t.db, { name: 'Kept' });
    const audits = async () =>
      (await selectRows<{ n: string }>(t.db, sql`select count(*)::text as n from audit_log`))[0]?.n;
    const mails = async () =>
      (
        await selectRows<{ n: string }>(
          t.db,
          sql`select count(*)::text as n from mail_outbox where to_address = ${user.email}`,
        )
      )[0]?.n;
    const auditsBefore = await audits();
    const failure = await transactions()
      .run(async ({ tx, outbox, beforeCommit }) => {
        await tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
        outbox.send({ to: user.email, subject: 'Never', text: 'sent' });
        await recordAudit(tx, {
          actor: COMMAND_LINE_ACTOR,
          action: 'settings.update',
          targetType: 'settings',
        });
        beforeCommit(selectRows(tx, sql`select ${required(sql`false`, 'refused last')} as ok`));
      })
      .then(() => undefined, failedRequirement);
    expect(failure).toBe('refused last');
    expect(await nameOf(user.id)).toBe('Kept');
    expect(await mails()).toBe('0');
    expect(await audits()).toBe(auditsBefore);

    // The same three, with nothing refused: all kept.
    await transactions().run(async ({ tx, outbox, beforeCommit }) => {
      await tx.update(users).set({ name: 'Changed' }).where(eq(users.id, user.id));
      outbox.send({ to: user.email, subject: 'Sent', text: 'kept' });
      await recordAudit(tx, { actor: COMMAND_LINE_ACTOR, action: 'settings.update', targetType: 'settings' });
      beforeCommit(selectRows(tx, sql`select ${required(sql`true`, 'refused last')} as ok`));
    });
    expect(await nameOf(user.id)).toBe('Changed');
    expect(await mails()).toBe('1');
    expect(Number(await audits())).toBe(Number(auditsBefore) + 1);
  });

  test('a body that fails leaves no failure of theirs unhandled, and throws its own error', async () => {
    const user = await insertUser(t.db, { name: 'Kept' });
    await expect(
      transactions().run(async ({ tx, beforeCommit }) => {
        beforeCommit(tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id)));
        throw new Error('the body failed');
      }),
    ).rejects.toThrow('the body failed');
    expect(await nameOf(user.id)).toBe('Kept');
  });
});
