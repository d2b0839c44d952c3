import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { toMinorUnits } from '@candor/contracts/money';
import {
  PLAN_MESSAGES,
  type PlanPurchase,
  PlanPurchaseSchema,
  type PurchasePlanRequest,
} from '@candor/contracts/plans';
import { type EntryDraft, planCreditEntry, planPurchaseEntry } from '@candor/domain/ledger/entries';
import { formatUsd } from '@candor/domain/money/money';
import { computePlanExpiry, isPlanActive } from '@candor/domain/plans/plan-period';
import { computeReplacementCredit } from '@candor/domain/plans/replacement-credit';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit, type GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { claimIdentity, claimKeys, type IdempotencyClaim, settleKeys } from '../../lib/idempotency.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { expectPosted, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { lockUsersForShare } from '../users/users.repository.ts';
import { toPlanPurchase } from './plan-rows.ts';
import {
  endPurchases,
  findCurrentPurchasesOf,
  findPlansForPurchase,
  insertPurchases,
  type NewPlanPurchase,
  type PlanPurchaseRow,
} from './plans.repository.ts';
import { activeUntil, purchasePlan } from './plans.service.ts';

/** A customer's purchase of a plan (POST /api/plans/:id/purchase). */
export type PlanPurchaseRequest = {
  actor: Actor;
  planId: string;
  input: PurchasePlanRequest;
  claim: IdempotencyClaim | undefined;
};

/** The most purchases one transaction decides; more waiting requests go in the next. */
export const PLAN_PURCHASE_BATCH = 64;

type Deps = { transactions: Transactions };

/**
 * Plan purchases: requests that arrive while others are being decided are decided together, in one
 * transaction (group commit, docs/decisions/041). One customer's purchases never share a batch (the
 * later one waits for the next, which sees the earlier one's plan), so each purchase of a batch
 * reads its account's plans and cash as they were before it. Alone, a request runs `purchasePlan`
 * as it always did.
 */
export function createPlanPurchaseGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<PlanPurchaseRequest, PlanPurchase> {
  return createGroupCommit({
    maxBatch: PLAN_PURCHASE_BATCH,
    identity: (request) => request.actor.id,
    runOne: (request) => purchaseAlone(deps, request),
    runBatch: (requests) => purchasePlansTogether(deps, requests),
    onBatchFailed: (error, size) =>
      deps.log.warn({ err: error, size }, 'plans bought together failed; each is bought on its own'),
  });
}

function purchaseAlone({ transactions }: Deps, request: PlanPurchaseRequest): Promise<PlanPurchase> {
  return transactions.runIdempotent(request.claim, PlanPurchaseSchema, ({ tx, now }) =>
    purchasePlan({ tx, actor: request.actor, now, planId: request.planId, input: request.input }),
  );
}

type Accepted = {
  index: number;
  purchase: NewPlanPurchase & { id: string };
  current: PlanPurchaseRow | undefined;
  credit: bigint;
  drafts: EntryDraft[];
};

/**
 * Buys the requests' plans in one transaction, set-based, for customers who are all different: the
 * accounts share-locked (a suspension committed meanwhile is seen) and their ledger accounts locked
 * with their cash, the Idempotency-Keys claimed, the plans share-locked and the customers' current
 * purchases read (one query each), each request checked as `purchasePlan` checks it (a customer
 * account, active; the plan on sale at the confirmed price; one current plan per kind, replaced
 * only by a higher rank, crediting its unused part; the price within the cash and the credit), then
 * every credit and price posted at once, the replaced purchases ended and the new ones stored (one
 * statement each). A refused request gets its own refusal and releases its key; a request whose
 * key another attempt holds is a retry, answered after the commit as `runIdempotent` answers one.
 * Answers one outcome per request, in order.
 */
export async function purchasePlansTogether(
  deps: Deps,
  requests: readonly PlanPurchaseRequest[],
): Promise<Array<ItemOutcome<PlanPurchase>>> {
  const { transactions } = deps;
  if (new Set(requests.map((request) => request.actor.id)).size !== requests.length) {
    throw new Error("one customer's purchases are decided one after the other, not together");
  }
  const outcomes: Array<ItemOutcome<PlanPurchase> | undefined> = requests.map(() => undefined);
  const retries: number[] = [];
  await transactions.run(async ({ tx, now }) => {
    const customers = requests.filter((request) => request.actor.role === 'client').map((r) => r.actor.id);
    const accounts = await lockUsersForShare(tx, customers);
    const ledger = await lockCustomerAccounts(tx, [...accounts.keys()]);
    const cash = new Map(
      ledger.flatMap((account) =>
        account.kind === 'customer_cash' && account.userId ? [[account.userId, account.balanceMinor]] : [],
      ),
    );
    const claimed = await claimKeys(
      tx,
      requests.flatMap((request) => (request.claim ? [request.claim] : [])),
      now,
      transactions.expiredBefore(now),
    );
    const plans = await findPlansForPurchase(
      tx,
      requests.map((request) => request.planId),
    );
    const currents = await findCurrentPurchasesOf(tx, customers);
    const accepted: Accepted[] = [];
    for (const [index, request] of requests.entries()) {
      const { actor, input } = request;
      if (request.claim && !claimed.has(claimIdentity(request.claim))) {
        retries.push(index);
        continue;
      }
      try {
        if (actor.role !== 'client')
          throw new AppError('FORBIDDEN', 'Plans are bought by customer accounts.');
        const account = accounts.get(actor.id);
        if (!account) throw new AppError('USER_NOT_FOUND', 'User not found');
        if (account.status !== 'active') throw new AppError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT_MESSAGE);
        const plan = plans.get(request.planId);
        if (!plan) throw new AppError('NOT_FOUND', 'Plan not found');
        if (plan.kind === 'loan' || plan.priceMinor === null || !plan.onSale) {
          throw new AppError('PLAN_NOT_ON_SALE', PLAN_MESSAGES.notOnSale);
        }
        const price = plan.priceMinor;
        if (toMinorUnits(input.expectedPrice) !== price)
          throw new AppError('CONFLICT', PLAN_MESSAGES.priceChanged);
        const kind = plan.kind;
        const current = currents.find((row) => row.userId === actor.id && row.kind === kind);
        let credit = 0n;
        if (current && isPlanActive({ expiresAt: current.expiresAt, endedAt: null }, now)) {
          if (plan.rank <= current.rank) {
            throw new AppError(
              'PLAN_ALREADY_ACTIVE',
              `${current.name} is active ${activeUntil(current)}. Only a higher plan of this kind can replace it.`,
            );
          }
          credit = computeReplacementCredit({
            priceMinor: current.priceMinor,
            purchasedAt: current.purchasedAt,
            expiresAt: current.expiresAt,
            replacedAt: now,
          });
        }
        // The credit is posted before the price, so the price may use it (as the single posting does).
        const left = (cash.get(actor.id) ?? 0n) + credit - price;
        if (left < 0n) {
          throw new AppError(
            'INSUFFICIENT_FUNDS',
            `You need ${formatUsd(-left)} more available cash to buy ${plan.name}.`,
          );
        }
        cash.set(actor.id, left);
        const id = crypto.randomUUID();
        accepted.push({
          index,
          current,
          credit,
          drafts: [
            ...(current && credit > 0n
              ? [
                  planCreditEntry({
                    userId: actor.id,
                    credit,
                    purchaseId: current.id,
                    planName: current.name,
                  }),
                ]
              : []),
            planPurchaseEntry({ userId: actor.id, price, purchaseId: id, planName: plan.name }),
          ],
          purchase: {
            id,
            userId: actor.id,
            planId: plan.id,
            kind,
            name: plan.name,
            description: plan.description,
            priceMinor: price,
            durationDays: plan.durationDays,
            rank: plan.rank,
            features: plan.features,
            purchasedAt: now,
            expiresAt: computePlanExpiry(now, plan.durationDays),
            entryId: 0n,
          },
        });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    // Each price is within the cash (and credit) read under the accounts' locks: a refusal here is a
    // broken invariant, and the batch fails as a whole (each request is then bought on its own).
    const posted = expectPosted(
      await postEntries(
        tx,
        accepted.flatMap((purchase) => purchase.drafts),
        accepted.flatMap((purchase) => purchase.drafts.map(() => requestAt(requests, purchase.index).actor)),
      ),
    );
    let at = 0;
    const endings = [];
    for (const purchase of accepted) {
      const entries = posted.slice(at, at + purchase.drafts.length);
      at += purchase.drafts.length;
      const purchaseEntry = entries.at(-1);
      if (!purchaseEntry) throw new Error('the purchase entry was not posted');
      purchase.purchase.entryId = purchaseEntry.id;
      const { current } = purchase;
      if (current) {
        const replaced = isPlanActive({ expiresAt: current.expiresAt, endedAt: null }, now);
        endings.push({
          id: current.id,
          replacedAt: now,
          replacedByPurchaseId: replaced ? purchase.purchase.id : null,
          replacementCreditMinor: replaced ? purchase.credit : null,
          creditEntryId: purchase.credit > 0n ? (entries[0]?.id ?? null) : null,
        });
      }
    }
    // The current purchases end before the new ones are stored: one current plan per kind.
    await endPurchases(tx, endings);
    const rows = await insertPurchases(
      tx,
      accepted.map((purchase) => purchase.purchase),
    );
    const answered: Array<{ claim: IdempotencyClaim; body: PlanPurchase }> = [];
    rows.forEach((row, position) => {
      const index = accepted[position]?.index;
      if (index === undefined) throw new Error('a stored purchase has no request');
      const answer = toPlanPurchase(row, now);
      outcomes[index] = { ok: true, value: answer };
      const { claim } = requestAt(requests, index);
      if (claim) answered.push({ claim, body: answer });
    });
    const released = requests.flatMap((request, index) =>
      request.claim && !retries.includes(index) && !outcomes[index]?.ok ? [request.claim] : [],
    );
    await settleKeys(tx, answered, released);
  });
  for (const index of retries) {
    try {
      outcomes[index] = { ok: true, value: await purchaseAlone(deps, requestAt(requests, index)) };
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  return outcomes.map((outcome) => {
    if (!outcome) throw new Error('a request of the batch was not decided');
    return outcome;
  });
}

function requestAt(requests: readonly PlanPurchaseRequest[], index: number): PlanPurchaseRequest {
  const request = requests[index];
  if (!request) throw new Error(`no request at ${index}`);
  return request;
}
