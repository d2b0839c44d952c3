import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { toMinorUnits } from '@candor/contracts/money';
import type { WithdrawalSettings } from '@candor/contracts/withdrawal-settings';
import {
  type CreateWithdrawalRequest,
  payoutMethodLabel,
  WITHDRAWAL_MESSAGES,
  WITHDRAWALS_PAGE_SIZE,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawalTerms,
} from '@candor/contracts/withdrawals';
import { cancellationEntry, type EntryDraft, reservationEntry } from '@candor/domain/ledger/entries';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import { checkWithdrawalAmount, computeWithdrawalFee } from '@candor/domain/withdrawals/withdrawal-amount';
import {
  initialWithdrawalStatus,
  WITHDRAWAL_NEXT,
  type WithdrawalStatus,
} from '@candor/domain/withdrawals/withdrawal-status';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { isUuid } from '../../lib/uuid.ts';
import { issueFreezeLink, withdrawalsRefusal } from '../account-security/account-security.service.ts';
import { approvalAuditAfter, approvalAuditBefore } from '../approvals/approval-rows.ts';
import {
  findApproval,
  findWaitingWithdrawalApproval,
  updateApproval,
} from '../approvals/approvals.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  expectPosted,
  lockCustomerAccounts,
  type PostedEntry,
  postEntries,
} from '../ledger/ledger.repository.ts';
import { readBalances } from '../ledger/ledger.service.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';
import { staffAccountMoneyRefusal } from '../users/users.service.ts';
import { sumWithdrawalsSince } from '../verification-limits/verification-limits.repository.ts';
import {
  isIdentityLimited,
  limitWindowStart,
  withdrawalLimitRefusal,
} from '../verification-limits/verification-limits.service.ts';
import { issueWithdrawalCode } from './withdrawal-codes.ts';
import { withdrawalMail } from './withdrawal-confirmation.service.ts';
import { toWithdrawal } from './withdrawal-rows.ts';
import { toWithdrawalSettings } from './withdrawal-settings.service.ts';
import {
  findWithdrawal,
  insertWithdrawals,
  type NewWithdrawalRow,
  selectOwnWithdrawalPage,
  selectWithdrawalRequestFacts,
  updateWithdrawal,
  type WithdrawalRequestFacts,
} from './withdrawals.repository.ts';

/** The minimum, the fee percentage, the available cash, what is owed on a loan and what can be withdrawn: what the form checks and shows. */
export async function readWithdrawalTerms(db: Db, userId: string): Promise<WithdrawalTerms> {
  const site = await requireSiteSettings(db);
  const balances = await readBalances(db, userId);
  return {
    minWithdrawal: formatDecimal(site.minWithdrawalMinor),
    withdrawalPercent: formatPercentBps(site.withdrawalFeeBps),
    available: balances.available,
    owed: balances.owed,
    withdrawable: balances.withdrawable,
  };
}

/**
 * Records a withdrawal request and reserves its amount. The customer's accounts are locked first
 * and the amount is checked against the available cash read under that lock, so simultaneous
 * requests take turns and can never overdraw. The fee is fixed at the percentage in force now. The
 * status follows the customer's withdrawal settings: awaiting an e-mailed code (sent once the
 * request is committed), on hold (with the hold's reason), or pending. A frozen account, or one
 * within 24 hours of a security change, is refused (read under the same lock a freeze takes). Every
 * request e-mails the customer (the code, or a notice) with a link that freezes withdrawals.
 */
export async function requestWithdrawal({
  tx,
  actor,
  now,
  outbox,
  input,
  publicUrl,
}: Command<{ outbox: Outbox; input: CreateWithdrawalRequest; publicUrl: string }>): Promise<Withdrawal> {
  const amountCents = toMinorUnits(input.amount);
  const locked = await lockCustomerAccounts(tx, [actor.id]);
  // Read under the account lock taken above (a freeze takes it too; issue 12's sum counts the
  // customer's earlier requests, which took it before this one), with the site's Settings.
  const { site, facts } = await selectWithdrawalRequestFacts(tx, [actor.id]);
  const fact = facts.get(actor.id);
  const used = needsWithdrawalSum(site, fact)
    ? await sumWithdrawalsSince(tx, actor.id, limitWindowStart(now))
    : 0n;
  const refusal = withdrawalRequestRefusal({ fact, used, amountCents, locked, site, now });
  if (refusal) throw refusal;
  if (!fact) throw new Error('withdrawalRequestRefusal refuses a missing account');

  const id = crypto.randomUUID();
  const [reservation] = expectPosted(await postEntries(tx, [reservationOf(id, actor.id, input)], actor));
  const settings = toWithdrawalSettings(fact.settings);
  const { values, code } = newWithdrawal({ id, userId: actor.id, input, site, settings, now, reservation });
  // The row and its freeze link are sent together (one round trip on PostgreSQL, db/client.ts): the
  // link names the row by its id, chosen here, and is stored after it.
  const [[row], freezeLink] = await Promise.all([
    insertWithdrawals(tx, [values]),
    issueFreezeLink(tx, { userId: actor.id, withdrawalId: id, now, publicUrl }),
  ]);
  if (!row) throw new Error('the withdrawal was not stored');
  outbox.send(withdrawalMail(row, fact.account, { code, freezeLink, siteName: site.siteName }));
  return toWithdrawal(row);
}

/** Whether a request must read the customer's 30-day sum: a limited account, while it may withdraw at all. */
export function needsWithdrawalSum(
  site: Pick<SiteSettingsRow, 'withdrawalsNeedVerifiedIdentity'>,
  fact: WithdrawalRequestFacts | undefined,
): boolean {
  return !site.withdrawalsNeedVerifiedIdentity && isIdentityLimited(fact?.account.identityStatus);
}

/**
 * Why a withdrawal request is refused, in this order, or undefined when it may be recorded: a staff
 * account (403: it holds no money, decision 062; its role read under the accounts' lock), the
 * account frozen or waiting after a security change (423), issue 12's identity rules (403, or 422
 * above the 30-day limit, `used` being the sum `needsWithdrawalSum` asks for), the amount (the
 * minimum, the cash in `locked`, a loan owed), and an account that does not exist.
 */
export function withdrawalRequestRefusal({
  fact,
  used,
  amountCents,
  locked,
  site,
  now,
}: {
  fact: WithdrawalRequestFacts | undefined;
  used: bigint;
  amountCents: bigint;
  locked: ReadonlyArray<{ kind: string; userId: string | null; balanceMinor: bigint }>;
  site: Pick<
    SiteSettingsRow,
    'minWithdrawalMinor' | 'withdrawalsNeedVerifiedIdentity' | 'unverifiedWithdrawalLimitMinor'
  >;
  now: Date;
}): AppError | undefined {
  return (
    (fact && fact.account.role !== 'client' ? staffAccountMoneyRefusal() : undefined) ??
    withdrawalsRefusal(fact?.protection, now) ??
    withdrawalLimitRefusal({
      identityStatus: fact?.account.identityStatus,
      site,
      used,
      amountMinor: amountCents,
    }) ??
    withdrawalAmountRefusal(amountCents, locked, site) ??
    (fact ? undefined : new AppError('USER_NOT_FOUND', 'User not found'))
  );
}

/**
 * Refuses an amount below the minimum or above the cash the customer may withdraw (their cash in
 * `locked`, read under the lock, less what they owe on a loan: issue 13, borrowed money can be
 * traded but not withdrawn); undefined when the amount may be withdrawn.
 */
export function withdrawalAmountRefusal(
  amountCents: bigint,
  locked: ReadonlyArray<{ kind: string; userId: string | null; balanceMinor: bigint }>,
  site: Pick<SiteSettingsRow, 'minWithdrawalMinor'>,
): AppError | undefined {
  const cash = locked.find((account) => account.kind === 'customer_cash');
  const loan = locked.find((account) => account.kind === 'customer_loan');
  const checked = checkWithdrawalAmount({
    amountCents,
    availableCents: cash?.balanceMinor ?? 0n,
    minimumCents: site.minWithdrawalMinor,
    owedCents: -(loan?.balanceMinor ?? 0n),
  });
  return checked.ok ? undefined : AppError.from(checked.error);
}

/** The reservation of a new withdrawal's amount (cash → reserved). */
export function reservationOf(
  withdrawalId: string,
  userId: string,
  input: CreateWithdrawalRequest,
): EntryDraft {
  return reservationEntry({
    userId,
    amount: toMinorUnits(input.amount),
    withdrawalId,
    methodLabel: payoutMethodLabel(input),
  });
}

/**
 * The row of a new withdrawal request: the fee fixed at the percentage in force, the status its
 * customer's settings give (a code to confirm, on hold with the hold's reason, or pending), and
 * the reservation's entry. Answers the plain code to e-mail when the request needs one (only its
 * hash is stored).
 */
export function newWithdrawal({
  id,
  userId,
  input,
  site,
  settings,
  now,
  reservation,
}: {
  id: string;
  userId: string;
  input: CreateWithdrawalRequest;
  site: Pick<SiteSettingsRow, 'withdrawalFeeBps'>;
  settings: WithdrawalSettings;
  now: Date;
  reservation: Pick<PostedEntry, 'id'> | undefined;
}): { values: NewWithdrawalRow; code: string | undefined } {
  const amountCents = toMinorUnits(input.amount);
  const status = initialWithdrawalStatus(settings);
  const { fee, net } = computeWithdrawalFee(amountCents, site.withdrawalFeeBps);
  const issued = status === 'awaiting_confirmation' ? issueWithdrawalCode(id, now) : undefined;
  return {
    values: {
      id,
      userId,
      amountMinor: amountCents,
      feeBps: site.withdrawalFeeBps,
      feeMinor: fee,
      netMinor: net,
      method: input.method,
      details: input.details,
      status,
      holdReason: status === 'on_hold' ? settings.holdReason : null,
      codeHash: issued?.codeHash ?? null,
      codeExpiresAt: issued?.codeExpiresAt ?? null,
      reservationEntryId: reservation?.id ?? null,
      createdAt: now,
      updatedAt: now,
    },
    code: issued?.code,
  };
}

/** Only an undecided request can be cancelled; a decided one says how it ended. */
const CANCEL: Transitions<WithdrawalStatus> = {
  next: WITHDRAWAL_NEXT,
  alreadyDecided: (from) => `This withdrawal was already ${from}.`,
  invalid: (from) => `This withdrawal cannot be cancelled: it is ${from}.`,
};

/**
 * The customer cancels their own request before it is decided (awaiting confirmation, on hold or
 * pending): the reserved amount returns to their cash at once, by a release entry, in the same
 * transaction. The row is locked first, as staff decisions lock it, so a cancellation and a staff
 * approval, rejection or release at the same moment take turns: the second finds the first's result
 * and is refused (409), and the money moves once. A four-eyes approval still waiting for the
 * request is closed as cancelled by the customer (not rejected: no staff member decided it), and the
 * audit log records it with the customer as actor (docs/decisions/057); it is locked before the
 * withdrawal, in the order an approval's decision locks them, so the two never deadlock.
 */
export async function cancelWithdrawal({ tx, actor, now, id }: Command<{ id: string }>): Promise<Withdrawal> {
  // Not an id at all (the approvals lookup below would hand it to a uuid column): not found.
  if (!isUuid(id)) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  const waiting = await findWaitingWithdrawalApproval(tx, id);
  if (waiting) await findApproval(tx, waiting.id, { lock: true });
  const row = await findWithdrawal(tx, id, { ownerId: actor.id, lock: true });
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  const to = requireTransition(CANCEL, row.status, 'cancelled');
  expectPosted(
    await postEntries(
      tx,
      [cancellationEntry({ userId: row.userId, amount: row.amountMinor, withdrawalId: row.id })],
      actor,
    ),
  );
  const updated = await updateWithdrawal(tx, row.id, {
    status: to,
    decidedBy: actor.id,
    decidedAt: now,
    decisionReason: null,
    codeHash: null,
    codeExpiresAt: null,
    updatedAt: now,
  });
  const stillWaiting = await findWaitingWithdrawalApproval(tx, row.id);
  if (stillWaiting) {
    // Closed as the customer's cancellation, not as a rejection: no staff member decided it.
    const closed = await updateApproval(tx, stillWaiting.id, {
      status: 'cancelled',
      cancelledBy: 'customer',
      checkerReason: APPROVAL_MESSAGES.cancelledByCustomer,
      decidedAt: now,
    });
    await recordAudit(tx, {
      actor,
      action: 'approval.cancel',
      targetType: 'approval',
      targetId: closed.id,
      subjectUserId: row.userId,
      reason: APPROVAL_MESSAGES.cancelledByCustomer,
      before: approvalAuditBefore(stillWaiting),
      after: approvalAuditAfter(closed),
    });
  }
  return toWithdrawal(updated);
}

/** The customer's withdrawals, newest first, 5 a page. */
export async function listWithdrawals(db: Db, userId: string, page: number): Promise<WithdrawalPage> {
  const found = await selectOwnWithdrawalPage(db, userId, { page, pageSize: WITHDRAWALS_PAGE_SIZE });
  return mapPage(found, toWithdrawal);
}

/** The customer's own withdrawal; another customer's is "not found", as if it did not exist. */
export async function requireOwnWithdrawal(db: Db, userId: string, id: string): Promise<Withdrawal> {
  const row = await findWithdrawal(db, id, { ownerId: userId });
  if (!row) throw new AppError('NOT_FOUND', WITHDRAWAL_MESSAGES.notFound);
  return toWithdrawal(row);
}
