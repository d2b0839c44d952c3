import { toMinorUnits } from '@candor/contracts/money';
import {
  type CreateWithdrawalRequest,
  type Payout,
  payoutMethodLabel,
  WITHDRAWAL_CODE_MAX_ATTEMPTS,
  WITHDRAWAL_CODE_RESEND_MS,
  WITHDRAWAL_CODE_TTL_MS,
  WITHDRAWAL_MESSAGES,
  WITHDRAWALS_PAGE_SIZE,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalTerms,
} from '@candor/contracts/withdrawals';
import { reservationEntry } from '@candor/domain/ledger/entries';
import { formatDecimal, formatPercentBps, formatUsd } from '@candor/domain/money/money';
import { checkTransition } from '@candor/domain/state-machine';
import { checkWithdrawalAmount, computeWithdrawalFee } from '@candor/domain/withdrawals/withdrawal-amount';
import {
  confirmedWithdrawalStatus,
  initialWithdrawalStatus,
  WITHDRAWAL_NEXT,
} from '@candor/domain/withdrawals/withdrawal-status';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';
import { AppError } from '../../lib/app-error.ts';
import { pageCount } from '../../lib/page-count.ts';
import { isUuid } from '../../lib/uuid.ts';
import { lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { readBalances } from '../ledger/ledger.service.ts';
import { requireSiteSettings } from '../settings/settings.service.ts';
import { type CodeMail, issueWithdrawalCode, matchesWithdrawalCode } from './withdrawal-codes.ts';
import { rowMethodLabel, rowStatus, toWithdrawal, type WithdrawalRow } from './withdrawal-rows.ts';
import { readWithdrawalSettings } from './withdrawal-settings.service.ts';

/** The customer making a request. */
export type Customer = { userId: string; role: string };

/** A service's answer plus, when a code was issued, the mail to send once its transaction committed. */
export type WithCodeMail<T> = { value: T; mail?: CodeMail };

/** The minimum, the fee percentage and the available cash: what the form checks and shows. */
export async function readWithdrawalTerms(db: Db, userId: string): Promise<WithdrawalTerms> {
  const site = await requireSiteSettings(db);
  const balances = await readBalances(db, userId);
  return {
    minWithdrawal: formatDecimal(site.minWithdrawalMinor),
    withdrawalPercent: formatPercentBps(site.withdrawalFeeBps),
    available: balances.available,
  };
}

async function requireUserContact(tx: Db, userId: string): Promise<{ email: string; name: string }> {
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  return user;
}

function codeMail(row: WithdrawalRow, contact: { email: string; name: string }, code: string): CodeMail {
  return {
    to: contact.email,
    name: contact.name,
    code,
    amount: formatUsd(row.amountMinor),
    method: rowMethodLabel(row),
  };
}

/**
 * Records a withdrawal request and reserves its amount, in the caller's (money request)
 * transaction. The customer's accounts are locked first and the amount is checked against the
 * available cash read under that lock, so simultaneous requests take turns and can never
 * overdraw. The fee is fixed at the percentage in force now. The status follows the customer's
 * withdrawal settings: awaiting an e-mailed code, on hold (with the hold's reason), or pending.
 */
export async function createWithdrawal(
  tx: Db,
  customer: Customer,
  input: CreateWithdrawalRequest,
  now: Date,
): Promise<WithCodeMail<Withdrawal>> {
  const site = await requireSiteSettings(tx);
  const amountCents = toMinorUnits(input.amount);
  const locked = await lockCustomerAccounts(tx, [customer.userId]);
  const cash = locked.find((account) => account.kind === 'customer_cash');
  const checked = checkWithdrawalAmount({
    amountCents,
    availableCents: cash?.balanceMinor ?? 0n,
    minimumCents: site.minWithdrawalMinor,
  });
  if (!checked.ok) {
    const { code, message } = checked.error;
    throw new AppError(code, message);
  }

  const settings = await readWithdrawalSettings(tx, customer.userId);
  const status = initialWithdrawalStatus(settings);
  const { fee, net } = computeWithdrawalFee(amountCents, site.withdrawalFeeBps);
  const id = crypto.randomUUID();
  const payout: Payout = input;
  const [reservation] = await postEntries(
    tx,
    [
      reservationEntry({
        userId: customer.userId,
        amount: amountCents,
        withdrawalId: id,
        methodLabel: payoutMethodLabel(payout),
      }),
    ],
    { id: customer.userId, role: customer.role },
  );
  const issued = status === 'awaiting_confirmation' ? issueWithdrawalCode(id, now) : undefined;
  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      userId: customer.userId,
      amountMinor: amountCents,
      feeBps: site.withdrawalFeeBps,
      feeMinor: fee,
      netMinor: net,
      method: payout.method,
      details: payout.details,
      status,
      holdReason: status === 'on_hold' ? settings.holdReason : null,
      codeHash: issued?.codeHash ?? null,
      codeExpiresAt: issued?.codeExpiresAt ?? null,
      reservationEntryId: reservation?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('withdrawal was not stored');
  const mail = issued ? codeMail(row, await requireUserContact(tx, customer.userId), issued.code) : undefined;
  return { value: toWithdrawal(row), mail };
}

/** The customer's withdrawals, newest first, 5 a page. */
export async function listWithdrawals(db: Db, userId: string, page: number): Promise<WithdrawalPage> {
  const where = eq(withdrawals.userId, userId);
  const [counted] = await db.select({ total: count() }).from(withdrawals).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(WITHDRAWALS_PAGE_SIZE)
    .offset((page - 1) * WITHDRAWALS_PAGE_SIZE);
  return {
    items: rows.map(toWithdrawal),
    page,
    pageCount: pageCount(total, WITHDRAWALS_PAGE_SIZE),
    total,
  };
}

/** The customer's own withdrawal; another customer's is "not found", as if it did not exist. */
async function findOwnWithdrawal(db: Db, userId: string, id: string, lock: boolean): Promise<WithdrawalRow> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  const query = db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  return row;
}

export async function requireOwnWithdrawal(db: Db, userId: string, id: string): Promise<Withdrawal> {
  return toWithdrawal(await findOwnWithdrawal(db, userId, id, false));
}

/** Only a request awaiting its code can be confirmed or get a new code. */
function assertAwaitingConfirmation(row: WithdrawalRow): void {
  const status = rowStatus(row);
  if (status === 'awaiting_confirmation') return;
  const check = checkTransition(WITHDRAWAL_NEXT, status, 'pending');
  if (!check.ok && check.error.code === 'ALREADY_DECIDED') {
    throw new AppError('ALREADY_DECIDED', `This withdrawal was already ${status}.`);
  }
  throw new AppError('INVALID_TRANSITION', 'This withdrawal is already confirmed.');
}

/**
 * Checks the e-mailed code. A wrong code counts as a try, kept even though the request fails: the
 * fifth wrong try spends the code (the customer asks for a new one). An expired code says so. The
 * right code moves the request on: to pending, or on hold when the account has a hold by then.
 */
export async function confirmWithdrawal(
  db: Db,
  userId: string,
  id: string,
  code: string,
  now: Date,
): Promise<Withdrawal> {
  const outcome = await db.transaction(async (tx): Promise<Withdrawal | AppError> => {
    const row = await findOwnWithdrawal(tx, userId, id, true);
    assertAwaitingConfirmation(row);
    if (!row.codeHash || !row.codeExpiresAt)
      return new AppError('TOO_MANY_ATTEMPTS', WITHDRAWAL_MESSAGES.codeSpent);
    if (row.codeExpiresAt.getTime() <= now.getTime()) {
      return new AppError('INVALID_WITHDRAWAL_CODE', WITHDRAWAL_MESSAGES.codeExpired);
    }
    if (!matchesWithdrawalCode(row.id, code, row.codeHash)) {
      const attempts = row.codeAttempts + 1;
      const spent = attempts >= WITHDRAWAL_CODE_MAX_ATTEMPTS;
      await tx
        .update(withdrawals)
        .set({
          codeAttempts: attempts,
          ...(spent ? { codeHash: null, codeExpiresAt: null } : {}),
          updatedAt: now,
        })
        .where(eq(withdrawals.id, row.id));
      return spent
        ? new AppError('TOO_MANY_ATTEMPTS', WITHDRAWAL_MESSAGES.codeSpent)
        : new AppError('INVALID_WITHDRAWAL_CODE', WITHDRAWAL_MESSAGES.invalidCode);
    }
    const settings = await readWithdrawalSettings(tx, userId);
    const next = confirmedWithdrawalStatus(settings);
    const check = checkTransition(WITHDRAWAL_NEXT, 'awaiting_confirmation', next);
    if (!check.ok) throw new Error(`confirmation cannot move to ${next}`);
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: next,
        holdReason: next === 'on_hold' ? settings.holdReason : null,
        codeHash: null,
        codeExpiresAt: null,
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, row.id))
      .returning();
    if (!updated) throw new Error('withdrawal disappeared');
    return toWithdrawal(updated);
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}

/**
 * Issues a new code for a request awaiting confirmation (the old one stops working, the tries
 * start again). At most one code every 30 seconds, so codes cannot be guessed by asking for many.
 */
export async function resendWithdrawalCode(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<WithCodeMail<Withdrawal>> {
  return db.transaction(async (tx) => {
    const row = await findOwnWithdrawal(tx, userId, id, true);
    assertAwaitingConfirmation(row);
    const sentAt = row.codeExpiresAt ? row.codeExpiresAt.getTime() - WITHDRAWAL_CODE_TTL_MS : undefined;
    if (row.codeHash && sentAt !== undefined && now.getTime() - sentAt < WITHDRAWAL_CODE_RESEND_MS) {
      throw new AppError('RATE_LIMITED', WITHDRAWAL_MESSAGES.codeResendTooSoon);
    }
    const issued = issueWithdrawalCode(row.id, now);
    const [updated] = await tx
      .update(withdrawals)
      .set({
        codeHash: issued.codeHash,
        codeExpiresAt: issued.codeExpiresAt,
        codeAttempts: 0,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, row.id))
      .returning();
    if (!updated) throw new Error('withdrawal disappeared');
    const contact = await requireUserContact(tx, userId);
    return { value: toWithdrawal(updated), mail: codeMail(updated, contact, issued.code) };
  });
}
