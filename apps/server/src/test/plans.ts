import { randomUUID } from 'node:crypto';
import { planPurchaseEntry } from '@candor/domain/ledger/entries';
import type { PurchasablePlanKind } from '@candor/domain/plans/plan-kinds';
import { computePlanExpiry } from '@candor/domain/plans/plan-period';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { planPurchases, plans } from '../db/schema/plans.ts';
import { COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { expectPosted, postEntries } from '../modules/ledger/ledger.repository.ts';
import type { PlanPurchaseRow } from '../modules/plans/plans.repository.ts';
import { fund } from './money.ts';

/**
 * Gives a customer a seeded plan as a purchase would (without the purchase route): funds the price,
 * posts the "plan purchase" entry and records the purchase with a copy of the plan's terms. By
 * default it was bought now and runs for the plan's duration; `purchasedAt` moves it back in time,
 * `expiresAt` sets its end (null: none).
 */
export async function insertPlanPurchase(
  db: Db,
  userId: string,
  kind: PurchasablePlanKind,
  planName: string,
  { purchasedAt = new Date(), expiresAt }: { purchasedAt?: Date; expiresAt?: Date | null } = {},
): Promise<PlanPurchaseRow> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.kind, kind), eq(plans.name, planName)));
  if (!plan || plan.priceMinor === null) throw new Error(`No ${kind} plan named ${planName} on sale`);
  const price = plan.priceMinor;
  await fund(db, userId, price);
  return db.transaction(async (tx) => {
    const purchaseId = randomUUID();
    const [entry] = expectPosted(
      await postEntries(
        tx,
        [planPurchaseEntry({ userId, price, purchaseId, planName: plan.name })],
        COMMAND_LINE_ACTOR,
      ),
    );
    if (!entry) throw new Error('The purchase entry was not posted');
    const [row] = await tx
      .insert(planPurchases)
      .values({
        id: purchaseId,
        userId,
        planId: plan.id,
        kind,
        name: plan.name,
        description: plan.description,
        priceMinor: price,
        durationDays: plan.durationDays,
        rank: plan.rank,
        features: plan.features,
        purchasedAt,
        expiresAt: expiresAt === undefined ? computePlanExpiry(purchasedAt, plan.durationDays) : expiresAt,
        entryId: entry.id,
      })
      .returning();
    if (!row) throw new Error('The purchase was not recorded');
    return row;
  });
}
