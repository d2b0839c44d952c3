import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { toMinorUnits } from '@candor/contracts/money';
import {
  type MyPlans,
  PLAN_MESSAGES,
  type Plan,
  type PlanKind,
  type PlanList,
  type PlanPurchase,
  type PurchasePlanRequest,
  type SavePlanRequest,
} from '@candor/contracts/plans';
import { type EntryDraft, planCreditEntry, planPurchaseEntry } from '@candor/domain/ledger/entries';
import { formatUsd } from '@candor/domain/money/money';
import type { PurchasablePlanKind } from '@candor/domain/plans/plan-kinds';
import { computePlanExpiry, isPlanActive } from '@candor/domain/plans/plan-period';
import { computeReplacementCredit } from '@candor/domain/plans/replacement-credit';
import { findReturnPromise } from '@candor/domain/plans/return-promise';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { formatMailDay } from '../mail/mail-day.ts';
import { lockUserForShare } from '../users/users.repository.ts';
import { requireUser } from '../users/users.service.ts';
import { toPlan, toPlanPurchase } from './plan-rows.ts';
import {
  endPurchase,
  findCurrentPurchase,
  findPlanForPurchase,
  findPlanForUpdate,
  insertPlan,
  insertPurchase,
  type NewPlanPurchase,
  type PlanPurchaseRow,
  type PlanRow,
  selectPlans,
  selectPurchases,
  updatePlanRow,
} from './plans.repository.ts';

/** How many ended (expired or replaced) purchases "my plans" lists besides the active ones. */
export const PAST_PURCHASES_SHOWN = 20;

/** The plans on sale, of one kind or all, as the plan pages show them. */
export async function listPlansOnSale(db: Db, kind: PlanKind | undefined): Promise<PlanList> {
  const rows = await selectPlans(db, kind);
  return { items: rows.filter((row) => row.onSale).map(toPlan) };
}

/** Every plan, on sale or not, for the staff catalogue. */
export async function listAllPlans(db: Db): Promise<PlanList> {
  return { items: (await selectPlans(db)).map(toPlan) };
}

/** A plan's texts say what it does; a return promise in its name or description is refused (422 RETURN_PROMISE). */
function requireNoReturnPromise(input: SavePlanRequest): void {
  const words = findReturnPromise(input.name) ?? findReturnPromise(input.description);
  if (words !== undefined) throw new AppError('RETURN_PROMISE', PLAN_MESSAGES.returnPromise(words));
}

function planValues(input: SavePlanRequest) {
  return {
    name: input.name,
    description: input.description,
    priceMinor: input.price === null ? null : toMinorUnits(input.price),
    durationDays: input.durationDays,
    onSale: input.onSale,
    rank: input.rank,
    features: input.features,
  };
}

/** Staff add a plan to the catalogue (audited as plans.create). */
export async function createPlan({
  tx,
  actor,
  now,
  input,
}: Command<{ input: SavePlanRequest }>): Promise<Plan> {
  requireNoReturnPromise(input);
  const row = await insertPlan(tx, {
    kind: input.kind,
    ...planValues(input),
    createdAt: now,
    updatedAt: now,
    updatedBy: actor.id,
  });
  const after = toPlan(row);
  await recordAudit(tx, { actor, action: 'plans.create', targetType: 'plan', targetId: row.id, after });
  return after;
}

/**
 * Staff edit a plan (audited as plans.update, before and after). Its kind stays; purchases already
 * made keep the terms they were bought with (they hold their own copy).
 */
export async function updatePlan({
  tx,
  actor,
  now,
  id,
  input,
}: Command<{ id: string; input: SavePlanRequest }>): Promise<Plan> {
  const current = await findPlanForUpdate(tx, id);
  if (!current) throw new AppError('NOT_FOUND', 'Plan not found');
  if (current.kind !== input.kind) {
    throw new AppError(
      'VALIDATION_FAILED',
      "A plan's kind cannot change; add a new plan of the other kind instead.",
    );
  }
  requireNoReturnPromise(input);
  const before = toPlan(current);
  const after = toPlan(
    await updatePlanRow(tx, id, { ...planValues(input), updatedAt: now, updatedBy: actor.id }),
  );
  await recordAudit(tx, { actor, action: 'plans.update', targetType: 'plan', targetId: id, before, after });
  return after;
}

function activeUntil(purchase: PlanPurchaseRow): string {
  return purchase.expiresAt === null ? 'with no end date' : `until ${formatMailDay(purchase.expiresAt)}`;
}

/**
 * A customer buys a plan from their available cash (issue 13). In one transaction: the customer's
 * accounts and the plan row are locked, the confirmed price is checked against the catalogue, the
 * current purchase of the kind is ended (expired) or replaced (a higher rank only; its unused days
 * are credited, see computeReplacementCredit), the price moves to plan revenue, and the purchase
 * keeps a copy of the terms.
 */
export async function purchasePlan({
  tx,
  actor,
  now,
  planId,
  input,
}: Command<{ planId: string; input: PurchasePlanRequest }>): Promise<PlanPurchase> {
  // The account share-locked: a suspension or a role written meanwhile is seen (the role under the
  // lock decides, not the session's: decision 062); then every money request of this customer takes
  // turns from the account lock: two purchases never both read "no current plan".
  const account = await lockUserForShare(tx, actor.id);
  if (!account) throw new AppError('USER_NOT_FOUND', 'User not found');
  if (account.role !== 'client') throw notACustomer();
  if (account.status !== 'active') throw new AppError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT_MESSAGE);
  await lockCustomerAccounts(tx, [actor.id]);
  const { plan, price } = requirePurchasablePlan(await findPlanForPurchase(tx, planId), input);
  const id = crypto.randomUUID();
  const current = await findCurrentPurchase(tx, actor.id, plan.kind);
  const credit = replacementCreditFor(plan, current, now);
  const drafts = purchaseEntries({ userId: actor.id, plan, price, purchaseId: id, current, credit });
  const posted = await postEntries(tx, drafts, actor);
  if (!posted.ok) throw notEnoughCash(posted.error.shortBy, plan.name);
  const purchaseEntry = posted.value.at(-1);
  if (!purchaseEntry) throw new Error('the purchase entry was not posted');
  const creditEntry = credit > 0n ? posted.value[0] : undefined;
  if (current) {
    await endPurchase(tx, current.id, endingOf(current, { now, purchaseId: id, credit, creditEntry }));
  }
  const row = await insertPurchase(
    tx,
    newPurchase({ id, userId: actor.id, plan, price, now, entryId: purchaseEntry.id }),
  );
  return toPlanPurchase(row, now);
}

/** Plans are bought by customers only. */
export function notACustomer(): AppError {
  return new AppError('FORBIDDEN', 'Plans are bought by customer accounts.');
}

/** The price is more than the customer's available cash (and credit): `shortBy` is the missing amount. */
export function notEnoughCash(shortBy: bigint, planName: string): AppError {
  return new AppError(
    'INSUFFICIENT_FUNDS',
    `You need ${formatUsd(shortBy)} more available cash to buy ${planName}.`,
  );
}

/** A plan that can be bought at the confirmed price: NOT_FOUND, PLAN_NOT_ON_SALE or CONFLICT otherwise. */
export function requirePurchasablePlan(
  plan: PlanRow | undefined,
  input: PurchasePlanRequest,
): { plan: PlanRow & { kind: PurchasablePlanKind }; price: bigint } {
  if (!plan) throw new AppError('NOT_FOUND', 'Plan not found');
  if (plan.kind === 'loan' || plan.priceMinor === null || !plan.onSale) {
    throw new AppError('PLAN_NOT_ON_SALE', PLAN_MESSAGES.notOnSale);
  }
  const price = plan.priceMinor;
  if (toMinorUnits(input.expectedPrice) !== price) throw new AppError('CONFLICT', PLAN_MESSAGES.priceChanged);
  return { plan: { ...plan, kind: plan.kind }, price };
}

/**
 * One current plan per kind: an active current plan is replaced only by a higher rank
 * (PLAN_ALREADY_ACTIVE otherwise), crediting the unused part of its price; an expired one credits
 * nothing.
 */
export function replacementCreditFor(plan: PlanRow, current: PlanPurchaseRow | undefined, now: Date): bigint {
  if (!current || !isPlanActive({ expiresAt: current.expiresAt, endedAt: null }, now)) return 0n;
  if (plan.rank <= current.rank) {
    throw new AppError(
      'PLAN_ALREADY_ACTIVE',
      `${current.name} is active ${activeUntil(current)}. Only a higher plan of this kind can replace it.`,
    );
  }
  return computeReplacementCredit({
    priceMinor: current.priceMinor,
    purchasedAt: current.purchasedAt,
    expiresAt: current.expiresAt,
    replacedAt: now,
  });
}

/** A purchase's ledger entries: the credit of the plan it replaces (first, so the price may use it), then the price. */
export function purchaseEntries(input: {
  userId: string;
  plan: PlanRow;
  price: bigint;
  purchaseId: string;
  current: PlanPurchaseRow | undefined;
  credit: bigint;
}): EntryDraft[] {
  const { userId, plan, price, purchaseId, current, credit } = input;
  return [
    ...(current && credit > 0n
      ? [planCreditEntry({ userId, credit, purchaseId: current.id, planName: current.name })]
      : []),
    planPurchaseEntry({ userId, price, purchaseId, planName: plan.name }),
  ];
}

/** How the current purchase ends: replaced (an active one, with its credit) or expired. */
export function endingOf(
  current: PlanPurchaseRow,
  bought: { now: Date; purchaseId: string; credit: bigint; creditEntry: { id: bigint } | undefined },
) {
  const replaced = isPlanActive({ expiresAt: current.expiresAt, endedAt: null }, bought.now);
  return {
    replacedAt: bought.now,
    replacedByPurchaseId: replaced ? bought.purchaseId : null,
    replacementCreditMinor: replaced ? bought.credit : null,
    creditEntryId: bought.creditEntry?.id ?? null,
  };
}

/** The purchase row: a copy of the plan's terms at the price paid, from `now`. */
export function newPurchase(input: {
  id: string;
  userId: string;
  plan: PlanRow & { kind: PurchasablePlanKind };
  price: bigint;
  now: Date;
  entryId: bigint;
}): NewPlanPurchase {
  const { id, userId, plan, price, now, entryId } = input;
  return {
    id,
    userId,
    planId: plan.id,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    priceMinor: price,
    durationDays: plan.durationDays,
    rank: plan.rank,
    features: plan.features,
    purchasedAt: now,
    expiresAt: computePlanExpiry(now, plan.durationDays),
    entryId,
  };
}

/** An account's plans: the active ones (at most one per kind) and the most recent ended ones. */
export async function readPlansOf(db: Db, userId: string, now: Date): Promise<MyPlans> {
  const rows = await selectPurchases(db, userId, 2 * PAST_PURCHASES_SHOWN);
  const current = await Promise.all([
    findCurrentPurchase(db, userId, 'signal'),
    findCurrentPurchase(db, userId, 'trading'),
  ]);
  const active = current
    .filter((row): row is PlanPurchaseRow => row !== undefined)
    .map((row) => toPlanPurchase(row, now))
    .filter((purchase) => purchase.status === 'active');
  const activeIds = new Set(active.map((purchase) => purchase.id));
  const past = rows
    .filter((row) => !activeIds.has(row.id))
    .slice(0, PAST_PURCHASES_SHOWN)
    .map((row) => toPlanPurchase(row, now));
  return { active, past };
}

/** Staff read a customer's plans (customers.read). */
export async function readCustomerPlans(db: Db, userId: string, now: Date): Promise<MyPlans> {
  await requireUser(db, userId);
  return readPlansOf(db, userId, now);
}
