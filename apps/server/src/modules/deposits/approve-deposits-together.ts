import { COIN_SPECS } from '@candor/contracts/coins';
import { type AdminDeposit, AdminDepositSchema, DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { depositEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRequestGroup, decideTogether, itemAt } from '../../lib/decide-together.ts';
import type { GroupCommit, ItemOutcome } from '../../lib/group-commit.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import { requireTransition } from '../../lib/require-transition.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { refuseDecisionOnOwnAccount } from '../audit/own-account.ts';
import {
  completeCustomerAccounts,
  expectPosted,
  postEntries,
  reserveEntryIds,
} from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { selectUserNames } from '../users/users.repository.ts';
import { requireCustomerAccount } from '../users/users.service.ts';
import {
  approveDeposit,
  DEPOSIT_TRANSITIONS,
  type DepositDetails,
  toAdminDeposit,
} from './admin-deposits.service.ts';
import { depositDecisionNotice } from './deposit-decision-notice.ts';
import { approveDeposits, lockAccountsOfDeposits, lockDepositsForDecision } from './deposits.repository.ts';

/** A staff member's approval of a pending deposit (POST /api/admin/deposits/:id/approve), with its reason. */
export type DepositApprovalRequest = {
  actor: Actor;
  id: string;
  reason: string;
  claim: IdempotencyClaim | undefined;
};

type Deps = { transactions: Transactions };

/**
 * Deposit approvals: requests that arrive while others are being decided are decided together, in
 * one transaction (group commit, docs/decisions/041). Alone, a request runs `approveDeposit` as it
 * always did; together, `approveDepositsTogether` gives each the outcome it would have had had they
 * run one after the other in arrival order.
 */
export function createDepositApprovalGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<DepositApprovalRequest, AdminDeposit> {
  return createRequestGroup({
    what: 'deposits approved',
    log: deps.log,
    runOne: (request) => approveAlone(deps, request),
    runBatch: (requests) => approveDepositsTogether(deps, requests),
  });
}

function approveAlone({ transactions }: Deps, request: DepositApprovalRequest): Promise<AdminDeposit> {
  return transactions.runIdempotent(request.claim, AdminDepositSchema, ({ tx, now, outbox }) =>
    approveDeposit({ tx, actor: request.actor, now, outbox, id: request.id, reason: request.reason }),
  );
}

/**
 * Approves the requests' deposits in one transaction, set-based (`decideTogether`: keys claimed,
 * answers stored, retries answered after the commit): the deposits locked in id order with their
 * customers and proofs (each approval locks its deposit first) and the customers' accounts (the
 * order of the single path's posting), each request checked in arrival order as `approveDeposit`
 * checks it (NOT_FOUND for an unknown deposit, FORBIDDEN for a staff account's, ALREADY_DECIDED for
 * a decided one, also one approved by an earlier request of the batch), the credits posted at once (each entry by its approver), the
 * deposits marked approved in one statement, and one audit row per approval (with that request's
 * own reason) and one notice to its customer, appended in order before the commit. A refused
 * request gets its own refusal.
 */
export async function approveDepositsTogether(
  deps: Deps,
  requests: readonly DepositApprovalRequest[],
): Promise<Array<ItemOutcome<AdminDeposit>>> {
  return decideTogether({
    transactions: deps.transactions,
    requests,
    runAlone: (request) => approveAlone(deps, request),
    // Sent at once, in the order PostgreSQL runs them: the deposits (each approval locks its
    // deposit first), their customers' accounts, the entry ids the credits will take (after the
    // accounts' locks), the keys, and the approvers' names.
    lock: async (tx, _now, claim) => {
      const ids = requests.map((request) => request.id);
      const [deposits, accounts, entryIds, , names, siteName] = await Promise.all([
        lockDepositsForDecision(tx, ids),
        lockAccountsOfDeposits(tx, ids),
        reserveEntryIds(tx, requests.length),
        claim(),
        selectUserNames(
          tx,
          requests.map((request) => request.actor.id),
        ),
        readSiteName(tx),
      ]);
      await completeCustomerAccounts(
        tx,
        accounts,
        deposits.map((row) => row.deposit.userId),
      );
      return { locked: new Map(deposits.map((row) => [row.deposit.id, row])), entryIds, names, siteName };
    },
    decide: async (tx, now, { locked, entryIds, names, siteName }, live, outbox, beforeCommit) => {
      const outcomes = new Map<number, ItemOutcome<AdminDeposit>>();
      const approving: Array<{ index: number; details: DepositDetails }> = [];
      const approvedHere = new Set<string>();
      for (const index of live) {
        const request = itemAt(requests, index);
        try {
          const details = locked.get(request.id);
          if (!details) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
          // As approveDeposit: a staff account's deposit is not approved (decision 062).
          requireCustomerAccount(details.customer);
          // Refused here, for this request alone, rather than by its audit (which would fail the batch).
          refuseDecisionOnOwnAccount({
            actor: request.actor,
            action: 'deposit.approve',
            subjectUserId: details.deposit.userId,
          });
          const status = approvedHere.has(request.id) ? 'approved' : details.deposit.status;
          requireTransition(DEPOSIT_TRANSITIONS, status, 'approved');
          approvedHere.add(request.id);
          approving.push({ index, details });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      const decisions = approving.map(({ index, details }, position) => ({
        index,
        details,
        decision: {
          status: 'approved' as const,
          decidedBy: itemAt(requests, index).actor.id,
          decidedAt: now,
          entryId: itemAt(entryIds, position),
        },
      }));
      // Sent and not waited for: they leave with the audit rows, the keys' answers and the COMMIT
      // (one round trip on PostgreSQL), since nothing the answers say comes from them. What they
      // must check, the database checks: the credits posted with the ids reserved (every amount is
      // a credit, which cannot overdraw), then the deposits marked approved with them, which fails
      // unless every one was pending, and fails on its foreign key should the posting have written
      // nothing. Either failure rolls the batch back, and each request is then decided alone.
      beforeCommit(
        postEntries(
          tx,
          approving.map(({ details: { deposit } }) =>
            depositEntry({
              userId: deposit.userId,
              amount: deposit.amountMinor,
              depositId: deposit.id,
              methodLabel: COIN_SPECS[deposit.coin].label,
            }),
          ),
          approving.map(({ index }) => itemAt(requests, index).actor),
          { entryIds },
        ).then(expectPosted),
      );
      beforeCommit(
        approveDeposits(
          tx,
          decisions.map(({ details, decision }) => ({ id: details.deposit.id, ...decision })),
        ),
      );
      for (const { index, details, decision } of decisions) {
        const { actor, reason } = itemAt(requests, index);
        const { deposit } = details;
        await recordAudit(tx, {
          actor,
          action: 'deposit.approve',
          targetType: 'deposit',
          targetId: deposit.id,
          subjectUserId: deposit.userId,
          reason,
          before: { status: deposit.status },
          after: {
            status: 'approved',
            entryId: decision.entryId.toString(),
            amount: formatDecimal(deposit.amountMinor),
          },
        });
        const answer = toAdminDeposit({
          ...details,
          deposit: { ...deposit, ...decision },
          decider: { id: actor.id, name: names.get(actor.id) ?? actor.id },
        });
        outbox.queue(depositDecisionNotice({ details, siteName }));
        outcomes.set(index, { ok: true, value: answer });
      }
      return { outcomes };
    },
  });
}
