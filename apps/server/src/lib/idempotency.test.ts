import { sql } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { selectRows } from '../db/select-rows.ts';
import { insertUser } from '../test/factories.ts';
import { plansOf } from '../test/query-plans.ts';
import { useTestApp } from '../test/test-app.ts';
import { claimKeys, type IdempotencyClaim, settleKeys } from './idempotency.ts';

const t = useTestApp();

describe('settleKeys', () => {
  test("stores the answers and releases the refused requests' keys through the primary key, among thousands", async () => {
    const customers = [await insertUser(t.db), await insertUser(t.db)];
    // Thousands of answered keys of the same customers: a plan that reads the whole table shows.
    for (const customer of customers) {
      await t.db.execute(sql`
        insert into idempotency_keys (actor_id, key, scope, request_hash, response_status, response_body, created_at)
        select ${customer.id}, 'old-' || g, 'POST /api/trades', 'h', 200, '{}'::jsonb, now()
          from generate_series(1, 3000) g`);
    }
    await t.db.execute(sql`analyze idempotency_keys`);
    const claim = (actorId: string, key: string): IdempotencyClaim => ({
      actorId,
      key,
      scope: 'POST /api/trades',
      requestHash: `hash-${key}`,
    });
    const [first, second] = customers.map((customer) => customer.id) as [string, string];
    const claims = [claim(first, 'new-1'), claim(second, 'new-2'), claim(first, 'new-3')];
    const now = new Date();
    expect((await claimKeys(t.db, claims, now, new Date(now.getTime() - 86_400_000))).size).toBe(3);

    const plans = await plansOf(
      t.db,
      (db) =>
        settleKeys(
          db,
          [{ claim: claims[0] as IdempotencyClaim, body: { id: 'a' } }],
          [claims[1] as IdempotencyClaim],
        ),
      [{ answered: '1', released: '1' }],
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]).toContain('idempotency_keys');
    expect(plans[0]).not.toContain('Seq Scan');

    await settleKeys(
      t.db,
      [{ claim: claims[0] as IdempotencyClaim, body: { id: 'a' } }],
      [claims[1] as IdempotencyClaim],
    );
    const rows = await selectRows<{ key: string; response_status: number | null; response_body: unknown }>(
      t.db,
      sql`select key, response_status, response_body from idempotency_keys where key like 'new-%' order by key`,
    );
    expect(rows).toEqual([
      { key: 'new-1', response_status: 200, response_body: { id: 'a' } },
      { key: 'new-3', response_status: null, response_body: null },
    ]);
  });
});
