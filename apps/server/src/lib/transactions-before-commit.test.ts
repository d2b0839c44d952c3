import { eq, sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { users } from '../db/schema/auth.ts';
import { selectRows } from '../db/select-rows.ts';
import { createMailer } from '../modules/mail/mailer.ts';
import { insertUser } from '../test/factories.ts';
import { useTestApp } from '../test/test-app.ts';
import { createTransactions } from './transactions.ts';

const t = useTestApp();

const transactions = () =>
  createTransactions({
    db: t.db,
    mailer: createMailer(t.db, { from: 'Candor <no-reply@candor.test>' }),
    clock: () => new Date(),
    idempotencyKeyTtlMs: 3_600_000,
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

  test('roll the transaction back when one fails, in the database or in its check', async () => {
    const user = await insertUser(t.db, { name: 'Kept' });
    await expect(
      transactions().run(async ({ tx, beforeCommit }) => {
        await tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
        beforeCommit(selectRows(tx, sql`select 1 / 0 as never`));
      }),
    ).rejects.toThrow();
    expect(await nameOf(user.id)).toBe('Kept');

    await expect(
      transactions().run(async ({ tx, beforeCommit }) => {
        await tx.update(users).set({ name: 'Lost' }).where(eq(users.id, user.id));
        beforeCommit(
          selectRows<{ n: number }>(tx, sql`select 0 as n`).then(([row]) => {
            if (row?.n !== 1) throw new Error('the statement answered the wrong count');
          }),
        );
      }),
    ).rejects.toThrow('the statement answered the wrong count');
    expect(await nameOf(user.id)).toBe('Kept');
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
