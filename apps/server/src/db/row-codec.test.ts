import { randomUUID } from 'node:crypto';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, test } from 'vitest';
import { requireSiteSettings } from '../modules/settings/settings.repository.ts';
import { insertUser } from '../test/factories.ts';
import { insertPlanPurchase } from '../test/plans.ts';
import { useTestApp } from '../test/test-app.ts';
import { rowCodec } from './row-codec.ts';
import { planPurchases } from './schema/plans.ts';
import { siteSettings } from './schema/settings.ts';
import { trades } from './schema/trades.ts';
import { selectRows } from './select-rows.ts';

const t = useTestApp();
const tradeRows = rowCodec(trades);
type NewTrade = typeof trades.$inferInsert;

/** A trade with every column given, none left to its default. */
function everyColumn(userId: string): NewTrade {
  return {
    id: randomUUID(),
    userId,
    symbol: 'EURUSD',
    instrumentClass: 'forex',
    direction: 'sell',
    amountMinor: 9_007_199_254_740_993n, // beyond a JavaScript number's exact integers
    lotHundredths: 250,
    exposureMinor: 12_345n,
    openPrice: '1.0812345678',
    openMidPrice: '1.08120',
    spreadUnit: 'pips',
    spreadValue: '2.5',
    openedAt: new Date('2026-03-04T05:06:07.891Z'),
    stopOutPrice: '1.2000',
    status: 'closed',
    closePrice: '1.07',
    closeMidPrice: '1.0701',
    closedAt: new Date('2026-03-05T00:00:00.001Z'),
    resultMinor: -12_000n,
    closedBy: 'admin',
    closedByUserId: userId,
    closeReason: 'A reason with "quotes", a backslash \\ and é',
    bookedByDesk: true,
    bookedBy: userId,
    deskStatus: 'accepted',
    deskReason: 'Booked',
    deskExpiresAt: new Date('2026-03-11T05:06:07.000Z'),
    deskDecidedAt: new Date('2026-03-06T05:06:07.000Z'),
    deskEntryId: null,
    priceSource: 'simulated',
    marginEntryId: null,
    copiedFromTradeId: null,
    copyRelationId: null,
    createdAt: new Date('2026-03-04T05:06:07.000Z'),
  };
}

/** A trade as the open path stores it: the columns with defaults left out. */
function fewColumns(userId: string): NewTrade {
  return {
    userId,
    symbol: 'BTCUSD',
    instrumentClass: 'crypto',
    direction: 'buy',
    amountMinor: 10_000n,
    lotHundredths: 100,
    exposureMinor: 10_000n,
    openPrice: '67000.5',
    openedAt: new Date(),
    status: 'open',
    priceSource: 'simulated',
  };
}

describe('rowCodec', () => {
  // The trades stored here have no ledger entries: they go before the ledger is checked.
  afterEach(async () => {
    await t.db.delete(trades);
  });

  test("stores rows as Drizzle's insert does and answers them as Drizzle's select reads them", async () => {
    const user = await insertUser(t.db);
    const given = [everyColumn(user.id), fewColumns(user.id), { ...fewColumns(user.id), id: randomUUID() }];
    const stored = await tradeRows.insert(t.db, given);
    expect(stored).toHaveLength(3);
    const ids = stored.map((row) => row.id);
    const read = await t.db.select().from(trades).where(inArray(trades.id, ids));
    for (const row of stored) expect(row).toEqual(read.find((other) => other.id === row.id));

    const full = stored.find((row) => row.id === given[0]?.id);
    expect(full).toEqual({ ...given[0], openMidPrice: '1.08120' });
    expect(full?.amountMinor).toBe(9_007_199_254_740_993n);
    // Defaults: a new id, the database's time, false.
    const defaulted = stored.filter((row) => row.id !== given[0]?.id && row.id !== given[2]?.id);
    expect(defaulted).toHaveLength(1);
    expect(defaulted[0]?.bookedByDesk).toBe(false);
    expect(defaulted[0]?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs((defaulted[0]?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  test('reads every column of a select as Drizzle does, under a prefix too (jsonb, integers, null)', async () => {
    const user = await insertUser(t.db);
    const purchase = await insertPlanPurchase(t.db, user.id, 'trading', 'Zero');
    await requireSiteSettings(t.db);
    const purchaseRows = rowCodec(planPurchases);
    const settingsRows = rowCodec(siteSettings);
    const [raw] = await selectRows<Record<string, unknown>>(
      t.db,
      sql`select ${sql.raw(settingsRows.columns('s', 's.'))}, ${sql.raw(purchaseRows.columns('p', 'p.'))}
            from site_settings s join plan_purchases p on p.id = ${purchase.id}::uuid where s.id = 1`,
    );
    if (!raw) throw new Error('no row');
    expect(purchaseRows.read(raw, 'p.')).toEqual(purchase);
    const [settings] = await t.db.select().from(siteSettings).where(eq(siteSettings.id, 1));
    expect(settingsRows.read(raw, 's.')).toEqual(settings);
  });

  test('a statement whose text never changes, whatever the rows', async () => {
    const user = await insertUser(t.db);
    const texts: string[] = [];
    const recording = {
      execute: (query: SQL) => {
        texts.push(new PgDialect().sqlToQuery(query).sql);
        return t.db.execute(query);
      },
    };
    await tradeRows.insert(recording, [fewColumns(user.id)]);
    await tradeRows.insert(recording, [everyColumn(user.id), fewColumns(user.id)]);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toBe(texts[0]);
  });

  test('refuses a value the column does not hold, and stores nothing', async () => {
    const user = await insertUser(t.db);
    const before = await t.db.$count(trades);
    await expect(
      tradeRows.insert(t.db, [fewColumns(user.id), { ...fewColumns(user.id), lotHundredths: 0 }]),
    ).rejects.toThrow();
    expect(await t.db.$count(trades)).toBe(before);
  });
});
