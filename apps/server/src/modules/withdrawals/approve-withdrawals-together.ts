import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import {
  type AdminWithdrawal,
  AdminWithdrawalSchema,
  WITHDRAWAL_MESSAGES,
} from '@candor/contracts/withdrawals';
import { needsSecondApproval } from '@candor/domain/approvals/approval-status';
import { withdrawalEntries } from '@candor/domain/ledger/entries';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit, type GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { claimIdentity, claimKeys, type IdempotencyClaim, settleKeys } from '../../lib/idempotency.ts';
import { requireTransition } from '../../lib/require-transition.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { adminWithdrawalOf, approveWithdrawal, decisionTransitions } from './admin-withdrawals.service.ts';
import { rowMethodLabel } from './withdrawal-rows.ts';
import {
  lockWithdrawalsForDecision,
  markWithdrawalsApproved,
  selectEntriesOfWithdrawals,
  selectPeople,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

/** A staff member's approval of a pending withdrawal (POST /api/admin/withdrawals/:id/approve). */
export type WithdrawalApprovalRequest = { actor: Actor; id: string; claim: IdempotencyClaim | undefined };

/** The most approvals one transaction decides; more waiting requests go in the next. */
export const WITHDRAWAL_APPROVAL_BATCH = 64;

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
  return createGroupCommit({
    maxBatch: WITHDRAWAL_APPROVAL_BATCH,
    identity: (request) => (request.claim ? claimIdentity(request.claim) : undefined),
    runOne: (request) => approveAlone(deps, request),
    runBatch: (requests) => approveWithdrawalsTogether(deps, requests),
    onBatchFailed: (error, size) =>
      deps.log.warn(
        { err: error, size },
        'withdrawals approved together failed; each is approved on its own',
      ),
  });
}

function approveAlone({ transactions }: Deps, request: WithdrawalApprovalRequest): Promise<AdminWithdrawal> {
  return transactions.runIdempotent(request.claim, AdminWithdrawalSchema, ({ tx, now }) =>
    approveWithdrawal({ tx, actor: request.actor, now, id: request.id }),
  );
}

/**
 * Approves the requests' withdrawals in one transaction, set-based: the withdrawals locked in id
 * order with the approval waiting for each (each approval locks its withdrawal first), the
 * customers' accounts, the Idempotency-Keys claimed, each request checked in arrival order as
 * `approveWithdrawal` checks it (NOT_FOUND, the state machine's refusals, AWAITING_SECOND_APPROVAL
 * while an approval waits), the payouts and fees posted at once (each by its approver), the
 * withdrawals marked approved (one statement per approver), one audit row per approval appended in
 * order before the commit, and the answers read in two queries. A withdrawal above the four-eyes
 * threshold is not approved here: its request (and any later one of the batch for the same
 * withdrawal) releases its key and runs on its own after the commit, where it asks for the second
 * approval, as it would have alone. A refused request gets its own refusal and releases its key; a
 * request whose key another attempt holds is a retry, answered after the commit as
 * `runIdempotent` answers one. Answers one outcome per request, in order.
 */
export async function approveWithdrawalsTogether(
  deps: Deps,
  requests: readonly WithdrawalApprovalRequest[],
): Promise<Array<ItemOutcome<AdminWithdrawal>>> {
  const { transactions } = deps;
  const outcomes: Array<ItemOutcome<AdminWithdrawal> | undefined> = requests.map(() => undefined);
  /** Requests answered after the commit, on their own: retries and four-eyes approvals. */
  const afterwards: number[] = [];
  await transactions.run(async ({ tx, now }) => {
    const locked = new Map(
      (
        await lockWithdrawalsForDecision(
          tx,
          requests.map((request) => request.id),
        )
      ).map((found) => [found.row.id, found]),
    );
    await lockCustomerAccounts(
      tx,
      [...locked.values()].map((found) => found.row.userId),
    );
    const claimed = await claimKeys(
      tx,
      requests.flatMap((request) => (request.claim ? [request.claim] : [])),
      now,
      transactions.expiredBefore(now),
    );
    let threshold: bigint | undefined;
    const approving: Array<{ index: number; row: WithdrawalRow }> = [];
    const approvedHere = new Set<string>();
    const leftForLater = new Set<string>();
    const transitions = decisionTransitions('approve');
    for (const [index, request] of requests.entries()) {
      if (request.claim && !claimed.has(claimIdentity(request.claim))) {
        afterwards.push(index);
        continue;
      }
      if (leftForLater.has(request.id)) {
        afterwards.push(index);
        continue;
      }
      try {
        const found = locked.get(request.id);
        if (!found) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
        const { row } = found;
        requireTransition(transitions, approvedHere.has(row.id) ? 'approved' : row.status, 'approved');
        if (found.waiting)
          throw new AppError('AWAITING_SECOND_APPROVAL', APPROVAL_MESSAGES.withdrawalAwaiting);
        threshold ??= found.fourEyesThresholdMinor ?? (await requireSiteSettings(tx)).fourEyesThresholdMinor;
        if (needsSecondApproval(row.amountMinor, threshold)) {
          leftForLater.add(row.id);
          afterwards.push(index);
          continue;
        }
        approvedHere.add(row.id);
        approving.push({ index, row });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    const drafts = approving.map(({ index, row }) => ({
      actor: requestAt(requests, index).actor,
      entries: withdrawalEntries({
        userId: row.userId,
        net: row.netMinor,
        fee: row.feeMinor,
        feePercent: formatPercentBps(row.feeBps),
        withdrawalId: row.id,
        methodLabel: rowMethodLabel(row),
      }),
    }));
    const posted = expectPosted(
      await postEntries(
        tx,
        drafts.flatMap((draft) => draft.entries),
        drafts.flatMap((draft) => draft.entries.map(() => draft.actor)),
      ),
    );
    const approvers = [...new Set(approving.map(({ index }) => requestAt(requests, index).actor.id))];
    const updated = new Map<string, WithdrawalRow>();
    for (const approver of approvers) {
      const ids = approving.flatMap(({ index, row }) =>
        requestAt(requests, index).actor.id === approver ? [row.id] : [],
      );
      for (const row of await markWithdrawalsApproved(tx, ids, { decidedBy: approver, decidedAt: now })) {
        updated.set(row.id, row);
      }
    }
    const people = await selectPeople(tx, [
      ...new Set(approving.flatMap(({ row }) => [row.userId, ...approvers])),
    ]);
    const entries = await selectEntriesOfWithdrawals(
      tx,
      approving.map(({ row }) => row.id),
    );
    const answered: Array<{ claim: IdempotencyClaim; body: AdminWithdrawal }> = [];
    let entryAt = 0;
    for (const [position, { index, row }] of approving.entries()) {
      const { actor, claim } = requestAt(requests, index);
      const after = updated.get(row.id);
      if (!after) throw new Error('an approved withdrawal was not read back');
      const count = drafts[position]?.entries.length ?? 0;
      const entryIds = posted.slice(entryAt, entryAt + count).map((entry) => entry.id.toString());
      entryAt += count;
      await recordAudit(tx, {
        actor,
        approver: null,
        action: 'withdrawal.approve',
        targetType: 'withdrawal',
        targetId: row.id,
        subjectUserId: row.userId,
        reason: null,
        before: {
          status: row.status,
          userId: row.userId,
          amount: formatDecimal(row.amountMinor),
          holdReason: row.holdReason,
        },
        after: {
          status: after.status,
          userId: row.userId,
          amount: formatDecimal(row.amountMinor),
          fee: formatDecimal(row.feeMinor),
          net: formatDecimal(row.netMinor),
          entryIds,
        },
      });
      // None was waiting: checked above under the row lock, which requesting one takes.
      const answer = adminWithdrawalOf(after, {
        people,
        entries: entries.get(row.id) ?? [],
        awaitingApproval: null,
      });
      outcomes[index] = { ok: true, value: answer };
      if (claim) answered.push({ claim, body: answer });
    }
    const released = requests.flatMap((request, index) =>
      request.claim && claimed.has(claimIdentity(request.claim)) && !outcomes[index]?.ok
        ? [request.claim]
        : [],
    );
    await settleKeys(tx, answered, released);
  });
  for (const index of afterwards) {
    try {
      outcomes[index] = { ok: true, value: await approveAlone(deps, requestAt(requests, index)) };
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  return outcomes.map((outcome) => {
    if (!outcome) throw new Error('a request of the batch was not decided');
    return outcome;
  });
}

function requestAt(requests: readonly WithdrawalApprovalRequest[], index: number): WithdrawalApprovalRequest {
  const request = requests[index];
  if (!request) throw new Error(`no request at ${index}`);
  return request;
}
