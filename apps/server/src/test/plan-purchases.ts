import { randomUUID } from 'node:crypto';
import { depositEntry, planPurchaseEntry } from '@candor/domain/ledger/entries';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { planPurchases, plans } from '../db/schema/plans.ts';
import { COMMAND_LINE_ACTOR } from '../lib/actor.ts';
import { expectPosted, postEntries } from '../modules/ledger/ledger.repository.ts';

/**
 * A purchase of a seeded plan, written directly (the customer is first credited the price, which
 * then goes to plan revenue, so the ledger reconciles), active from `purchasedAt` until
 * `expiresAt` (null: no end). For tests of what a plan gives, not of buying one.
 */
export async function insertPlanPurchase(
  db: Db,
  input: {
    userId: string;
    planName: string;
    kind: 'signal' | 'trading';
    purchasedAt: Date;
    expiresAt: Date | null;
  },
): Promise<typeof planPurchases.$inferSelect> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.kind, input.kind), eq(plans.name, input.planName)));
  if (!plan || plan.priceMinor === null) throw new Error(`no plan ${input.planName} on sale`);
  const price = plan.priceMinor;
  const id = randomUUID();
  return db.transaction(async (tx) => {
    const [, entry] = expectPosted(
      await postEntries(
        tx,
        [
          depositEntry({
            userId: input.userId,
            amount: price,
            depositId: randomUUID(),
            methodLabel: 'Bitcoin(BTC)',
          }),
          planPurchaseEntry({ userId: input.userId, price, purchaseId: id, planName: plan.name }),
        ],
        COMMAND_LINE_ACTOR,
      ),
    );
    if (!entry) throw new Error('the purchase entry was not posted');
    const [row] = await tx
      .insert(planPurchases)
      .values({
        id,
        userId: input.userId,
        planId: plan.id,
        kind: input.kind,
        name: plan.name,
        description: plan.description,
        priceMinor: price,
        durationDays: plan.durationDays,
        rank: plan.rank,
        features: plan.features,
        purchasedAt: input.purchasedAt,
        expiresAt: input.expiresAt,
        entryId: entry.id,
      })
      .returning();
    if (!row) throw new Error('the purchase was not stored');
    return row;
  });
}
