import { findInstrument } from '@candor/domain/market/instruments';
import { openingPrice, quoteWithTerms } from '@candor/domain/trading/spread';
import { eq } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { copyRelations, skippedCopies, strategyProviders } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import type { TestUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import { insertPlanPurchase } from '../../test/plans.ts';
import { assertLedgerConsistent, useTestApp } from '../../test/test-app.ts';
import { closeTradeRequest, placeTradeRequest, useFixedQuotes } from '../trades/trade-test-helpers.ts';

/**
 * One copy job handles its followers as a set (docs/decisions/032): each follower in the same
 * batch still gets their own terms (their package's spread and leverage, or the defaults), and
 * each one that cannot be copied its own skip.
 */
const t = useTestApp();
useFixedQuotes(t, { EURUSD: '1.08345' });

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

const DAY = 86_400_000;

/** The seeded Zero package (1.2 pips, 1:500), bought yesterday. */
function withZeroPackage(userId: string) {
  return insertPlanPurchase(t.db, userId, 'trading', 'Zero', {
    purchasedAt: new Date(Date.now() - DAY),
    expiresAt: new Date(Date.now() + 30 * DAY),
  });
}

async function follow(
  providerId: string,
  providerUserId: string,
  cash: bigint,
  overrides: Partial<TestUser> = {},
) {
  const person = await insertFundedCustomer(t, cash, overrides);
  const [row] = await t.db
    .insert(copyRelations)
    .values({
      followerUserId: person.user.id,
      providerId,
      providerUserId,
      startedAt: new Date(),
      profitShareBps: 0,
      copiedOpenPositions: false,
    })
    .returning();
  if (!row) throw new Error('no relation');
  return { ...person, relationId: row.id };
}

test("one batch: each follower's own spread and leverage, each skip its own reason, then every copy closes", async () => {
  const trader = await insertFundedCustomer(t, 100_000n);
  await withZeroPackage(trader.user.id);
  const now = new Date();
  const [record] = await t.db
    .insert(strategyProviders)
    .values({
      userId: trader.user.id,
      displayName: 'Batch FX',
      minimumBalanceMinor: 0n,
      profitShareBps: 0,
      status: 'active',
      createdBy: 'test',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!record) throw new Error('no provider');
  const packaged = await follow(record.id, trader.user.id, 100_000n);
  await withZeroPackage(packaged.user.id);
  const plain = await follow(record.id, trader.user.id, 50_000n);
  const suspended = await follow(record.id, trader.user.id, 100_000n, { status: 'suspended' });
  const tiny = await follow(record.id, trader.user.id, 500n);

  const opened = await placeTradeRequest(trader.browser, {
    symbol: 'EURUSD',
    direction: 'buy',
    amount: '100.00',
    lotSize: '150',
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const tradeId: string = opened.json().id;
  await t.app.jobs.drain();

  const copies = await t.db.select().from(trades).where(eq(trades.copiedFromTradeId, tradeId));
  const byUser = new Map(copies.map((row) => [row.userId, row]));
  expect(copies).toHaveLength(2);
  const spec = findInstrument('EURUSD');
  if (!spec) throw new Error('no EURUSD');
  // Equity to equity ($1,000 each after their packages): $100; the plain follower's $500: $50.
  expect(byUser.get(packaged.user.id)).toMatchObject({
    copyRelationId: packaged.relationId,
    lotHundredths: 15_000,
    spreadUnit: 'pips',
    spreadValue: '1.2',
    openMidPrice: '1.08345',
    openPrice: openingPrice(
      'buy',
      quoteWithTerms(spec, { forexSpreadPips: '1.2', otherSpreadPercent: '0.12' }, '1.08345'),
    ),
  });
  // Without a package: the defaults' 2.0 pips, and the lot size capped at their 1:100.
  expect(byUser.get(plain.user.id)).toMatchObject({
    copyRelationId: plain.relationId,
    lotHundredths: 10_000,
    spreadValue: '2.0',
    openPrice: openingPrice(
      'buy',
      quoteWithTerms(spec, { forexSpreadPips: '2.0', otherSpreadPercent: '0.20' }, '1.08345'),
    ),
  });
  expect(byUser.get(plain.user.id)?.amountMinor).toBe((byUser.get(packaged.user.id)?.amountMinor ?? 0n) / 2n);

  const skips = await t.db.select().from(skippedCopies).where(eq(skippedCopies.providerTradeId, tradeId));
  expect(new Map(skips.map((row) => [row.copyRelationId, row.reasonCode]))).toEqual(
    new Map([
      [suspended.relationId, 'ACCOUNT_NOT_ACTIVE'],
      [tiny.relationId, 'BELOW_MINIMUM'],
    ]),
  );

  const closed = await closeTradeRequest(trader.browser, tradeId);
  expect(closed.statusCode, closed.body).toBe(200);
  await t.app.jobs.drain();
  const after = await t.db.select().from(trades).where(eq(trades.copiedFromTradeId, tradeId));
  expect(after.map((row) => [row.status, row.closedBy])).toEqual([
    ['closed', 'copy'],
    ['closed', 'copy'],
  ]);
  // Each closes on the bid under the spread it opened with: the spread's cost is its loss.
  const packagedResult = after.find((row) => row.userId === packaged.user.id)?.resultMinor ?? 0n;
  const plainResult = after.find((row) => row.userId === plain.user.id)?.resultMinor ?? 0n;
  expect(packagedResult).toBeLessThan(0n);
  expect(plainResult).toBeLessThan(0n);
});
