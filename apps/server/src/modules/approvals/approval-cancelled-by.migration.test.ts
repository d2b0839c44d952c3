import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { selectRows } from '../../db/select-rows.ts';
import { insertUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** Migration 0029 (decision 057, its section on the customer's cancellation). */
const MIGRATION = readFileSync(
  new URL('../../../drizzle/0029_approval_cancelled_by_customer.sql', import.meta.url),
  'utf8',
);

type Row = {
  id: string;
  status: string;
  cancelled_by: string | null;
  checker_id: string | null;
  checker_role: string | null;
  checker_reason: string | null;
};

test('a withdrawal approval its customer closed as "rejected" becomes cancelled by the customer; staff rejections stay, maker cancellations say so', async () => {
  const customer = await insertUser(t.db);
  const maker = await insertUser(t.db, { role: 'admin' });
  const checker = await insertUser(t.db, { role: 'admin' });
  // The table as it was before 0029.
  await t.db.execute(sql`alter table approvals drop constraint approvals_checker_staff`);
  await t.db.execute(sql`alter table approvals drop constraint approvals_cancelled_by_who`);
  await t.db.execute(sql`alter table approvals drop constraint approvals_cancelled_by`);
  await t.db.execute(sql`alter table approvals drop column cancelled_by`);
  const insert = (
    id: string,
    kind: string,
    status: string,
    checkerId: string | null,
    checkerRole: string | null,
    reason: string,
  ) =>
    t.db.execute(sql`
      insert into approvals (id, kind, status, user_id, amount_minor, request, maker_id, maker_role,
                             maker_reason, checker_id, checker_role, checker_reason, decided_at)
      values (${id}, ${kind}, ${status}, ${customer.id}, 5000, ${JSON.stringify({ direction: 'credit', reason: 'Goodwill' })}::jsonb,
              ${maker.id}, 'admin', 'Checked', ${checkerId}, ${checkerRole}, ${reason}, now())`);
  const byCustomer = '00000000-0000-4000-8000-000000000291';
  const byStaff = '00000000-0000-4000-8000-000000000292';
  const byMaker = '00000000-0000-4000-8000-000000000293';
  await insert(
    byCustomer,
    'withdrawal_approval',
    'rejected',
    customer.id,
    'client',
    'The customer cancelled the withdrawal',
  );
  await insert(byStaff, 'withdrawal_approval', 'rejected', checker.id, 'admin', 'Payout details wrong');
  await insert(byMaker, 'adjustment', 'cancelled', null, null, 'Typed the wrong amount');

  for (const statement of MIGRATION.split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }

  const rows = await selectRows<Row>(
    t.db,
    sql`select id, status, cancelled_by, checker_id, checker_role, checker_reason from approvals
         where id in (${byCustomer}, ${byStaff}, ${byMaker}) order by id`,
  );
  expect(rows).toEqual([
    {
      id: byCustomer,
      status: 'cancelled',
      cancelled_by: 'customer',
      checker_id: null,
      checker_role: null,
      checker_reason: 'The customer cancelled the withdrawal',
    },
    {
      id: byStaff,
      status: 'rejected',
      cancelled_by: null,
      checker_id: checker.id,
      checker_role: 'admin',
      checker_reason: 'Payout details wrong',
    },
    {
      id: byMaker,
      status: 'cancelled',
      cancelled_by: 'maker',
      checker_id: null,
      checker_role: null,
      checker_reason: 'Typed the wrong amount',
    },
  ]);
  // From now on the database refuses a customer as a checker.
  await expect(
    t.db.execute(sql`update approvals set status = 'rejected', cancelled_by = null, checker_id = ${customer.id},
                       checker_role = 'client' where id = ${byCustomer}`),
  ).rejects.toThrow();
});
