import { toMinorUnits } from '@candor/contracts/money';
import {
  type CreateWithdrawalRequest,
  type Withdrawal,
  WithdrawalSchema,
} from '@candor/contracts/withdrawals';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { createRequestGroup, decideTogether, itemAt } from '../../lib/decide-together.ts';
import type { GroupCommit, ItemOutcome } from '../../lib/group-commit.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { sendFreezeLinks } from '../account-security/account-security.service.ts';
import {
  expectPosted,
  lockCustomerAccounts,
  postMovements,
  reserveEntryIds,
} from '../ledger/ledger.repository.ts';
import { sumWithdrawalsSinceOf } from '../verification-limits/verification-limits.repository.ts';
import { limitWindowStart } from '../verification-limits/verification-limits.service.ts';
import { withdrawalMail } from './withdrawal-confirmation.service.ts';
import { toWithdrawal } from './withdrawal-rows.ts';
import { toWithdrawalSettings } from './withdrawal-settings.service.ts';
import {
  insertWithdrawals,
  selectWithdrawalRequestFacts,
  storedWithdrawal,
} from './withdrawals.repository.ts';
import {
  needsWithdrawalSum,
  newWithdrawal,
  requestWithdrawal,
  reservationOf,
  withdrawalRequestRefusal,
} from './withdrawals.service.ts';

/** A customer's withdrawal request (POST /api/withdrawals), its second factor already checked. */
export type WithdrawalRequestRequest = {
  actor: Actor;
  input: CreateWithdrawalRequest;
  claim: IdempotencyClaim | undefined;
};

type Deps = { transactions: Transactions; publicUrl: string };

/**
 * Withdrawal requests: requests that arrive while others are being decided are decided together,
 * in one transaction (group commit, docs/decisions/041). One customer's requests never share a
 * batch (the later one waits for the next, which sees the earlier one's reservation and counts it
 * in the 30-day limit), so each request of a batch reads its account as it was before it. Alone,
 * a request runs `requestWithdrawal` as it always did.
 */
export function createWithdrawalRequestGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<WithdrawalRequestRequest, Withdrawal> {
  return createRequestGroup({
    what: 'withdrawals requested',
    log: deps.log,
    identity: (request) => request.actor.id,
    runOne: (request) => requestAlone(deps, request),
    runBatch: (requests) => requestWithdrawalsTogether(deps, requests),
  });
}

function requestAlone(
  { transactions, publicUrl }: Deps,
  request: WithdrawalRequestRequest,
): Promise<Withdrawal> {
  return transactions.runIdempotent(request.claim, WithdrawalSchema, (context) =>
    requestWithdrawal({ ...context, actor: request.actor, input: request.input, publicUrl }),
  );
}

/**
 * Records the requests' withdrawals in one transaction, set-based (`decideTogether`: keys claimed,
 * answers stored, retries answered after the commit), for customers who are all different: the
 * customers' ledger accounts locked with their cash (as `requestWithdrawal` locks them, before
 * reading anything that decides); their accounts, protections (a freeze or a wait) and withdrawal
 * settings read in one query, and the 30-day sums of the limited ones in another; each request
 * checked by the single path's own `withdrawalRequestRefusal` (frozen or paused, the identity
 * limit, the amount); then every
 * reservation posted at once, the withdrawals and their freeze links stored (one statement each),
 * and each customer's e-mail (the code of their own request, or the notice) put in the outbox: it
 * leaves once the batch has committed.
 */
export async function requestWithdrawalsTogether(
  deps: Deps,
  requests: readonly WithdrawalRequestRequest[],
): Promise<Array<ItemOutcome<Withdrawal>>> {
  if (new Set(requests.map((request) => request.actor.id)).size !== requests.length) {
    throw new Error("one customer's withdrawal requests are decided one after the other, not together");
  }
  const customers = requests.map((request) => request.actor.id);
  return decideTogether({
    transactions: deps.transactions,
    requests,
    runAlone: (request) => requestAlone(deps, request),
    // Sent at once, in the order PostgreSQL runs them: the accounts locked, the entry ids the
    // reservations will take (after the locks), the keys claimed, then the customers' facts read
    // under those locks, with the site's Settings (one query).
    lock: async (tx, _now, claim) => {
      const [locked, entryIds, , read] = await Promise.all([
        lockCustomerAccounts(tx, customers),
        reserveEntryIds(tx, customers.length),
        claim(),
        selectWithdrawalRequestFacts(tx, customers),
      ]);
      return { locked, entryIds, ...read };
    },
    decide: async (tx, now, { locked, entryIds, site, facts }, live, outbox, beforeCommit) => {
      const outcomes = new Map<number, ItemOutcome<Withdrawal>>();
      const liveCustomers = live.map((index) => itemAt(requests, index).actor.id);
      const limited = liveCustomers.filter((userId) => needsWithdrawalSum(site, facts.get(userId)));
      const used = await sumWithdrawalsSinceOf(tx, limited, limitWindowStart(now));
      const accepted: Array<{ index: number; id: string; entries: EntryDraft[] }> = [];
      for (const index of live) {
        const { actor, input } = itemAt(requests, index);
        const refusal = withdrawalRequestRefusal({
          fact: facts.get(actor.id),
          used: used.get(actor.id) ?? 0n,
          amountCents: toMinorUnits(input.amount),
          locked: locked.filter((account) => account.userId === actor.id),
          site,
          now,
        });
        if (refusal) {
          outcomes.set(index, { ok: false, error: refusal });
          continue;
        }
        const id = crypto.randomUUID();
        accepted.push({ index, id, entries: [reservationOf(id, actor.id, input)] });
      }
      if (accepted.length === 0) return { outcomes };
      // Each reservation takes the id reserved at its place (one entry per request).
      const made = accepted.map(({ index, id }, position) => {
        const { actor, input } = itemAt(requests, index);
        return newWithdrawal({
          id,
          userId: actor.id,
          input,
          site,
          settings: toWithdrawalSettings(facts.get(actor.id)?.settings),
          now,
          reservation: { id: itemAt(entryIds, position) },
        });
      });
      // The reservations, the rows and their freeze links are sent and not waited for: they leave
      // with the mails, the keys' answers and the COMMIT (one round trip on PostgreSQL), since the
      // answers and mails are built from what was decided here. Each row names its reservation by
      // the id reserved, each link its row by the id chosen above, and they are stored in that order.
      // Each amount is within the cash read under the accounts' locks: a refusal of the posting is
      // a broken invariant, which writes nothing, and the rows that name its entries then fail
      // (their foreign key): the batch fails as a whole, and each request is decided on its own.
      beforeCommit(
        postMovements(
          tx,
          accepted.map(({ index, entries }) => ({ actor: itemAt(requests, index).actor, entries })),
          { entryIds },
        ).then(expectPosted),
      );
      beforeCommit(
        insertWithdrawals(
          tx,
          made.map(({ values }) => values),
        ),
      );
      const links = sendFreezeLinks(
        tx,
        made.map(({ values }) => ({ userId: values.userId, withdrawalId: values.id })),
        { now, publicUrl: deps.publicUrl },
      );
      beforeCommit(links.stored);
      const rows = made.map(({ values }) => storedWithdrawal(values));
      for (const [position, row] of rows.entries()) {
        const customer = facts.get(row.userId)?.account ?? missing('account', row.userId);
        outbox.send(
          withdrawalMail(row, customer, {
            code: itemAt(made, position).code,
            freezeLink: itemAt(links.urls, position),
            siteName: site.siteName,
          }),
        );
        outcomes.set(itemAt(accepted, position).index, { ok: true, value: toWithdrawal(row) });
      }
      return { outcomes };
    },
  });
}

function missing(what: string, userId: string): never {
  throw new Error(`no ${what} read for ${userId}`);
}
