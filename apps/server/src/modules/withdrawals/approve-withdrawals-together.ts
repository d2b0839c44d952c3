import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import {
  type AdminWithdrawal,
  AdminWithdrawalSchema,
  WITHDRAWAL_MESSAGES,
} from '@candor/contracts/withdrawals';
import { needsSecondApproval } from '@candor/domain/approvals/approval-status';
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
import { completeCustomerAccounts, expectPosted, postMovements } from '../ledger/ledger.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import {
  adminWithdrawalOf,
  approveWithdrawal,
  decisionTransitions,
  payoutEntries,
  withdrawalDecisionAudit,
} from './admin-withdrawals.service.ts';
import {
  lockAccountsOfWithdrawals,
  lockWithdrawalsForDecision,
  markWithdrawalsApproved,
  selectEntriesOfWithdrawals,
  selectPeopleAndWithdrawalOwners,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

/** A staff member's approval of a pending withdrawal (POST /api/admin/withdrawals/:id/approve), with its reason. */
export type WithdrawalApprovalRequest = {
  actor: Actor;
  id: string;
  reason: string;
  claim: IdempotencyClaim | undefined;
};

type Deps = { transactions: Transactions };

/**
 * Withdrawal approvals: requests that arrive while others are being decided are decided together,
 * in one transaction (group commit, docs/decisions/041). Alone, a request runs `approveWithdrawal`
 * as it always did; together, `approveWithdrawalsTogether` gives each the outcome it would have had
 * had they run one after the other in arrival order.
 */
export function createWithdrawalApprovalGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<WithdrawalApprovalRequest, AdminWithdrawal> {
  return createRequestGroup({
    what: 'withdrawals approved',
    log: deps.log,
    runOne: (request) => approveAlone(deps, request),
    runBatch: (requests) => approveWithdrawalsTogether(deps, requests),
  });
}

function approveAlone({ transactions }: Deps, request: WithdrawalApprovalRequest): Promise<AdminWithdrawal> {
  return transactions.runIdempotent(request.claim, AdminWithdrawalSchema, ({ tx, now }) =>
    approveWithdrawal({ tx, actor: request.actor, now, id: request.id, reason: request.reason }),
  );
}

/**
 * Approves the requests' withdrawals in one transaction, set-based (`decideTogether`: keys claimed,
 * answers stored, retries answered after the commit): the withdrawals locked in id order with the
 * approval waiting for each (each approval locks its withdrawal first) and the customers' accounts,
 * each request checked in arrival order as `approveWithdrawal` checks it (NOT_FOUND, the state
 * machine's refusals, AWAITING_SECOND_APPROVAL while an approval waits), the payouts and fees
 * posted at once (each by its approver), the withdrawals marked approved (one statement per
 * approver), one audit row per approval (with that request's own reason) appended in order before
 * the commit, and the answers read
 * in two queries. A withdrawal above the four-eyes threshold is not approved here: its request (and
 * any later one of the batch for the same withdrawal) releases its key and runs on its own after the
 * commit, where it asks for the second approval, as it would have alone. A refused request gets its
 * own refusal.
 */
export async function approveWithdrawalsTogether(
  deps: Deps,
  requests: readonly WithdrawalApprovalRequest[],
): Promise<Array<ItemOutcome<AdminWithdrawal>>> {
  return decideTogether({
    transactions: deps.transactions,
    requests,
    runAlone: (request) => approveAlone(deps, request),
    // The withdrawals first (each approval locks its withdrawal first); then, sent at once in the
    // order PostgreSQL runs them, their customers' accounts, the keys, and the names of the
    // customers and approvers the answers and audits show.
    lock: async (tx, _now, claim) => {
      const ids = requests.map((request) => request.id);
      const [found, accounts, , people] = await Promise.all([
        lockWithdrawalsForDecision(tx, ids),
        lockAccountsOfWithdrawals(tx, ids),
        claim(),
        selectPeopleAndWithdrawalOwners(
          tx,
          requests.map((request) => request.actor.id),
          ids,
        ),
      ]);
      await completeCustomerAccounts(
        tx,
        accounts,
        found.map(({ row }) => row.userId),
      );
      return { locked: new Map(found.map((one) => [one.row.id, one])), people };
    },
    decide: async (tx, now, { locked, people }, live) => {
      const outcomes = new Map<number, ItemOutcome<AdminWithdrawal>>();
      const alone: number[] = [];
      let threshold: bigint | undefined;
      const approving: Array<{ index: number; row: WithdrawalRow }> = [];
      const approvedHere = new Set<string>();
      const leftAlone = new Set<string>();
      const transitions = decisionTransitions('approve');
      for (const index of live) {
        const request = itemAt(requests, index);
        if (leftAlone.has(request.id)) {
          alone.push(index);
          continue;
        }
        try {
          const found = locked.get(request.id);
          if (!found) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
          const { row } = found;
          // Refused here, for this request alone, rather than by its audit (which would fail the batch).
          refuseDecisionOnOwnAccount({
            actor: request.actor,
            action: 'withdrawal.approve',
            subjectUserId: row.userId,
          });
          requireTransition(transitions, approvedHere.has(row.id) ? 'approved' : row.status, 'approved');
          if (found.waiting)
            throw new AppError('AWAITING_SECOND_APPROVAL', APPROVAL_MESSAGES.withdrawalAwaiting);
          threshold ??=
            found.fourEyesThresholdMinor ?? (await requireSiteSettings(tx)).fourEyesThresholdMinor;
          if (needsSecondApproval(row.amountMinor, threshold)) {
            leftAlone.add(row.id);
            alone.push(index);
            continue;
          }
          approvedHere.add(row.id);
          approving.push({ index, row });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      const approvers = [...new Set(approving.map(({ index }) => itemAt(requests, index).actor.id))];
      // Sent at once, in the order PostgreSQL runs them: the payouts posted, the rows marked approved
      // (one statement per approver) and their entries read, the payouts' among them.
      const [movements, marked, entries] = await Promise.all([
        postMovements(
          tx,
          approving.map(({ index, row }) => ({
            actor: itemAt(requests, index).actor,
            entries: payoutEntries(row),
          })),
        ),
        Promise.all(
          approvers.map((approver) =>
            markWithdrawalsApproved(
              tx,
              approving.flatMap(({ index, row }) =>
                itemAt(requests, index).actor.id === approver ? [row.id] : [],
              ),
              { decidedBy: approver, decidedAt: now },
            ),
          ),
        ),
        selectEntriesOfWithdrawals(
          tx,
          approving.map(({ row }) => row.id),
        ),
      ]);
      const posted = expectPosted(movements);
      const updated = new Map<string, WithdrawalRow>(marked.flat().map((row) => [row.id, row]));
      for (const [position, { index, row }] of approving.entries()) {
        const { actor, reason } = itemAt(requests, index);
        const after = updated.get(row.id);
        if (!after) throw new Error('an approved withdrawal was not read back');
        const entryIds = itemAt(posted, position).map((entry) => entry.id);
        const read = entries.get(row.id) ?? [];
        // The read ran behind the posting; a posting run again (an account created on the way)
        // would have left it without the payouts.
        if (!entryIds.every((id) => read.some((entry) => entry.id === id)))
          throw new Error("an approved withdrawal's payout entries were not read");
        await recordAudit(
          tx,
          withdrawalDecisionAudit({
            actor,
            decision: 'approve',
            row,
            to: after.status,
            reason,
            entryIds,
          }),
        );
        // None was waiting: checked above under the row lock, which requesting one takes.
        const answer = adminWithdrawalOf(after, {
          people,
          entries: read,
          awaitingApproval: null,
        });
        outcomes.set(index, { ok: true, value: answer });
      }
      return { outcomes, alone };
    },
  });
}
