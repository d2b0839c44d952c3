import { eq, inArray, sql } from 'drizzle-orm';
import { expect, onTestFinished, test } from 'vitest';
import { trades } from '../../db/schema/trades.ts';
import { insertUser } from '../../test/factories.ts';
import { plansOf, scansWhole } from '../../test/query-plans.ts';
import { useTestApp } from '../../test/test-app.ts';
import { closeTradeRows, type TradeRow } from './trades.repository.ts';

const t = useTestApp();

/** Open EURUSD trades of `userId`: one, or `copies` copies of `copiedFrom` (each its own relation). */
async function insertOpenTrades(userId: string, copies?: { of: string; count: number }): Promise<void> {
  await t.db.execute(sql`
    insert into trades (user_id, symbol, instrument_class, direction, amount_minor, lot_hundredths,
                        exposure_minor, open_price, status, price_source, opened_at,
                        copied_from_trade_id, copy_relation_id)
    select ${userId}, 'EURUSD', 'forex', 'buy', 1000, 100, 100000, '1.1', 'open', 'simulated', now(),
           ${copies?.of ?? null}::uuid, case when ${copies?.of ?? null}::uuid is null then null else gen_random_uuid() end
      from generate_series(1, ${copies?.count ?? 1})`);
}

const closing = (row: TradeRow) => ({
  row,
  fields: {
    closePrice: '1.2',
    closeMidPrice: '1.2',
    closedAt: new Date(),
    resultMinor: 0n,
    closedBy: 'customer' as const,
    closedByUserId: row.userId,
    closeReason: null,
  },
});

test('closing copies of a trade copied thousands of times reads no trade whole, and tells which closed trades have copies', async () => {
  const provider = await insertUser(t.db);
  const follower = await insertUser(t.db);
  // Bare rows, with no margin in the ledger: gone again before the ledger is reconciled.
  onTestFinished(async () => {
    await t.db.delete(trades).where(inArray(trades.userId, [provider.id, follower.id]));
  });
  await insertOpenTrades(provider.id);
  const [providerTrade] = await t.db.select().from(trades).where(eq(trades.userId, provider.id));
  if (!providerTrade) throw new Error('the provider has a trade');
  // Thousands of copies of one trade, and statistics that say so: a plan that scans the table for
  // each trade closed shows.
  await insertOpenTrades(follower.id, { of: providerTrade.id, count: 3000 });
  await t.db.execute(sql`analyze trades`);
  const someCopies = await t.db.select().from(trades).where(eq(trades.userId, follower.id)).limit(3);
  const closes = [providerTrade, ...someCopies].map(closing);

  // The explained statement answers no rows, so closeTradeRows then throws: only its plan counts.
  const plans = await plansOf(t.db, (db) => closeTradeRows(db, closes).catch(() => undefined));
  expect(plans).toHaveLength(1);
  expect(plans[0]).toContain('"Relation Name":"trades"');
  expect(scansWhole(plans[0] ?? '', 'trades')).toBe(false);

  const { rows, copied } = await t.db.transaction((tx) => closeTradeRows(tx, closes));
  expect(rows.map((row) => row.status)).toEqual(['closed', 'closed', 'closed', 'closed']);
  expect(copied).toEqual([providerTrade.id]);
});
