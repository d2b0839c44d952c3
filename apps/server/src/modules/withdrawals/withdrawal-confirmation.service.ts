import {
  WITHDRAWAL_CODE_MAX_ATTEMPTS,
  WITHDRAWAL_CODE_RESEND_MS,
  WITHDRAWAL_CODE_TTL_MS,
  WITHDRAWAL_MESSAGES,
  type Withdrawal,
  type WithdrawalStatus,
} from '@candor/contracts/withdrawals';
import { formatUsd } from '@candor/domain/money/money';
import { err, ok, type Result } from '@candor/domain/result';
import { confirmedWithdrawalStatus, WITHDRAWAL_NEXT } from '@candor/domain/withdrawals/withdrawal-status';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { issueFreezeLink, requireWithdrawalsAllowed } from '../account-security/account-security.service.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import type { UserRow } from '../users/users.repository.ts';
import { requireUser } from '../users/users.service.ts';
import {
  issueWithdrawalCode,
  matchesWithdrawalCode,
  withdrawalCodeMessage,
  withdrawalNoticeMessage,
} from './withdrawal-codes.ts';
import { rowMethodLabel, toWithdrawal } from './withdrawal-rows.ts';
import { readWithdrawalSettings } from './withdrawal-settings.service.ts';
import { findWithdrawal, updateWithdrawal, type WithdrawalRow } from './withdrawals.repository.ts';

/**
 * The code step: only a request still awaiting its code can be confirmed or get a new code
 * (nothing ever moves back to awaiting_confirmation, so any other status is refused).
 */
const CODE_STEP: Transitions<WithdrawalStatus> = {
  next: WITHDRAWAL_NEXT,
  alreadyDecided: (from) => `This withdrawal was already ${from}.`,
  invalid: () => 'This withdrawal is already confirmed.',
};

/** The customer's own request awaiting its code, locked: NOT_FOUND, or refused as CODE_STEP says. */
async function lockAwaitingCode(tx: Db, actor: Actor, id: string): Promise<WithdrawalRow> {
  const row = await findWithdrawal(tx, id, { ownerId: actor.id, lock: true });
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  if (row.status !== 'awaiting_confirmation')
    requireTransition(CODE_STEP, row.status, 'awaiting_confirmation');
  return row;
}

/**
 * Puts the e-mail of a withdrawal in the outbox: the one carrying its `code` when it has one, else
 * the notice of a request that needs no code (pending or on hold); both with a link that freezes
 * withdrawals. It leaves once the transaction (and the code's hash) is committed. `siteName` is the
 * caller's, read in the same transaction.
 */
export async function sendWithdrawalMail(
  tx: Db,
  outbox: Outbox,
  row: WithdrawalRow,
  mail: { code: string | undefined; freezeLink: string; siteName: string },
): Promise<void> {
  outbox.send(withdrawalMail(row, await requireUser(tx, row.userId), mail));
}

/** The e-mail `sendWithdrawalMail` sends, to the customer who owns `row`. */
export function withdrawalMail(
  row: WithdrawalRow,
  customer: Pick<UserRow, 'id' | 'email' | 'name'>,
  { code, freezeLink, siteName }: { code: string | undefined; freezeLink: string; siteName: string },
): MailMessage {
  if (customer.id !== row.userId) throw new Error("a withdrawal's e-mail goes to its own customer");
  const about = {
    siteName,
    to: customer.email,
    userId: customer.id,
    name: customer.name,
    amount: formatUsd(row.amountMinor),
    method: rowMethodLabel(row),
    freezeLink,
  };
  return code === undefined ? withdrawalNoticeMessage(about) : withdrawalCodeMessage({ ...about, code });
}

/**
 * Checks the e-mailed code. A wrong code counts as a try, and the try is kept although the request
 * fails: the answer is a Result so the transaction commits it. The fifth wrong try spends the code
 * (the customer asks for a new one); an expired code says so. The right code moves the request on:
 * to pending, or on hold when the account has a hold by then.
 */
export async function confirmWithdrawal({
  tx,
  actor,
  now,
  id,
  code,
}: Command<{ id: string; code: string }>): Promise<Result<Withdrawal, AppError>> {
  const row = await lockAwaitingCode(tx, actor, id);
  await requireWithdrawalsAllowed(tx, actor.id, now);
  if (!row.codeHash || !row.codeExpiresAt) {
    return err(new AppError('TOO_MANY_ATTEMPTS', WITHDRAWAL_MESSAGES.codeSpent));
  }
  if (row.codeExpiresAt.getTime() <= now.getTime()) {
    return err(new AppError('INVALID_WITHDRAWAL_CODE', WITHDRAWAL_MESSAGES.codeExpired));
  }
  if (!matchesWithdrawalCode(row.id, code, row.codeHash)) {
    const attempts = row.codeAttempts + 1;
    const spent = attempts >= WITHDRAWAL_CODE_MAX_ATTEMPTS;
    await updateWithdrawal(tx, row.id, {
      codeAttempts: attempts,
      ...(spent ? { codeHash: null, codeExpiresAt: null } : {}),
      updatedAt: now,
    });
    return err(
      spent
        ? new AppError('TOO_MANY_ATTEMPTS', WITHDRAWAL_MESSAGES.codeSpent)
        : new AppError('INVALID_WITHDRAWAL_CODE', WITHDRAWAL_MESSAGES.invalidCode),
    );
  }
  const settings = await readWithdrawalSettings(tx, actor.id);
  const next = requireTransition(CODE_STEP, row.status, confirmedWithdrawalStatus(settings));
  const updated = await updateWithdrawal(tx, row.id, {
    status: next,
    holdReason: next === 'on_hold' ? settings.holdReason : null,
    codeHash: null,
    codeExpiresAt: null,
    codeAttempts: 0,
    updatedAt: now,
  });
  return ok(toWithdrawal(updated));
}

/**
 * Issues a new code for a request awaiting confirmation (the old one stops working, the tries
 * start again). At most one code every 30 seconds, so codes cannot be guessed by asking for many.
 */
export async function resendWithdrawalCode({
  tx,
  actor,
  now,
  outbox,
  id,
  publicUrl,
}: Command<{ outbox: Outbox; id: string; publicUrl: string }>): Promise<Withdrawal> {
  const row = await lockAwaitingCode(tx, actor, id);
  await requireWithdrawalsAllowed(tx, actor.id, now);
  const sentAt = row.codeExpiresAt ? row.codeExpiresAt.getTime() - WITHDRAWAL_CODE_TTL_MS : undefined;
  if (row.codeHash && sentAt !== undefined && now.getTime() - sentAt < WITHDRAWAL_CODE_RESEND_MS) {
    throw new AppError('RATE_LIMITED', WITHDRAWAL_MESSAGES.codeResendTooSoon);
  }
  const issued = issueWithdrawalCode(row.id, now);
  const updated = await updateWithdrawal(tx, row.id, {
    codeHash: issued.codeHash,
    codeExpiresAt: issued.codeExpiresAt,
    codeAttempts: 0,
    updatedAt: now,
  });
  const freezeLink = await issueFreezeLink(tx, { userId: actor.id, withdrawalId: row.id, now, publicUrl });
  await sendWithdrawalMail(tx, outbox, updated, {
    code: issued.code,
    freezeLink,
    siteName: await readSiteName(tx),
  });
  return toWithdrawal(updated);
}
