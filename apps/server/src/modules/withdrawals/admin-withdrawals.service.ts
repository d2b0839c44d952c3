import { EntryKindSchema } from '@candor/contracts/ledger';
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
import { checkTransition } from '@candor/domain/state-machine';
import { WITHDRAWAL_NEXT } from '@candor/domain/withdrawals/withdrawal-status';
import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { pageCount } from '../../lib/page-count.ts';
import { isUuid } from '../../lib/uuid.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { postEntries } from '../ledger/ledger.repository.ts';
import { rowMethodLabel, rowPayout, rowStatus, toWithdrawal, type WithdrawalRow } from './withdrawal-rows.ts';

/** The admin Withdrawals tab: 5 a page, newest first, optionally only customers whose e-mail contains `search`. */
export async function listAdminWithdrawals(
  db: Db,
  { page, search }: AdminWithdrawalListQuery,
): Promise<AdminWithdrawalPage> {
  const where = search ? ilike(users.email, containsPattern(search)) : undefined;
  const [counted] = await db
    .select({ total: count() })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({ withdrawal: withdrawals, email: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(WITHDRAWALS_PAGE_SIZE)
    .offset((page - 1) * WITHDRAWALS_PAGE_SIZE);
  return {
    items: rows.map(({ withdrawal, email }) => {
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
    }),
    page,
    pageCount: pageCount(total, WITHDRAWALS_PAGE_SIZE),
    total,
  };
}

async function toAdminWithdrawal(db: Db, row: WithdrawalRow): Promise<AdminWithdrawal> {
  const people = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(inArray(users.id, row.decidedBy ? [row.userId, row.decidedBy] : [row.userId]));
  const user = people.find((person) => person.id === row.userId);
  const decider = row.decidedBy ? people.find((person) => person.id === row.decidedBy) : undefined;
  const entries = await db
    .select({
      id: journalEntries.id,
      kind: journalEntries.kind,
      description: journalEntries.description,
      createdAt: journalEntries.createdAt,
    })
    .from(journalEntries)
    .where(sql`${journalEntries.reference}->>'withdrawal' = ${row.id}`)
    .orderBy(asc(journalEntries.id));
  const customerView = toWithdrawal(row);
  return {
    ...customerView,
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
      kind: EntryKindSchema.parse(entry.kind),
      description: entry.description,
      createdAt: entry.createdAt.toISOString(),
    })),
    reservationEntryId: row.reservationEntryId?.toString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findWithdrawal(db: Db, id: string, lock: boolean): Promise<WithdrawalRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  const query = db.select().from(withdrawals).where(eq(withdrawals.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  return row;
}

/** /withdrawal/{id}: every detail of one withdrawal. */
export async function requireAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawal> {
  return toAdminWithdrawal(db, await findWithdrawal(db, id, false));
}

type Decision = 'approve' | 'reject' | 'release_hold';

const TARGET = {
  approve: 'approved',
  reject: 'rejected',
  release_hold: 'pending',
} as const satisfies Record<Decision, WithdrawalStatus>;

const VERB = { approve: 'approved', reject: 'rejected', release_hold: 'released' } as const;

/** Why a decision cannot be taken from the current status, in words for the administrator. */
function refusal(decision: Decision, from: WithdrawalStatus): AppError {
  if (from === 'approved' || from === 'rejected') {
    return new AppError('ALREADY_DECIDED', `This withdrawal was already ${from}.`);
  }
  if (decision === 'release_hold') {
    return new AppError(
      'INVALID_TRANSITION',
      `Only a withdrawal on hold can be released; this one is ${WITHDRAWAL_STATUS_LABELS[from].toLowerCase()}.`,
    );
  }
  if (from === 'on_hold') {
    return new AppError(
      'INVALID_TRANSITION',
      `This withdrawal is on hold: release the hold before it can be ${VERB[decision]}.`,
    );
  }
  return new AppError(
    'INVALID_TRANSITION',
    "This withdrawal is awaiting the customer's confirmation code and cannot be decided yet.",
  );
}

/**
 * One administrator decision, in the caller's (money request) transaction: the withdrawal row is
 * locked first, so simultaneous decisions take turns and the second finds the first's result;
 * the move is checked against the state machine; the ledger moves; the row is updated; the action
 * is audited.
 */
async function decide(
  tx: Db,
  actor: AuditActor,
  id: string,
  decision: Decision,
  reason: string | undefined,
): Promise<AdminWithdrawal> {
  const row = await findWithdrawal(tx, id, true);
  const from = rowStatus(row);
  const to = TARGET[decision];
  const check = checkTransition(WITHDRAWAL_NEXT, from, to);
  if (!check.ok || (decision === 'release_hold' && from !== 'on_hold')) throw refusal(decision, from);

  const ledgerActor = { id: actor.id, role: actor.role };
  const methodLabel = rowMethodLabel(row);
  let posted: { id: bigint }[] = [];
  if (decision === 'approve') {
    posted = await postEntries(
      tx,
      withdrawalEntries({
        userId: row.userId,
        net: row.netMinor,
        fee: row.feeMinor,
        feePercent: formatPercentBps(row.feeBps),
        withdrawalId: row.id,
        methodLabel,
      }),
      ledgerActor,
    );
  } else if (decision === 'reject') {
    posted = await postEntries(
      tx,
      [
        releaseEntry({
          userId: row.userId,
          amount: row.amountMinor,
          withdrawalId: row.id,
          reason: reason ?? '',
        }),
      ],
      ledgerActor,
    );
  }

  const now = new Date();
  const [updated] = await tx
    .update(withdrawals)
    .set(
      decision === 'release_hold'
        ? { status: to, updatedAt: now }
        : {
            status: to,
            decidedBy: actor.id,
            decidedAt: now,
            decisionReason: decision === 'reject' ? (reason ?? null) : null,
            updatedAt: now,
          },
    )
    .where(eq(withdrawals.id, row.id))
    .returning();
  if (!updated) throw new Error('withdrawal disappeared');
  await recordAudit(tx, {
    actor,
    action: `withdrawal.${decision}`,
    targetType: 'withdrawal',
    targetId: row.id,
    reason: reason ?? null,
    before: {
      status: from,
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

/** Settles a pending withdrawal: the net amount is paid out, the fee goes to fee revenue. */
export function approveWithdrawal(tx: Db, actor: AuditActor, id: string): Promise<AdminWithdrawal> {
  return decide(tx, actor, id, 'approve', undefined);
}

/** Rejects a pending withdrawal with a reason the customer sees; the reserved amount returns to them. */
export function rejectWithdrawal(
  tx: Db,
  actor: AuditActor,
  id: string,
  reason: string,
): Promise<AdminWithdrawal> {
  return decide(tx, actor, id, 'reject', reason);
}

/** Releases a hold: the withdrawal becomes pending, to be approved or rejected. */
export function releaseWithdrawalHold(
  tx: Db,
  actor: AuditActor,
  id: string,
  reason: string | undefined,
): Promise<AdminWithdrawal> {
  return decide(tx, actor, id, 'release_hold', reason);
}
