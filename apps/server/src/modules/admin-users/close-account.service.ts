import {
  type AccountStatusRequest,
  CLOSE_ACCOUNT_REFUSALS,
  CLOSE_AFTER_ADJUSTMENT_DAYS,
  type CloseCheck,
  type ClosedAccount,
} from '@candor/contracts/account-status';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockActiveRelationsOfFollower } from '../copy-trading/copy-trading.repository.ts';
import { endCopyingOfClosedAccount } from '../copy-trading/copy-trading.service.ts';
import { findLatestDepositRejectionSince } from '../deposits/deposits.repository.ts';
import {
  findLatestAdjustmentSince,
  lockCustomerAccounts,
  selectBalanceFigures,
} from '../ledger/ledger.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { requireUser } from '../users/users.service.ts';
import { accountClosedNotice } from './account-closed-notice.ts';
import {
  anonymiseUser,
  blankWithdrawalDetails,
  countOpenBusiness,
  deleteIdempotencyKeys,
  deleteKeptMailTo,
  deleteSignInData,
  forgetOwnedFiles,
} from './account-status.repository.ts';
import { requireLockedCustomer, requireOpenCustomer } from './account-status.service.ts';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;

/**
 * When an account whose latest manual adjustment (or deposit rejection) happened at `at` can be
 * closed: CLOSE_AFTER_ADJUSTMENT_DAYS later, rounded up to the minute the refusal names.
 */
function closableAfter(at: Date): Date {
  const end = at.getTime() + CLOSE_AFTER_ADJUSTMENT_DAYS * DAY_MS;
  return new Date(Math.ceil(end / MINUTE_MS) * MINUTE_MS);
}

/** What a close must wait for, if anything: a recent manual adjustment, or a recent deposit rejection. */
type CloseWait = { cause: 'adjustment' | 'deposit_rejection'; closableFrom: Date };

/**
 * Whether the account must wait before it can be closed (docs/decisions/046): the customer was told
 * of a manual adjustment, or of a deposit rejected, less than CLOSE_AFTER_ADJUSTMENT_DAYS ago and
 * must have had time to object before their access (and their Messages) end. The later wait wins;
 * undefined when none applies. Read under the user row's and accounts' locks: an adjustment racing
 * the close commits first and is seen, or waits and finds the account closed; a deposit being
 * rejected meanwhile is still pending to the close, which is refused for it.
 */
async function findCloseWait(tx: Db, userId: string, now: Date): Promise<CloseWait | undefined> {
  // A minute more than the window, for the rounding up of closableAfter.
  const since = new Date(now.getTime() - CLOSE_AFTER_ADJUSTMENT_DAYS * DAY_MS - MINUTE_MS);
  // Two reads that do not wait on each other: sent together, one round trip on PostgreSQL.
  const [adjusted, rejected] = await Promise.all([
    findLatestAdjustmentSince(tx, userId, since),
    findLatestDepositRejectionSince(tx, userId, since),
  ]);
  const waits: CloseWait[] = [];
  if (adjusted) waits.push({ cause: 'adjustment', closableFrom: closableAfter(adjusted) });
  if (rejected) waits.push({ cause: 'deposit_rejection', closableFrom: closableAfter(rejected) });
  const latest = waits
    .filter((wait) => now < wait.closableFrom)
    .sort((a, b) => b.closableFrom.getTime() - a.closableFrom.getTime())[0];
  return latest;
}

/**
 * Every reason the account cannot be closed yet, in the order of CLOSE_ACCOUNT_REFUSALS, one
 * sentence each; empty when nothing is left in it. Reserved money is named by what holds it: the
 * margin of open positions and the amount of undecided withdrawals with those, and only what is
 * reserved for neither on its own.
 */
function closeRefusals(
  business: Awaited<ReturnType<typeof countOpenBusiness>>,
  money: { cash: bigint; reserved: bigint; owed: bigint },
): string[] {
  const refusals: string[] = [];
  if (business.openTrades > 0) {
    refusals.push(CLOSE_ACCOUNT_REFUSALS.openPositions(business.openTrades, business.openMarginMinor));
  }
  if (business.pendingDeposits > 0) {
    refusals.push(CLOSE_ACCOUNT_REFUSALS.pendingDeposits(business.pendingDeposits));
  }
  if (business.undecidedWithdrawals > 0) {
    refusals.push(
      CLOSE_ACCOUNT_REFUSALS.pendingWithdrawals(
        business.undecidedWithdrawals,
        business.undecidedWithdrawalsMinor,
      ),
    );
  }
  if (business.waitingApprovals > 0) {
    refusals.push(CLOSE_ACCOUNT_REFUSALS.waitingApprovals(business.waitingApprovals));
  }
  if (business.pendingLoanApplications > 0) {
    refusals.push(CLOSE_ACCOUNT_REFUSALS.pendingLoanApplications(business.pendingLoanApplications));
  }
  if (money.owed !== 0n) refusals.push(CLOSE_ACCOUNT_REFUSALS.loanOwed(money.owed));
  if (money.cash !== 0n) refusals.push(CLOSE_ACCOUNT_REFUSALS.balance(money.cash));
  const reservedOtherwise = money.reserved - business.openMarginMinor - business.undecidedWithdrawalsMinor;
  if (reservedOtherwise !== 0n) refusals.push(CLOSE_ACCOUNT_REFUSALS.reserved(reservedOtherwise));
  return refusals;
}

/**
 * Everything that stands in the way of closing the account at `now`, given its money: what it
 * holds (`closeRefusals`), then a wait after a recent adjustment or deposit rejection. Empty when it
 * can be closed.
 */
async function findCloseRefusals(
  tx: Db,
  userId: string,
  now: Date,
  money: { cash: bigint; reserved: bigint; owed: bigint },
): Promise<string[]> {
  const refusals = closeRefusals(await countOpenBusiness(tx, userId), money);
  const wait = await findCloseWait(tx, userId, now);
  if (wait) {
    const closableFrom = wait.closableFrom.toISOString();
    refusals.push(
      wait.cause === 'adjustment'
        ? CLOSE_ACCOUNT_REFUSALS.recentAdjustment(closableFrom)
        : CLOSE_ACCOUNT_REFUSALS.recentDepositRejection(closableFrom),
    );
  }
  return refusals;
}

/**
 * What would refuse closing the customer's account now, read without locking anything: the Close
 * account dialog shows it before asking for a reason, so staff do not write one only to be refused.
 * The close itself checks again under its locks (`closeAccount`), which decides. A closed account
 * or a staff account is refused as the close refuses it.
 */
export async function checkAccountClosable(db: Db, userId: string, now: Date): Promise<CloseCheck> {
  requireOpenCustomer(await requireUser(db, userId));
  const figures = await selectBalanceFigures(db, userId);
  const refusals = await findCloseRefusals(db, userId, now, {
    cash: figures.available,
    reserved: figures.reserved,
    owed: figures.owed,
  });
  return { refusals };
}

/** A closed account, and the storage keys of its files, whose bytes go once the close has committed. */
export type ClosedAccountResult = { closed: ClosedAccount; storageKeys: string[] };

/**
 * Closes a customer's account (PRODUCT.md §2, docs/decisions/014-closing-accounts.md): only with
 * nothing left in it (no open position, no pending deposit, no undecided withdrawal, no request
 * awaiting a second approval, zero cash and
 * zero reserved, no manual adjustment and no deposit rejected in the last CLOSE_AFTER_ADJUSTMENT_DAYS days), otherwise
 * ACCOUNT_NOT_CLOSABLE naming everything that stands in the way, one sentence each. The customer is mailed at the address the
 * account had, with the reason (docs/decisions/046). Closing erases the
 * personal data (name, e-mail, username, picture, password, sessions, sign-in history, kept mail,
 * payout details, files) and keeps the ledger, trades, deposits, withdrawals and audit rows,
 * linked to the anonymised account. Audited with the e-mail it had and what was erased, counted.
 *
 * Copy trading ends with the account (issue 14): its active copy relations as a follower stop
 * ("account closed"), and a strategy provider record that is invited or active is removed as
 * delete trader does (its followers are told).
 *
 * The locks (docs/decisions/055): the follower's active copy relations (the order a copy job takes
 * a relation and then the follower's accounts), then the user row FOR NO KEY UPDATE, then the
 * customer's ledger accounts (created if missing). Every writer of something the checks read takes
 * one of them before it writes: a deposit submission, a loan application, a copy started, a manual
 * adjustment and a desk trade accepted share-lock the user row first (and then see the account
 * closed); a posting, trade or withdrawal request locks the accounts (and after a close finds no
 * cash to use). So each either commits before the checks (and is seen) or waits for the close. The
 * row before the accounts is the order those share-locking writers take them in; the other order
 * deadlocked a close with a deposit submission that sums an unverified account's limit.
 */
export async function closeAccount({
  tx,
  actor,
  now,
  outbox,
  userId,
  reason,
}: Command<{ userId: string; outbox: Outbox } & AccountStatusRequest>): Promise<ClosedAccountResult> {
  await requireUser(tx, userId);
  await lockActiveRelationsOfFollower(tx, userId);
  const user = await requireLockedCustomer(tx, userId);
  const accounts = await lockCustomerAccounts(tx, [userId]);

  const balanceOf = (kind: string) =>
    accounts.filter((account) => account.kind === kind).reduce((sum, a) => sum + a.balanceMinor, 0n);
  const refusals = await findCloseRefusals(tx, userId, now, {
    cash: balanceOf('customer_cash'),
    reserved: balanceOf('customer_reserved'),
    owed: -balanceOf('customer_loan'),
  });
  if (refusals.length > 0) throw new AppError('ACCOUNT_NOT_CLOSABLE', refusals.join(' '));

  // To the address the account has until the erasure below. The outbox records it at the end of the
  // transaction, after the kept mail is erased, and for no account (by then the address is no longer
  // the account's): it is sent once the close has committed (with SMTP), then loses its bodies
  // (docs/decisions/046).
  outbox.send(
    accountClosedNotice({
      to: user.email,
      name: user.name,
      reason,
      at: now,
      siteName: await readSiteName(tx),
    }),
  );

  const signInData = await deleteSignInData(tx, userId);
  const keptMail = await deleteKeptMailTo(tx, user.email, user.id);
  const payoutDetails = await blankWithdrawalDetails(tx, userId);
  const storedAnswers = await deleteIdempotencyKeys(tx, userId);
  const storageKeys = await forgetOwnedFiles(tx, userId);
  await anonymiseUser(tx, userId, { reason, now });
  const copying = await endCopyingOfClosedAccount({ tx, actor, now, outbox, userId });
  await recordAudit(tx, {
    actor,
    action: 'user.close',
    targetType: 'user',
    targetId: userId,
    reason,
    // The e-mail it had, so the closed account can still be traced (anti-money-laundering
    // retention); the rest of the erased data is only counted.
    before: { status: user.status, email: user.email },
    after: {
      status: 'closed',
      erased: { ...signInData, keptMail, payoutDetails, storedAnswers, files: storageKeys.length },
      copyRelationsStopped: copying.followed,
      strategyProviderRemoved: copying.providerRemoved,
    },
  });
  return { closed: { id: userId, status: 'closed', closedAt: now.toISOString() }, storageKeys };
}
