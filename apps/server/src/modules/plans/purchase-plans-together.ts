import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { type PlanPurchase, PlanPurchaseSchema, type PurchasePlanRequest } from '@candor/contracts/plans';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRequestGroup, decideTogether, itemAt } from '../../lib/decide-together.ts';
import type { GroupCommit, ItemOutcome } from '../../lib/group-commit.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import type { Transactions } from '../../lib/transactions.ts';
import {
  expectPosted,
  lockCustomerAccounts,
  postMovements,
  reserveEntryIds,
} from '../ledger/ledger.repository.ts';
import { lockUsersForShare } from '../users/users.repository.ts';
import { toPlanPurchase } from './plan-rows.ts';
import {
  endPurchases,
  findCurrentPurchasesOf,
  findPlansForPurchase,
  insertPurchases,
  type PlanPurchaseRow,
} from './plans.repository.ts';
import {
  endingOf,
  newPurchase,
  notACustomer,
  notEnoughCash,
  purchaseEntries,
  purchasePlan,
  replacementCreditFor,
  requirePurchasablePlan,
} from './plans.service.ts';

/** A customer's purchase of a plan (POST /api/plans/:id/purchase). */
export type PlanPurchaseRequest = {
  actor: Actor;
  planId: string;
  input: PurchasePlanRequest;
  claim: IdempotencyClaim | undefined;
};

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
  return createRequestGroup({
    what: 'plans bought',
    log: deps.log,
    identity: (request) => request.actor.id,
    runOne: (request) => purchaseAlone(deps, request),
    runBatch: (requests) => purchasePlansTogether(deps, requests),
  });
}

function purchaseAlone({ transactions }: Deps, request: PlanPurchaseRequest): Promise<PlanPurchase> {
  return transactions.runIdempotent(request.claim, PlanPurchaseSchema, ({ tx, now }) =>
    purchasePlan({ tx, actor: request.actor, now, planId: request.planId, input: request.input }),
  );
}

/**
 * Buys the requests' plans in one transaction, set-based (`decideTogether`: keys claimed, answers
 * stored, retries answered after the commit), for customers who are all different: the accounts
 * share-locked (a suspension committed meanwhile is seen) and their ledger accounts locked with
 * their cash, the plans share-locked and the customers' current purchases read (one query each),
 * each request checked as `purchasePlan` checks it (the same rules: `requirePurchasablePlan`,
 * `replacementCreditFor`; the price within the cash and the credit), then every credit and price
 * posted at once, the replaced purchases ended and the new ones stored (one statement each). A
 * refused request gets its own refusal.
 */
export async function purchasePlansTogether(
  deps: Deps,
  requests: readonly PlanPurchaseRequest[],
): Promise<Array<ItemOutcome<PlanPurchase>>> {
  if (new Set(requests.map((request) => request.actor.id)).size !== requests.length) {
    throw new Error("one customer's purchases are decided one after the other, not together");
  }
  // Every account asked for, whatever its session said: the role is read under the share lock.
  const customers = requests.map((request) => request.actor.id);
  return decideTogether({
    transactions: deps.transactions,
    requests,
    runAlone: (request) => purchaseAlone(deps, request),
    // The customers first (shared); then, sent at once in the order PostgreSQL runs them, their
    // ledger accounts, the keys, the plans asked for and the customers' current purchases, read
    // under those locks.
    lock: async (tx, _now, claim) => {
      const accounts = await lockUsersForShare(tx, customers);
      const [ledger, entryIds, , plans, currents] = await Promise.all([
        lockCustomerAccounts(tx, [...accounts.keys()]),
        // The entries' ids, after the accounts' locks: at most two a purchase (a credit, the price).
        reserveEntryIds(tx, 2 * requests.length),
        claim(),
        findPlansForPurchase(
          tx,
          requests.map((request) => request.planId),
        ),
        findCurrentPurchasesOf(tx, customers),
      ]);
      const cash = new Map(
        ledger.flatMap((account) =>
          account.kind === 'customer_cash' && account.userId ? [[account.userId, account.balanceMinor]] : [],
        ),
      );
      return { accounts, cash, entryIds, plans, currents };
    },
    decide: async (tx, now, { accounts, cash, entryIds, plans, currents }, live) => {
      const outcomes = new Map<number, ItemOutcome<PlanPurchase>>();
      const accepted: Array<{
        index: number;
        id: string;
        plan: Parameters<typeof newPurchase>[0]['plan'];
        price: bigint;
        current: PlanPurchaseRow | undefined;
        credit: bigint;
        entries: EntryDraft[];
      }> = [];
      for (const index of live) {
        const { actor, planId, input } = itemAt(requests, index);
        try {
          const account = accounts.get(actor.id);
          if (!account) throw new AppError('USER_NOT_FOUND', 'User not found');
          // The role read under the share lock, not the session's (decision 062).
          if (account.role !== 'client') throw notACustomer();
          if (account.status !== 'active') throw new AppError('ACCOUNT_INACTIVE', INACTIVE_ACCOUNT_MESSAGE);
          const { plan, price } = requirePurchasablePlan(plans.get(planId), input);
          const current = currents.find((row) => row.userId === actor.id && row.kind === plan.kind);
          const credit = replacementCreditFor(plan, current, now);
          // The credit is posted before the price, so the price may use it (as the single posting does).
          const left = (cash.get(actor.id) ?? 0n) + credit - price;
          if (left < 0n) throw notEnoughCash(-left, plan.name);
          cash.set(actor.id, left);
          const id = crypto.randomUUID();
          accepted.push({
            index,
            id,
            plan,
            price,
            current,
            credit,
            entries: purchaseEntries({ userId: actor.id, plan, price, purchaseId: id, current, credit }),
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      const endings = [];
      const purchases = [];
      // The entries take the ids reserved, in their order: each purchase's credit (if any), then its price.
      let next = 0;
      for (const { index, id, plan, price, current, credit, entries: drafts } of accepted) {
        const entries = drafts.map(() => ({ id: itemAt(entryIds, next++) }));
        const creditEntry = credit > 0n ? entries[0] : undefined;
        if (current) {
          endings.push({
            id: current.id,
            ...endingOf(current, { now, purchaseId: id, credit, creditEntry }),
          });
        }
        const userId = itemAt(requests, index).actor.id;
        purchases.push(
          newPurchase({ id, userId, plan, price, now, entryId: itemAt(entries, entries.length - 1).id }),
        );
      }
      // Sent at once, in the order PostgreSQL runs them: the entries posted with the ids reserved,
      // the current purchases ended, then the new ones stored (one current plan per kind). Each price
      // is within the cash (and credit) read under the accounts' locks: a refusal of the posting is a
      // broken invariant (the rows then name entries that do not exist, and fail), and the batch
      // fails as a whole (each request is then bought on its own).
      const [posted, , rows] = await Promise.all([
        postMovements(
          tx,
          accepted.map(({ index, entries }) => ({ actor: itemAt(requests, index).actor, entries })),
          { entryIds },
        ),
        endPurchases(tx, endings),
        insertPurchases(tx, purchases),
      ]);
      expectPosted(posted);
      rows.forEach((row, position) => {
        outcomes.set(itemAt(accepted, position).index, { ok: true, value: toPlanPurchase(row, now) });
      });
      return { outcomes };
    },
  });
}
