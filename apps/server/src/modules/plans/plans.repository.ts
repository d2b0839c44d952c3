import type { SignalFeatures, TradingFeatures } from '@candor/contracts/plans';
import type { PlanKind, PurchasablePlanKind } from '@candor/domain/plans/plan-kinds';
import { isPlanActive } from '@candor/domain/plans/plan-period';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { planPurchases, plans } from '../../db/schema/plans.ts';
import { selectRows } from '../../db/select-rows.ts';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type PlanPurchaseRow = typeof planPurchases.$inferSelect;
export type NewPlanPurchase = typeof planPurchases.$inferInsert;

/** The catalogue in display order: by kind, then rank, then name. */
export async function selectPlans(db: Db, kind?: PlanKind): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(kind ? eq(plans.kind, kind) : undefined)
    .orderBy(asc(plans.kind), asc(plans.rank), asc(plans.name));
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** The plan, locked for the rest of the transaction for an edit: it waits for purchases in progress. */
export async function findPlanForUpdate(tx: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

/**
 * The plan as a purchase sees it, share-locked for the rest of the transaction: an edit waits until
 * the purchase has committed (the price charged is the one read), while purchases of the same plan
 * by different customers run side by side instead of queueing on the row.
 */
export async function findPlanForPurchase(tx: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('share');
  return row;
}

/** Plans and purchases read and stored by statements built once (docs/decisions/041, "Statements built once"). */
const planRows = rowCodec(plans);
const purchaseRows = rowCodec(planPurchases);
const PURCHASE_COLUMNS = sql.raw(purchaseRows.columns('p'));
const PLAN_COLUMNS = sql.raw(planRows.columns('p'));

/** `findPlanForPurchase` of many plans in one query (purchases decided together, decision 041). */
export async function findPlansForPurchase(tx: Db, ids: readonly string[]): Promise<Map<string, PlanRow>> {
  if (ids.length === 0) return new Map();
  const rows = await selectRows<Record<string, unknown>>(
    tx,
    sql`select ${PLAN_COLUMNS} from plans p
         where ${among(sql`p.id`, [...new Set(ids)], 'uuid')}
         order by p.id for share`,
  );
  return new Map(rows.map((raw) => planRows.read(raw)).map((row) => [row.id, row]));
}

/** The current (unreplaced) purchases of these accounts, every kind, in one query. */
export async function findCurrentPurchasesOf(db: Db, userIds: readonly string[]): Promise<PlanPurchaseRow[]> {
  if (userIds.length === 0) return [];
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${PURCHASE_COLUMNS} from plan_purchases p
         where ${among(sql`p.user_id`, [...new Set(userIds)])}
           and p.replaced_at is null`,
  );
  return rows.map((raw) => purchaseRows.read(raw));
}

/** The account's current (unreplaced) purchase of a kind, which may have expired. */
export async function findCurrentPurchase(
  db: Db,
  userId: string,
  kind: PurchasablePlanKind,
): Promise<PlanPurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(planPurchases)
    .where(
      and(eq(planPurchases.userId, userId), eq(planPurchases.kind, kind), isNull(planPurchases.replacedAt)),
    );
  return row;
}

/** The account's purchases, newest first. */
export async function selectPurchases(db: Db, userId: string, limit: number): Promise<PlanPurchaseRow[]> {
  return db
    .select()
    .from(planPurchases)
    .where(eq(planPurchases.userId, userId))
    .orderBy(desc(planPurchases.purchasedAt))
    .limit(limit);
}

/** What the account's active plans give now: a signal plan's and a trading package's features (each or neither). */
export type ActivePlans = {
  signal: { purchase: PlanPurchaseRow; features: SignalFeatures } | undefined;
  trading: { purchase: PlanPurchaseRow; features: TradingFeatures } | undefined;
};

/**
 * The plans giving their features to an account at `now` (an expired plan gives nothing). Every
 * feature a plan unlocks (the signals list, alerts, a package's spread and leverage) reads this.
 */
export async function findActivePlans(db: Db, userId: string, now: Date): Promise<ActivePlans> {
  const rows = await db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.userId, userId), isNull(planPurchases.replacedAt)));
  return activePlansOf(rows, now);
}

/** `findActivePlans` of many accounts in one query (a copy fan-out's batch of followers). */
export async function findActivePlansOfMany(
  db: Db,
  userIds: readonly string[],
  now: Date,
): Promise<Map<string, ActivePlans>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select()
          .from(planPurchases)
          .where(and(inArray(planPurchases.userId, [...userIds]), isNull(planPurchases.replacedAt)));
  return activePlansByUser(rows, userIds, now);
}

/** `activePlansOf` each of these accounts, from their current purchases among `rows`. */
export function activePlansByUser(
  rows: readonly PlanPurchaseRow[],
  userIds: readonly string[],
  now: Date,
): Map<string, ActivePlans> {
  const byUser = new Map<string, PlanPurchaseRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return new Map(userIds.map((userId) => [userId, activePlansOf(byUser.get(userId) ?? [], now)]));
}

/** Which of an account's current purchases give their features at `now`. */
export function activePlansOf(rows: readonly PlanPurchaseRow[], now: Date): ActivePlans {
  const active: ActivePlans = { signal: undefined, trading: undefined };
  for (const purchase of rows) {
    if (!isPlanActive({ expiresAt: purchase.expiresAt, endedAt: purchase.replacedAt }, now)) continue;
    const features = purchase.features;
    if (features.kind === 'signal') active.signal = { purchase, features };
    else if (features.kind === 'trading') active.trading = { purchase, features };
  }
  return active;
}

export async function insertPlan(db: Db, values: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(values).returning();
  if (!row) throw new Error('the plan was not inserted');
  return row;
}

export async function updatePlanRow(db: Db, id: string, values: Partial<NewPlan>): Promise<PlanRow> {
  const [row] = await db.update(plans).set(values).where(eq(plans.id, id)).returning();
  if (!row) throw new Error(`plan ${id} was not updated`);
  return row;
}

export async function insertPurchase(db: Db, values: NewPlanPurchase): Promise<PlanPurchaseRow> {
  const [row] = await db.insert(planPurchases).values(values).returning();
  if (!row) throw new Error('the purchase was not inserted');
  return row;
}

/** `endPurchase` of many current purchases in one statement. */
export async function endPurchases(
  db: Db,
  endings: ReadonlyArray<{
    id: string;
    replacedAt: Date;
    replacedByPurchaseId: string | null;
    replacementCreditMinor: bigint | null;
    creditEntryId: bigint | null;
  }>,
): Promise<void> {
  if (endings.length === 0) return;
  const rows = await selectRows<{ id: string }>(
    db,
    sql`update plan_purchases p
           set replaced_at = e.replaced_at, replaced_by_purchase_id = e.replaced_by_purchase_id,
               replacement_credit_minor = e.replacement_credit_minor, credit_entry_id = e.credit_entry_id
          from jsonb_to_recordset(${JSON.stringify(
            endings.map((ending) => ({
              id: ending.id,
              replaced_at: ending.replacedAt.toISOString(),
              replaced_by_purchase_id: ending.replacedByPurchaseId,
              replacement_credit_minor: ending.replacementCreditMinor?.toString() ?? null,
              credit_entry_id: ending.creditEntryId?.toString() ?? null,
            })),
          )}::jsonb) as e(id uuid, replaced_at timestamptz, replaced_by_purchase_id uuid,
                          replacement_credit_minor bigint, credit_entry_id bigint)
         where p.id = e.id
           -- through the primary key (joined only with the JSON, PostgreSQL may read the whole table)
           and ${among(
             sql`p.id`,
             endings.map((ending) => ending.id),
             'uuid',
           )}
        returning p.id::text as id`,
  );
  if (rows.length !== endings.length) throw new Error('a current purchase was not ended');
}

/** Stores purchases in one statement; answers the rows in the order given. */
export async function insertPurchases(
  db: Db,
  values: readonly NewPlanPurchase[],
): Promise<PlanPurchaseRow[]> {
  if (values.length === 0) return [];
  const rows = await purchaseRows.insert(db, values);
  return inOrderOf(
    values.map((value) => value.id),
    rows,
    'a purchase',
  );
}

/** Ends a current purchase: expired (no successor, no credit) or replaced by a higher plan of its kind. */
export async function endPurchase(
  db: Db,
  id: string,
  ending: {
    replacedAt: Date;
    replacedByPurchaseId: string | null;
    replacementCreditMinor: bigint | null;
    creditEntryId: bigint | null;
  },
): Promise<void> {
  await db.update(planPurchases).set(ending).where(eq(planPurchases.id, id));
}
