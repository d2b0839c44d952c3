import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { selectRows } from '../../db/select-rows.ts';
import { insertUser } from '../../test/factories.ts';
import { insertPlanPurchase } from '../../test/plans.ts';
import { useTestApp } from '../../test/test-app.ts';

const t = useTestApp();

/** Migration 0028 (decision 059): the seeded Zero and Enc packages to seed §9's 1:500. */
const MIGRATION = readFileSync(
  new URL('../../../drizzle/0028_trading_packages_leverage_500.sql', import.meta.url),
  'utf8',
);

async function leverageOf(name: string): Promise<number> {
  const [row] = await selectRows<{ leverage: number }>(
    t.db,
    sql`select (features->>'maxLeverage')::int as leverage from plans where kind = 'trading' and name = ${name}`,
  );
  if (!row) throw new Error(`no trading package ${name}`);
  return Number(row.leverage);
}

async function setLeverage(name: string, leverage: number, updatedBy: string | null): Promise<void> {
  await t.db.execute(sql`
    update plans set features = jsonb_set(features, '{maxLeverage}', to_jsonb(${leverage}::int)),
                     updated_by = ${updatedBy}
     where kind = 'trading' and name = ${name}`);
}

test('moves only packages as seeded: one staff edited or a customer bought keeps its leverage', async () => {
  const staff = await insertUser(t.db, { role: 'admin' });
  const customer = await insertUser(t.db);
  try {
    // Zero as seeded; Enc as seeded, but a customer bought it.
    await setLeverage('Zero', 200, null);
    await setLeverage('Enc', 300, null);
    await insertPlanPurchase(t.db, customer.id, 'trading', 'Enc');
    await t.db.execute(sql.raw(MIGRATION));
    expect(await leverageOf('Zero')).toBe(500);
    expect(await leverageOf('Enc')).toBe(300);

    // Zero put back at 1:200 by a staff member: their edit stands.
    await setLeverage('Zero', 200, staff.id);
    await t.db.execute(sql.raw(MIGRATION));
    expect(await leverageOf('Zero')).toBe(200);
  } finally {
    await t.db.execute(sql`delete from plan_purchases where user_id = ${customer.id}`);
    await setLeverage('Zero', 500, null);
    await setLeverage('Enc', 500, null);
  }
});
