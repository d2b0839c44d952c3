import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import {
  type AdminWithdrawal,
  AdminWithdrawalSchema,
  WITHDRAWAL_MESSAGES,
} from '@candor/contracts/withdrawals';
import { needsSecondApproval } from '@candor/domain/approvals/approval-status';
import type { EntryDraft } from '@candor/domain/ledger/entries';
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
  selectTransactionTime,
} from '../ledger/ledger.repository.ts';
import { requireCustomerAccount } from '../users/users.service.ts';
import {
  adminWithdrawalOf,
  approveWithdrawal,
  decisionSettings,
  decisionTransitions,
  payoutEntries,
  withdrawalDecisionAudit,
} from './admin-withdrawals.service.ts';
import { withdrawalDecisionNotice } from './withdrawal-decision-notice.ts';
import {
  approveWithdrawalsPaidOut,
  lockAccountsOfWithdrawals,
  lockWithdrawalsForDecision,
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

/** A withdrawal's payout is at most two entries: the net paid out and the fee. */
const PAYOUT_ENTRIES_AT_MOST = 2;

/** What an entry moves, as the withdrawal's entries list it: the sum of its postings' positive side. */
function movedBy(draft: EntryDraft): bigint {
  return draft.postings.reduce((sum, posting) => (posting.amount > 0n ? sum + posting.amount : sum), 0n);
}

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
  return transactions.runIdempotent(request.claim, AdminWithdrawalSchema, ({ tx, now, outbox }) =>
    approveWithdrawal({ tx, actor: request.actor, now, outbox, id: request.id, reason: request.reason }),
  );
}

/**
 * Approves the requests' withdrawals in one transaction, set-based (`decideTogether`: keys claimed,
 * answers stored, retries answered after the commit): the withdrawals locked in id order with the
 * approval waiting for each (each approval locks its withdrawal first) and the customers' accounts,
 * each request checked in arrival order as `approveWithdrawal` checks it (NOT_FOUND, the state
 * machine's refusals, AWAITING_SECOND_APPROVAL while an approval waits), then the payouts and fees
 * posted at once with the entry ids reserved behind the locks (each by its approver), the
 * withdrawals marked approved, one audit row per approval (with that request's own reason), one
 * notice to its customer and the keys' answers, all sent with the COMMIT: three round trips on
 * PostgreSQL, as a batch of deposit approvals. Each answer is built from the locked row, the entries read behind the locks and the
 * payouts as posted (docs/decisions/041, twenty-fourth session). A withdrawal above the four-eyes threshold is not approved here: its request (and
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
    // order PostgreSQL runs them, their customers' accounts, the entry ids the payouts will take
    // (after the accounts' locks; a payout and a fee at most for each), the keys, the names of the
    // customers and approvers the answers and audits show, the entries each withdrawal already has
    // (its reservation) and the transaction's time, which the payouts will be dated by.
    lock: async (tx, _now, claim) => {
      const ids = requests.map((request) => request.id);
      const [found, accounts, entryIds, , people, entries, postedAt] = await Promise.all([
        lockWithdrawalsForDecision(tx, ids),
        lockAccountsOfWithdrawals(tx, ids),
        reserveEntryIds(tx, PAYOUT_ENTRIES_AT_MOST * requests.length),
        claim(),
        selectPeopleAndWithdrawalOwners(
          tx,
          requests.map((request) => request.actor.id),
          ids,
        ),
        selectEntriesOfWithdrawals(tx, ids),
        selectTransactionTime(tx),
      ]);
      await completeCustomerAccounts(
        tx,
        accounts,
        found.map(({ row }) => row.userId),
      );
      return { locked: new Map(found.map((one) => [one.row.id, one])), people, entryIds, entries, postedAt };
    },
    decide: async (tx, now, { locked, people, entryIds, entries, postedAt }, live, outbox, beforeCommit) => {
      const outcomes = new Map<number, ItemOutcome<AdminWithdrawal>>();
      const alone: number[] = [];
      let settings: { fourEyesThresholdMinor: bigint; siteName: string } | undefined;
      const approving: Array<{ index: number; row: WithdrawalRow; siteName: string }> = [];
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
          // As the single path: a staff account's withdrawal is not approved (decision 062).
          requireCustomerAccount({ role: found.ownerRole });
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
          settings ??= await decisionSettings(tx, found);
          if (needsSecondApproval(row.amountMinor, settings.fourEyesThresholdMinor)) {
            leftAlone.add(row.id);
            alone.push(index);
            continue;
          }
          approvedHere.add(row.id);
          approving.push({ index, row, siteName: settings.siteName });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      // Each payout takes the next reserved ids, in the order of the requests.
      let taken = 0;
      const payouts = approving.map(({ index, row, siteName }) => {
        const drafts = payoutEntries(row);
        const ids = entryIds.slice(taken, taken + drafts.length);
        taken += drafts.length;
        if (ids.length !== drafts.length) throw new Error('fewer payout entry ids reserved than payouts');
        return { index, row, drafts, ids, actor: itemAt(requests, index).actor, siteName };
      });
      // Sent and not waited for: they leave with the audit rows, the keys' answers and the COMMIT
      // (one round trip on PostgreSQL), since nothing the answers say comes from them. What they must
      // check, the database checks: the payouts posted with the reserved ids (each moves money
      // already reserved, so a refusal is a broken invariant and writes nothing), then the
      // withdrawals marked approved, which fails unless every one was pending and every payout entry
      // exists. Either failure rolls the batch back, and each request is then decided alone.
      beforeCommit(
        postEntries(
          tx,
          payouts.flatMap(({ drafts }) => drafts),
          payouts.flatMap(({ drafts, actor }) => drafts.map(() => actor)),
          { entryIds: payouts.flatMap(({ ids }) => ids) },
        ).then(expectPosted),
      );
      beforeCommit(
        approveWithdrawalsPaidOut(
          tx,
          payouts.map(({ row, actor }) => ({ id: row.id, decidedBy: actor.id, decidedAt: now })),
          payouts.flatMap(({ ids }) => ids),
        ),
      );
      for (const { index, row, drafts, ids, actor, siteName } of payouts) {
        const { reason } = itemAt(requests, index);
        // The row as the statement above leaves it, and its entries as a read after the commit
        // finds them: those it had, then the payouts, dated by the transaction.
        const after: WithdrawalRow = {
          ...row,
          status: 'approved',
          decidedBy: actor.id,
          decidedAt: now,
          decisionReason: null,
          updatedAt: now,
        };
        await recordAudit(
          tx,
          withdrawalDecisionAudit({
            actor,
            decision: 'approve',
            row,
            to: after.status,
            reason,
            entryIds: ids,
          }),
        );
        // None was waiting: checked above under the row lock, which requesting one takes.
        const answer = adminWithdrawalOf(after, {
          people,
          entries: [
            ...(entries.get(row.id) ?? []),
            ...drafts.map((draft, position) => ({
              id: itemAt(ids, position),
              kind: draft.kind,
              description: draft.description,
              createdAt: postedAt,
              amountMinor: movedBy(draft),
            })),
          ],
          awaitingApproval: null,
        });
        outbox.queue(
          withdrawalDecisionNotice({
            row,
            customer: { email: answer.email, name: answer.fullName },
            siteName,
          }),
        );
        outcomes.set(index, { ok: true, value: answer });
      }
      return { outcomes, alone };
    },
  });
}
