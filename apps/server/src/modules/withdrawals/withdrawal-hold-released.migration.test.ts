import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { selectRows } from '../../db/select-rows.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { useTestApp } from '../../test/test-app.ts';
import { PAYOUTS, requestWithdrawal, setCustomerSettings } from './withdrawal-test-helpers.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });

/** Migration 0033: who released a hold, kept on the withdrawal (before, only in the audit log). */
const MIGRATION = readFileSync(
  new URL('../../../drizzle/0033_withdrawal_hold_released.sql', import.meta.url),
  'utf8',
);

test('a hold released before the columns existed is read back from its audit row; one never held or still held has none', async () => {
  const customer = await insertFundedCustomer(t, 100_00n);
  await setCustomerSettings(t.db, customer.user.id, { holdEnabled: true, holdReason: 'Checking' });
  const withdraw = async () => {
    const res = await requestWithdrawal(customer.browser, { amount: '10', ...PAYOUTS.bank });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const released = await withdraw();
  const stillHeld = await withdraw();
  const release = await admin.browser.request({
    method: 'POST',
    url: `/api/admin/withdrawals/${released}/release-hold`,
    payload: {},
  });
  expect(release.statusCode, release.body).toBe(200);
  const [audited] = await selectRows<{ created_at: string }>(
    t.db,
    sql`select created_at::text from audit_log where action = 'withdrawal.release_hold' and target_id = ${released}`,
  );

  // The table as it was before 0033.
  await t.db.execute(sql`alter table withdrawals drop column hold_released_by`);
  await t.db.execute(sql`alter table withdrawals drop column hold_released_at`);
  for (const statement of MIGRATION.split('--> statement-breakpoint')) {
    await t.db.execute(sql.raw(statement));
  }

  const rows = await selectRows<{
    id: string;
    hold_released_by: string | null;
    hold_released_at: string | null;
  }>(
    t.db,
    sql`select id, hold_released_by, hold_released_at::text from withdrawals
         where id in (${released}, ${stillHeld})`,
  );
  expect(rows.find((row) => row.id === released)).toEqual({
    id: released,
    hold_released_by: admin.user.id,
    hold_released_at: audited?.created_at,
  });
  expect(rows.find((row) => row.id === stillHeld)).toEqual({
    id: stillHeld,
    hold_released_by: null,
    hold_released_at: null,
  });
});
