import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { trades } from '../../db/schema/trades.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import type { Browser, TestApp } from '../../test/test-app.ts';
import { placeTradeRequest } from '../trades/trade-test-helpers.ts';

export type Person = { user: { id: string; email: string }; browser: Browser };

/** An active strategy provider (minimum balance 0, profit share 20 %) with `cash` cents. */
export async function insertProvider(t: TestApp, cash: bigint): Promise<Person & { providerId: string }> {
  const person = await insertFundedCustomer(t, cash);
  const now = new Date();
  const [row] = await t.db
    .insert(strategyProviders)
    .values({
      userId: person.user.id,
      displayName: 'Aurora FX',
      minimumBalanceMinor: 0n,
      profitShareBps: 2000,
      status: 'active',
      createdBy: 'test',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no provider');
  return { ...person, providerId: row.id };
}

/** A customer with `cash` cents who copies the provider, with a copy stop-loss of `stopLoss` cents. */
export async function insertFollower(
  t: TestApp,
  cash: bigint,
  of: { providerId: string; user: { id: string } },
  stopLoss: bigint | null,
): Promise<Person & { relationId: string }> {
  const person = await insertFundedCustomer(t, cash);
  const [row] = await t.db
    .insert(copyRelations)
    .values({
      followerUserId: person.user.id,
      providerId: of.providerId,
      providerUserId: of.user.id,
      startedAt: new Date(),
      profitShareBps: 2000,
      copyStopLossMinor: stopLoss,
      copiedOpenPositions: false,
    })
    .returning();
  if (!row) throw new Error('no relation');
  return { ...person, relationId: row.id };
}

/** The person opens a BUY and answers its id. */
export async function openBuy(browser: Browser, symbol = 'BTCUSD', amount = '100.00'): Promise<string> {
  const res = await placeTradeRequest(browser, { symbol, direction: 'buy', amount, lotSize: '1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

export function selectCopiesOfRelation(t: TestApp, relationId: string) {
  return t.db.select().from(trades).where(eq(trades.copyRelationId, relationId)).orderBy(trades.openedAt);
}

export async function findRelation(t: TestApp, relationId: string) {
  const [row] = await t.db.select().from(copyRelations).where(eq(copyRelations.id, relationId));
  if (!row) throw new Error('no relation');
  return row;
}

/** The mail kept for an address whose subject contains `text`. */
export async function mailsTo(t: TestApp, address: string, text: string) {
  const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));
  return rows.filter((row) => row.subject.includes(text));
}
