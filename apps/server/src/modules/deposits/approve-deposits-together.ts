import { COIN_SPECS } from '@candor/contracts/coins';
import { type AdminDeposit, AdminDepositSchema, DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { depositEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit, type GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { claimIdentity, claimKeys, type IdempotencyClaim, settleKeys } from '../../lib/idempotency.ts';
import { requireTransition } from '../../lib/require-transition.ts';
import type { Transactions } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import {
  approveDeposit,
  DEPOSIT_TRANSITIONS,
  type DepositDetails,
  toAdminDeposit,
} from './admin-deposits.service.ts';
import { approveDeposits, findStaffNames, lockDepositsForDecision } from './deposits.repository.ts';

/** A staff member's approval of a pending deposit (POST /api/admin/deposits/:id/approve). */
export type DepositApprovalRequest = { actor: Actor; id: string; claim: IdempotencyClaim | undefined };

/** The most approvals one transaction decides; more waiting requests go in the next. */
export const DEPOSIT_APPROVAL_BATCH = 64;

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
  return createGroupCommit({
    maxBatch: DEPOSIT_APPROVAL_BATCH,
    identity: (request) => (request.claim ? claimIdentity(request.claim) : undefined),
    runOne: (request) => approveAlone(deps, request),
    runBatch: (requests) => approveDepositsTogether(deps, requests),
    onBatchFailed: (error, size) =>
      deps.log.warn({ err: error, size }, 'deposits approved together failed; each is approved on its own'),
  });
}

function approveAlone({ transactions }: Deps, request: DepositApprovalRequest): Promise<AdminDeposit> {
  return transactions.runIdempotent(request.claim, AdminDepositSchema, ({ tx, now }) =>
    approveDeposit({ tx, actor: request.actor, now, id: request.id }),
  );
}

/**
 * Approves the requests' deposits in one transaction, set-based: the deposits locked in id order
 * with their customers and proofs (each approval locks its deposit first), the customers' accounts
 * (the order of the single path's posting), the Idempotency-Keys claimed, each request checked in
 * arrival order as `approveDeposit` checks it (NOT_FOUND for an unknown deposit, ALREADY_DECIDED
 * for a decided one, also one approved by an earlier request of the batch), the credits posted at
 * once (each entry by its approver), the deposits marked approved in one statement, and one audit
 * row per approval, appended in order before the commit. A refused request gets its own refusal and
 * releases its key; a request whose key another attempt holds is a retry, answered after the commit
 * as `runIdempotent` answers one. Answers one outcome per request, in order.
 */
export async function approveDepositsTogether(
  deps: Deps,
  requests: readonly DepositApprovalRequest[],
): Promise<Array<ItemOutcome<AdminDeposit>>> {
  const { transactions } = deps;
  const outcomes: Array<ItemOutcome<AdminDeposit> | undefined> = requests.map(() => undefined);
  const retries: number[] = [];
  await transactions.run(async ({ tx, now }) => {
    const locked = new Map(
      (
        await lockDepositsForDecision(
          tx,
          requests.map((request) => request.id),
        )
      ).map((row) => [row.deposit.id, row]),
    );
    await lockCustomerAccounts(
      tx,
      [...locked.values()].map((row) => row.deposit.userId),
    );
    const claimed = await claimKeys(
      tx,
      requests.flatMap((request) => (request.claim ? [request.claim] : [])),
      now,
      transactions.expiredBefore(now),
    );
    const names = await findStaffNames(
      tx,
      requests.map((request) => request.actor.id),
    );
    const approving: Array<{ index: number; details: Omit<DepositDetails, 'decider'> }> = [];
    const approvedHere = new Set<string>();
    requests.forEach((request, index) => {
      if (request.claim && !claimed.has(claimIdentity(request.claim))) {
        retries.push(index);
        return;
      }
      try {
        const details = locked.get(request.id);
        if (!details) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
        const status = approvedHere.has(request.id) ? 'approved' : details.deposit.status;
        requireTransition(DEPOSIT_TRANSITIONS, status, 'approved');
        approvedHere.add(request.id);
        approving.push({ index, details });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    });
    const entries = expectPosted(
      await postEntries(
        tx,
        approving.map(({ details: { deposit } }) =>
          depositEntry({
            userId: deposit.userId,
            amount: deposit.amountMinor,
            depositId: deposit.id,
            methodLabel: COIN_SPECS[deposit.coin].label,
          }),
        ),
        approving.map(({ index }) => requestAt(requests, index).actor),
      ),
    );
    const decisions = approving.map(({ index, details }, position) => {
      const entry = entries[position];
      if (!entry) throw new Error('a deposit entry was not posted');
      const { actor } = requestAt(requests, index);
      return {
        index,
        details,
        decision: { status: 'approved' as const, decidedBy: actor.id, decidedAt: now, entryId: entry.id },
      };
    });
    const approved = await approveDeposits(
      tx,
      decisions.map(({ details, decision }) => ({ id: details.deposit.id, ...decision })),
    );
    if (approved !== decisions.length) throw new Error('a locked pending deposit was not approved');
    const answered: Array<{ claim: IdempotencyClaim; body: AdminDeposit }> = [];
    for (const { index, details, decision } of decisions) {
      const { actor, claim } = requestAt(requests, index);
      const { deposit } = details;
      await recordAudit(tx, {
        actor,
        action: 'deposit.approve',
        targetType: 'deposit',
        targetId: deposit.id,
        subjectUserId: deposit.userId,
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
      outcomes[index] = { ok: true, value: answer };
      if (claim) answered.push({ claim, body: answer });
    }
    const released = requests.flatMap((request, index) =>
      request.claim && !retries.includes(index) && !outcomes[index]?.ok ? [request.claim] : [],
    );
    await settleKeys(tx, answered, released);
  });
  for (const index of retries) {
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

function requestAt(requests: readonly DepositApprovalRequest[], index: number): DepositApprovalRequest {
  const request = requests[index];
  if (!request) throw new Error(`no request at ${index}`);
  return request;
}
