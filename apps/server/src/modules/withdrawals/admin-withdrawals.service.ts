import { APPROVAL_MESSAGES, type FourEyesNote, NO_SECOND_DECIDER } from '@candor/contracts/approvals';
import {
  type AdminWithdrawal,
  type AdminWithdrawalListQuery,
  type AdminWithdrawalPage,
  summarizePayout,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUS_LABELS,
  WITHDRAWALS_PAGE_SIZE,
  type WithdrawalStatus,
} from '@candor/contracts/withdrawals';
import { needsSecondApproval } from '@candor/domain/approvals/approval-status';
import { type EntryDraft, releaseEntry, withdrawalEntries } from '@candor/domain/ledger/entries';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import { WITHDRAWAL_NEXT } from '@candor/domain/withdrawals/withdrawal-status';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { CommandContext } from '../../lib/transactions.ts';
import { hasSecondDecider } from '../approvals/approval-deciders.ts';
import { toWaitingApproval } from '../approvals/approval-rows.ts';
import {
  type ApprovalRow,
  findWaitingWithdrawalApproval,
  selectWithdrawalsAwaiting,
} from '../approvals/approvals.repository.ts';
import { requestApproval } from '../approvals/request-approval.service.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, type PostedEntry, postEntries } from '../ledger/ledger.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { requireCustomerAccount } from '../users/users.service.ts';
import { withdrawalDecisionNotice } from './withdrawal-decision-notice.ts';
import { rowMethodLabel, rowPayout, toWithdrawal } from './withdrawal-rows.ts';
import {
  findWithdrawal,
  lockWithdrawalForDecision,
  selectPeople,
  selectWithdrawalEntries,
  selectWithdrawalPage,
  updateWithdrawal,
  type WithdrawalRow,
} from './withdrawals.repository.ts';

/** The admin Withdrawals tab: 5 a page, newest first, optionally only customers whose e-mail contains `search`. */
export async function listAdminWithdrawals(
  db: Db,
  { page, search }: AdminWithdrawalListQuery,
): Promise<AdminWithdrawalPage> {
  const found = await selectWithdrawalPage(db, { page, pageSize: WITHDRAWALS_PAGE_SIZE, search });
  const awaiting = await selectWithdrawalsAwaiting(
    db,
    found.items.map(({ withdrawal }) => withdrawal.id),
  );
  return mapPage(found, ({ withdrawal, email }) => {
    const payout = rowPayout(withdrawal);
    return {
      id: withdrawal.id,
      userId: withdrawal.userId,
      email,
      amount: formatDecimal(withdrawal.amountMinor),
      fee: formatDecimal(withdrawal.feeMinor),
      net: formatDecimal(withdrawal.netMinor),
      method: payout.method,
      methodLabel: rowMethodLabel(withdrawal),
      address: summarizePayout(payout),
      status: withdrawal.status,
      awaitingApproval: awaiting.has(withdrawal.id),
      createdAt: withdrawal.createdAt.toISOString(),
    };
  });
}

async function toAdminWithdrawal(
  db: Db,
  row: WithdrawalRow,
  /** The approval waiting for it, when the caller knows it already (undefined: read here). */
  knownWaiting?: ApprovalRow | null,
): Promise<AdminWithdrawal> {
  const people = await selectPeople(
    db,
    [row.userId, row.decidedBy, row.holdReleasedBy].filter((id): id is string => id !== null),
  );
  const entries = await selectWithdrawalEntries(db, row.id);
  const waiting = knownWaiting === undefined ? await findWaitingWithdrawalApproval(db, row.id) : knownWaiting;
  return adminWithdrawalOf(row, {
    people,
    entries,
    awaitingApproval: waiting ? await toWaitingApproval(db, waiting) : null,
  });
}

/** A withdrawal as an administrator reads it, from its row and what was read beside it. */
export function adminWithdrawalOf(
  row: WithdrawalRow,
  read: {
    /** The customer, the decider and who released the hold, among others. */
    people: ReadonlyArray<{ id: string; email: string; name: string }>;
    /** The ledger entries naming the withdrawal, oldest first. */
    entries: Awaited<ReturnType<typeof selectWithdrawalEntries>>;
    awaitingApproval: AdminWithdrawal['awaitingApproval'];
  },
): AdminWithdrawal {
  const user = read.people.find((person) => person.id === row.userId);
  const nameOf = (id: string) => read.people.find((person) => person.id === id)?.name ?? id;
  return {
    ...toWithdrawal(row),
    // Administrators see the hold's reason even after the hold was released.
    holdReason: row.holdReason,
    userId: row.userId,
    email: user?.email ?? '',
    fullName: user?.name ?? '',
    holdReleased:
      row.holdReleasedBy && row.holdReleasedAt
        ? {
            by: { id: row.holdReleasedBy, name: nameOf(row.holdReleasedBy) },
            at: row.holdReleasedAt.toISOString(),
          }
        : null,
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: nameOf(row.decidedBy) } : null,
    decisionReason: row.decisionReason,
    codeAttempts: row.codeAttempts,
    entries: read.entries.map((entry) => ({
      id: entry.id.toString(),
      kind: entry.kind,
      description: entry.description,
      amount: formatDecimal(entry.amountMinor),
      createdAt: entry.createdAt.toISOString(),
    })),
    reservationEntryId: row.reservationEntryId?.toString() ?? null,
    awaitingApproval: read.awaitingApproval,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** /withdrawal/{id}: every detail of one withdrawal. */
export async function requireAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawal> {
  const row = await findWithdrawal(db, id);
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  return toAdminWithdrawal(db, row);
}

export type Decision = 'approve' | 'reject' | 'release_hold';

type DecisionInput = CommandContext & { actor: Actor; id: string };

const TARGET = {
  approve: 'approved',
  reject: 'rejected',
  release_hold: 'pending',
} as const satisfies Record<Decision, WithdrawalStatus>;

const VERB = { approve: 'approved', reject: 'rejected', release_hold: 'released' } as const;

/** Why a decision cannot be taken from the current status, in words for the administrator. */
export function decisionTransitions(decision: Decision): Transitions<WithdrawalStatus> {
  return {
    next: WITHDRAWAL_NEXT,
    alreadyDecided: (from) => `This withdrawal was already ${from}.`,
    invalid: (from) => {
      if (decision === 'release_hold') {
        return `Only a withdrawal on hold can be released; this one is ${WITHDRAWAL_STATUS_LABELS[from].toLowerCase()}.`;
      }
      if (from === 'on_hold') {
        return `This withdrawal is on hold: release the hold before it can be ${VERB[decision]}.`;
      }
      return "This withdrawal is awaiting the customer's confirmation code and cannot be decided yet.";
    },
  };
}

/** An approval's entries: the net amount paid out of the reservation, the fee to fee revenue. */
export function payoutEntries(row: WithdrawalRow): EntryDraft[] {
  return withdrawalEntries({
    userId: row.userId,
    net: row.netMinor,
    fee: row.feeMinor,
    feePercent: formatPercentBps(row.feeBps),
    withdrawalId: row.id,
    methodLabel: rowMethodLabel(row),
  });
}

/**
 * The Settings a decision reads, the four-eyes threshold and the site's name (for the customer's
 * notice): as read with the withdrawal's lock, or on their own before the Settings row exists.
 */
export async function decisionSettings(
  tx: Db,
  locked: { fourEyesThresholdMinor: bigint | null; siteName: string | null },
): Promise<{ fourEyesThresholdMinor: bigint; siteName: string }> {
  const { fourEyesThresholdMinor, siteName } = locked;
  if (fourEyesThresholdMinor === null || siteName === null) return requireSiteSettings(tx);
  return { fourEyesThresholdMinor, siteName };
}

/** The ledger's side of a decision: approval settles the reservation, rejection releases it. */
async function postDecision(
  tx: Db,
  actor: Actor,
  row: WithdrawalRow,
  decision: Decision,
  reason: string | undefined,
): Promise<PostedEntry[]> {
  if (decision === 'approve') return expectPosted(await postEntries(tx, payoutEntries(row), actor));
  if (decision === 'reject') {
    const entry = releaseEntry({
      userId: row.userId,
      amount: row.amountMinor,
      withdrawalId: row.id,
      reason: reason ?? '',
    });
    return expectPosted(await postEntries(tx, [entry], actor));
  }
  return [];
}

/**
 * One administrator decision: the withdrawal row is locked first, so simultaneous decisions take
 * turns and the second finds the first's result; the move is checked against the state machine
 * (a release only from on hold: awaiting → pending is the customer's confirmation, not a release);
 * the ledger moves; the row is updated; the action is audited; the customer is told of an approval
 * or a rejection (`withdrawalDecisionNotice`).
 */
async function decide(
  { tx, actor, now, outbox, id }: DecisionInput,
  decision: Decision,
  reason: string | undefined,
  fourEyes?: SecondApproval,
): Promise<AdminWithdrawal> {
  const locked = await lockWithdrawalForDecision(tx, id);
  if (!locked) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  // Money leaves no staff account (decision 062): a request recorded before staff were refused is
  // rejected, which returns its amount to the account's cash, not paid out.
  if (decision === 'approve') requireCustomerAccount({ role: locked.ownerRole });
  const { row, waiting } = locked;
  const transitions = decisionTransitions(decision);
  if (decision === 'release_hold' && row.status === 'awaiting_confirmation') {
    throw new AppError('INVALID_TRANSITION', transitions.invalid(row.status, 'pending'));
  }
  const to = requireTransition(transitions, row.status, TARGET[decision]);
  // Four-eyes: while an approval waits, the withdrawal is decided on the Approvals tab only (the
  // approval carrying itself out passes `fourEyes`).
  if (!fourEyes && waiting) {
    throw new AppError('AWAITING_SECOND_APPROVAL', APPROVAL_MESSAGES.withdrawalAwaiting);
  }
  const { fourEyesThresholdMinor: threshold, siteName } = await decisionSettings(tx, locked);
  const aboveThreshold =
    !fourEyes && decision === 'approve' && needsSecondApproval(row.amountMinor, threshold);
  // Above the threshold with nobody else able to decide it, it is carried out now, and says why (053).
  const alone: FourEyesNote | undefined =
    aboveThreshold && !(await hasSecondDecider(tx, { kind: 'withdrawal_approval', makerId: actor.id }))
      ? NO_SECOND_DECIDER
      : undefined;
  if (aboveThreshold && !alone) {
    if (!reason) throw new Error(`the approval of withdrawal ${row.id} came without its reason`);
    await requestApproval({
      tx,
      actor,
      now,
      kind: 'withdrawal_approval',
      userId: row.userId,
      withdrawalId: row.id,
      amountMinor: row.amountMinor,
      request: { withdrawalId: row.id },
      // What the second staff member reads, and the payout's reason once they approve it.
      reason,
    });
    return toAdminWithdrawal(tx, row);
  }
  const posted = await postDecision(tx, actor, row, decision, reason);
  const updated = await updateWithdrawal(
    tx,
    row.id,
    decision === 'release_hold'
      ? { status: to, holdReleasedBy: actor.id, holdReleasedAt: now, updatedAt: now }
      : {
          status: to,
          decidedBy: actor.id,
          decidedAt: now,
          decisionReason: decision === 'reject' ? (reason ?? null) : null,
          updatedAt: now,
        },
  );
  await recordAudit(
    tx,
    withdrawalDecisionAudit({
      actor,
      decision,
      row,
      to,
      reason,
      entryIds: posted.map((e) => e.id),
      fourEyes,
      alone,
    }),
  );
  // Without four-eyes, none was waiting (checked above under the row lock, which requesting one takes).
  const answer = await toAdminWithdrawal(tx, updated, fourEyes ? undefined : null);
  if (decision !== 'release_hold') {
    outbox.queue(
      withdrawalDecisionNotice({
        row,
        customer: { email: answer.email, name: answer.fullName },
        siteName,
        ...(decision === 'reject' ? { rejectionReason: reason ?? '' } : {}),
      }),
    );
  }
  return alone ? { ...answer, fourEyes: alone } : answer;
}

/** The audit row of a decision on a withdrawal: before, its status, amount and hold; after, its amounts and the entries posted. */
export function withdrawalDecisionAudit(input: {
  actor: Actor;
  decision: Decision;
  row: WithdrawalRow;
  to: WithdrawalStatus;
  reason: string | undefined;
  entryIds: readonly bigint[];
  fourEyes?: SecondApproval | undefined;
  /** Above the threshold, carried out at once: nobody else could decide it (decision 053). */
  alone?: FourEyesNote | undefined;
}): AuditEntry {
  const { actor, decision, row, to, reason, entryIds, fourEyes, alone } = input;
  return {
    actor,
    approver: fourEyes?.approver ?? null,
    action: `withdrawal.${decision}`,
    targetType: 'withdrawal',
    targetId: row.id,
    subjectUserId: row.userId,
    reason: reason ?? null,
    before: {
      status: row.status,
      userId: row.userId,
      amount: formatDecimal(row.amountMinor),
      holdReason: row.holdReason,
    },
    after: {
      status: to,
      userId: row.userId,
      amount: formatDecimal(row.amountMinor),
      fee: formatDecimal(row.feeMinor),
      net: formatDecimal(row.netMinor),
      entryIds: entryIds.map((id) => id.toString()),
      ...(fourEyes ? { approvalId: fourEyes.approvalId, approverReason: fourEyes.reason } : {}),
      ...(alone ? { fourEyes: alone } : {}),
    },
  };
}

/** The second staff member whose approval carries a waiting withdrawal approval out, and their reason. */
type SecondApproval = { approver: Actor; approvalId: string; reason: string };

/**
 * Settles a pending withdrawal: the net amount is paid out, the fee goes to fee revenue; the
 * staff member's reason goes to the audit log (docs/decisions/044; the customer does not see it).
 * Above the four-eyes threshold it is recorded as awaiting a second approval instead, with that
 * reason as the maker's: the withdrawal stays pending and its `awaitingApproval` is set.
 */
export function approveWithdrawal({
  reason,
  ...input
}: DecisionInput & { reason: string }): Promise<AdminWithdrawal> {
  return decide(input, 'approve', reason);
}

/**
 * Carries out an approved four-eyes withdrawal approval (in the approval's transaction): `actor` is
 * the maker and `reason` the maker's, `fourEyes.approver` the checker; the withdrawal must still be
 * pending.
 */
export function settleApprovedWithdrawal({
  reason,
  fourEyes,
  ...decision
}: DecisionInput & { reason: string; fourEyes: SecondApproval }): Promise<AdminWithdrawal> {
  return decide(decision, 'approve', reason, fourEyes);
}

/**
 * Rejects a pending withdrawal with a reason the customer sees; the reserved amount returns to them.
 * A reason asking the customer to pay never gets here: its body is refused (422 PAYMENT_DEMAND).
 */
export function rejectWithdrawal({
  reason,
  ...input
}: DecisionInput & { reason: string }): Promise<AdminWithdrawal> {
  return decide(input, 'reject', reason);
}

/** Releases a hold: the withdrawal becomes pending, to be approved or rejected. */
export function releaseWithdrawalHold({
  reason,
  ...input
}: DecisionInput & { reason: string | undefined }): Promise<AdminWithdrawal> {
  return decide(input, 'release_hold', reason);
}
