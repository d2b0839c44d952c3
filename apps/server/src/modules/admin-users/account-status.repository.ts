import { CLOSED_ACCOUNT_NAME } from '@candor/contracts/account-status';
import type { UserStatus } from '@candor/contracts/auth';
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvals } from '../../db/schema/approvals.ts';
import { accounts, sessions, signIns, users, verifications } from '../../db/schema/auth.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';
import { loanApplications } from '../../db/schema/loans.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { knownBrowsers, signInUnlocks } from '../../db/schema/sign-in-trust.ts';
import { trades } from '../../db/schema/trades.ts';
import { identitySubmissions } from '../../db/schema/verifications.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';

/**
 * The queries of suspending and closing an account. Closing erases a customer's personal data
 * from several modules' tables in one transaction; those queries are kept together here, beside
 * the use case, so what a closed account keeps and loses is read in one file
 * (docs/decisions/014-closing-accounts.md).
 */

export async function updateUserStatus(
  tx: Db,
  id: string,
  { status, reason, now }: { status: UserStatus; reason: string | null; now: Date },
): Promise<void> {
  await tx.update(users).set({ status, statusReason: reason, updatedAt: now }).where(eq(users.id, id));
}

/**
 * What a customer holds: open positions (and the margin they reserve), pending deposits, undecided
 * withdrawals (and the amount they reserve), requests awaiting a second approval, pending loan
 * applications, and traders they copy (a close ends those; a staff role is refused while there is
 * any). Read it under the customer's user row and ledger account locks (docs/decisions/055).
 */
export async function countOpenBusiness(
  tx: Db,
  userId: string,
): Promise<{
  openTrades: number;
  openMarginMinor: bigint;
  pendingDeposits: number;
  undecidedWithdrawals: number;
  undecidedWithdrawalsMinor: bigint;
  waitingApprovals: number;
  pendingLoanApplications: number;
  copiedTraders: number;
}> {
  const [row] = await tx
    .select({
      openTrades: sql<number>`(select count(*)::int from ${trades} where ${trades.userId} = ${userId} and ${trades.status} = 'open')`,
      openMarginMinor: sql<string>`(select coalesce(sum(${trades.amountMinor}), 0)::text from ${trades} where ${trades.userId} = ${userId} and ${trades.status} = 'open')`,
      pendingDeposits: sql<number>`(select count(*)::int from ${deposits} where ${deposits.userId} = ${userId} and ${deposits.status} = 'pending')`,
      undecidedWithdrawals: sql<number>`(select count(*)::int from ${withdrawals} where ${withdrawals.userId} = ${userId} and ${withdrawals.status} in ('awaiting_confirmation', 'on_hold', 'pending'))`,
      undecidedWithdrawalsMinor: sql<string>`(select coalesce(sum(${withdrawals.amountMinor}), 0)::text from ${withdrawals} where ${withdrawals.userId} = ${userId} and ${withdrawals.status} in ('awaiting_confirmation', 'on_hold', 'pending'))`,
      waitingApprovals: sql<number>`(select count(*)::int from ${approvals} where ${approvals.userId} = ${userId} and ${approvals.status} = 'awaiting')`,
      pendingLoanApplications: sql<number>`(select count(*)::int from ${loanApplications} where ${loanApplications.userId} = ${userId} and ${loanApplications.status} = 'pending')`,
      copiedTraders: sql<number>`(select count(*)::int from ${copyRelations} where ${copyRelations.followerUserId} = ${userId} and ${copyRelations.status} = 'active')`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('the counts were not read');
  return {
    openTrades: Number(row.openTrades),
    openMarginMinor: BigInt(row.openMarginMinor),
    pendingDeposits: Number(row.pendingDeposits),
    undecidedWithdrawals: Number(row.undecidedWithdrawals),
    undecidedWithdrawalsMinor: BigInt(row.undecidedWithdrawalsMinor),
    waitingApprovals: Number(row.waitingApprovals),
    pendingLoanApplications: Number(row.pendingLoanApplications),
    copiedTraders: Number(row.copiedTraders),
  };
}

/**
 * Replaces the account's personal data: the name becomes "Closed account", the e-mail a
 * placeholder no one can receive mail at (so the real address can sign up again), the username,
 * picture and image are removed.
 */
export async function anonymiseUser(
  tx: Db,
  id: string,
  { reason, now }: { reason: string; now: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      name: CLOSED_ACCOUNT_NAME,
      email: closedAccountEmail(id),
      emailVerified: false,
      username: null,
      displayUsername: null,
      image: null,
      profileImageFileId: null,
      status: 'closed',
      statusReason: reason,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

/** The e-mail placeholder of a closed account: unique, and in a domain reserved never to resolve (RFC 2606). */
export function closedAccountEmail(id: string): string {
  return `closed-${id}@closed.invalid`;
}

/** Signs the account out everywhere and removes its password and passkeys, sign-in history and pending tokens. */
export async function deleteSignInData(
  tx: Db,
  userId: string,
): Promise<{ sessions: number; credentials: number; signIns: number; tokens: number }> {
  const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  const credentials = await tx
    .delete(accounts)
    .where(eq(accounts.userId, userId))
    .returning({ id: accounts.id });
  const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  const history = await tx.delete(signIns).where(eq(signIns.userId, userId)).returning({ id: signIns.id });
  // The browsers it knew and its unlock links go with its sign-ins (hashes only, not counted).
  await tx.delete(knownBrowsers).where(eq(knownBrowsers.userId, userId));
  await tx.delete(signInUnlocks).where(eq(signInUnlocks.userId, userId));
  // better-auth keeps a password-reset token with the user's id as its value.
  const tokens = await tx
    .delete(verifications)
    .where(eq(verifications.value, userId))
    .returning({ id: verifications.id });
  return {
    sessions: ended.length,
    credentials: credentials.length + keys.length,
    signIns: history.length,
    tokens: tokens.length,
  };
}

/** Mail addressed to the account or kept for it (names, links): removed, envelopes included. */
export async function deleteKeptMailTo(tx: Db, address: string, userId: string): Promise<number> {
  const removed = await tx
    .delete(mailOutbox)
    .where(or(eq(mailOutbox.toAddress, address), eq(mailOutbox.userId, userId)))
    .returning({ id: mailOutbox.id });
  return removed.length;
}

/**
 * Blanks the payout details of the account's withdrawals (bank account, names, addresses, e-mail,
 * tags): every detail becomes an empty string but the coin of a crypto payout. Amounts, fees,
 * statuses and decisions stay.
 */
export async function blankWithdrawalDetails(tx: Db, userId: string): Promise<number> {
  const blanked = await tx
    .update(withdrawals)
    .set({
      details: sql`(select coalesce(jsonb_object_agg(d.key, case when d.key = 'coin' then d.value else to_jsonb(''::text) end), '{}'::jsonb) from jsonb_each(${withdrawals.details}) as d)`,
    })
    .where(eq(withdrawals.userId, userId))
    .returning({ id: withdrawals.id });
  return blanked.length;
}

/** Stored answers of the account's money requests (they may repeat payout details): removed. */
export async function deleteIdempotencyKeys(tx: Db, userId: string): Promise<number> {
  const removed = await tx
    .delete(idempotencyKeys)
    .where(eq(idempotencyKeys.actorId, userId))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/**
 * Forgets the account's files and answers the storage keys of all of them, whose bytes the caller
 * removes once the transaction has committed. A proof of payment stays recorded (content type and
 * size, no bytes) because its deposit refers to it.
 */
export async function forgetOwnedFiles(tx: Db, userId: string): Promise<string[]> {
  // The images of an approved identity verification stay for the legal retention period after the
  // close (anti-money-laundering rules): the daily verification retention job erases them later.
  const owned = await tx
    .select({ id: files.id, storageKey: files.storageKey })
    .from(files)
    .where(
      and(
        eq(files.ownerUserId, userId),
        notExists(
          tx
            .select({ id: identitySubmissions.id })
            .from(identitySubmissions)
            .where(
              and(
                eq(identitySubmissions.status, 'approved'),
                or(
                  eq(identitySubmissions.frontFileId, files.id),
                  eq(identitySubmissions.backFileId, files.id),
                ),
              ),
            ),
        ),
      ),
    );
  if (owned.length === 0) return [];
  await tx.delete(files).where(
    and(
      inArray(
        files.id,
        owned.map((file) => file.id),
      ),
      notExists(tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.proofFileId, files.id))),
    ),
  );
  return owned.map((file) => file.storageKey);
}
