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
import { releaseEntry, withdrawalEntries } from '@candor/domain/ledger/entries';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import { WITHDRAWAL_NEXT } from '@candor/domain/withdrawals/withdrawal-status';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, type PostedEntry, postEntries } from '../ledger/ledger.repository.ts';
import { rowMethodLabel, rowPayout, toWithdrawal } from './withdrawal-rows.ts';
import {
  findWithdrawal,
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
  return mapPage(found, ({ withdrawal, email }) => {
    const payout = rowPayout(withdrawal);
    return {
      id: withdrawal.id,
      userId: withdrawal.userId,
      email,
      amount: formatDecimal(withdrawal.amountMinor),
      method: payout.method,
      methodLabel: rowMethodLabel(withdrawal),
      address: summarizePayout(payout),
      status: withdrawal.status,
      createdAt: withdrawal.createdAt.toISOString(),
    };
  });
}

async function toAdminWithdrawal(db: Db, row: WithdrawalRow): Promise<AdminWithdrawal> {
  const people = await selectPeople(db, row.decidedBy ? [row.userId, row.decidedBy] : [row.userId]);
  const user = people.find((person) => person.id === row.userId);
  const decider = row.decidedBy ? people.find((person) => person.id === row.decidedBy) : undefined;
  const entries = await selectWithdrawalEntries(db, row.id);
  return {
    ...toWithdrawal(row),
    // Administrators see the hold's reason even after the hold was released.
    holdReason: row.holdReason,
    userId: row.userId,
    email: user?.email ?? '',
    fullName: user?.name ?? '',
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: decider?.name ?? row.decidedBy } : null,
    decisionReason: row.decisionReason,
    codeAttempts: row.codeAttempts,
    entries: entries.map((entry) => ({
      id: entry.id.toString(),
      kind: entry.kind,
      description: entry.description,
      createdAt: entry.createdAt.toISOString(),
    })),
    reservationEntryId: row.reservationEntryId?.toString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** /withdrawal/{id}: every detail of one withdrawal. */
export async function requireAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawal> {
  const row = await findWithdrawal(db, id);
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  return toAdminWithdrawal(db, row);
}

type Decision = 'approve' | 'reject' | 'release_hold';

const TARGET = {
  approve: 'approved',
  reject: 'rejected',
  release_hold: 'pending',
} as const satisfies Record<Decision, WithdrawalStatus>;

const VERB = { approve: 'approved', reject: 'rejected', release_hold: 'released' } as const;

/** Why a decision cannot be taken from the current status, in words for the administrator. */
function decisionTransitions(decision: Decision): Transitions<WithdrawalStatus> {
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

/** The ledger's side of a decision: approval settles the reservation, rejection releases it. */
async function postDecision(
  tx: Db,
  actor: Actor,
  row: WithdrawalRow,
  decision: Decision,
  reason: string | undefined,
): Promise<PostedEntry[]> {
  if (decision === 'approve') {
    const entries = withdrawalEntries({
      userId: row.userId,
      net: row.netMinor,
      fee: row.feeMinor,
      feePercent: formatPercentBps(row.feeBps),
      withdrawalId: row.id,
      methodLabel: rowMethodLabel(row),
    });
    return expectPosted(await postEntries(tx, entries, actor));
  }
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
 * the ledger moves; the row is updated; the action is audited.
 */
async function decide(
  { tx, actor, now, id }: { tx: Db; actor: Actor; now: Date; id: string },
  decision: Decision,
  reason: string | undefined,
): Promise<AdminWithdrawal> {
  const row = await findWithdrawal(tx, id, { lock: true });
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  const transitions = decisionTransitions(decision);
  if (decision === 'release_hold' && row.status === 'awaiting_confirmation') {
    throw new AppError('INVALID_TRANSITION', transitions.invalid(row.status, 'pending'));
  }
  const to = requireTransition(transitions, row.status, TARGET[decision]);
  const posted = await postDecision(tx, actor, row, decision, reason);
  const updated = await updateWithdrawal(
    tx,
    row.id,
    decision === 'release_hold'
      ? { status: to, updatedAt: now }
      : {
          status: to,
          decidedBy: actor.id,
          decidedAt: now,
          decisionReason: decision === 'reject' ? (reason ?? null) : null,
          updatedAt: now,
        },
  );
  await recordAudit(tx, {
    actor,
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
      entryIds: posted.map((entry) => entry.id.toString()),
    },
  });
  return toAdminWithdrawal(tx, updated);
}

type DecisionInput = { tx: Db; actor: Actor; now: Date; id: string };

/** Settles a pending withdrawal: the net amount is paid out, the fee goes to fee revenue. */
export function approveWithdrawal(input: DecisionInput): Promise<AdminWithdrawal> {
  return decide(input, 'approve', undefined);
}

/** Rejects a pending withdrawal with a reason the customer sees; the reserved amount returns to them. */
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
