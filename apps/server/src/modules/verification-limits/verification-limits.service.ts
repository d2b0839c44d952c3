import {
  VERIFICATION_LIMIT_DAYS,
  VERIFICATION_LIMIT_MESSAGES,
  type VerificationAllowance,
} from '@candor/contracts/verification-limits';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';
import {
  findIdentityStatus,
  type IdentityStatus,
  sumDepositsSince,
  sumWithdrawalsSince,
} from './verification-limits.repository.ts';

const WINDOW_MS = VERIFICATION_LIMIT_DAYS * 24 * 60 * 60 * 1000;

/** The start of the 30-day window ending at `now`: a request made exactly 30 days ago no longer counts. */
export function limitWindowStart(now: Date): Date {
  return new Date(now.getTime() - WINDOW_MS);
}

/** Only a verified identity lifts the limits (pending, declined and unverified accounts are limited). */
export function isIdentityLimited(status: IdentityStatus | undefined): boolean {
  return status !== 'verified';
}

function remaining(limit: bigint, used: bigint): bigint {
  return limit > used ? limit - used : 0n;
}

/**
 * Issue 12: refuses a deposit of `amountMinor` that would take an unverified account's deposits of
 * the last 30 days (not rejected) above the limit in Settings (VERIFICATION_LIMIT, 422). Call inside
 * the deposit's transaction, before the deposit is inserted: it locks the customer's ledger accounts
 * first (as postEntries does), so two submissions at once take turns and the second counts the first.
 */
export async function requireDepositWithinIdentityLimit(
  tx: Db,
  { userId, amountMinor, now }: { userId: string; amountMinor: bigint; now: Date },
): Promise<void> {
  if (!isIdentityLimited(await findIdentityStatus(tx, userId))) return;
  await lockCustomerAccounts(tx, [userId]);
  const site = await requireSiteSettings(tx);
  const used = await sumDepositsSince(tx, userId, limitWindowStart(now));
  if (used + amountMinor > site.unverifiedDepositLimitMinor) {
    throw new AppError(
      'VERIFICATION_LIMIT',
      VERIFICATION_LIMIT_MESSAGES.depositOverLimit(
        site.unverifiedDepositLimitMinor,
        remaining(site.unverifiedDepositLimitMinor, used),
      ),
    );
  }
}

/**
 * Issue 12: refuses a withdrawal request of an unverified account outright while Settings say
 * withdrawals need a verified identity (IDENTITY_REQUIRED, 403); otherwise refuses one that would
 * take its withdrawals of the last 30 days (`used`: neither rejected nor cancelled, summed under the
 * customer's account lock so two requests at once take turns) above the limit (VERIFICATION_LIMIT,
 * 422). Undefined when it may.
 */
export function withdrawalLimitRefusal({
  identityStatus,
  site,
  used,
  amountMinor,
}: {
  identityStatus: IdentityStatus | undefined;
  site: Pick<SiteSettingsRow, 'withdrawalsNeedVerifiedIdentity' | 'unverifiedWithdrawalLimitMinor'>;
  used: bigint;
  amountMinor: bigint;
}): AppError | undefined {
  if (!isIdentityLimited(identityStatus)) return undefined;
  if (site.withdrawalsNeedVerifiedIdentity)
    return new AppError('IDENTITY_REQUIRED', VERIFICATION_LIMIT_MESSAGES.withdrawalsNeedIdentity);
  if (used + amountMinor <= site.unverifiedWithdrawalLimitMinor) return undefined;
  return new AppError(
    'VERIFICATION_LIMIT',
    VERIFICATION_LIMIT_MESSAGES.withdrawalOverLimit(
      site.unverifiedWithdrawalLimitMinor,
      remaining(site.unverifiedWithdrawalLimitMinor, used),
    ),
  );
}

/** What the customer may still deposit and withdraw in the current 30 days (for the forms; not a lock). */
export async function readVerificationAllowance(
  db: Db,
  userId: string,
  now: Date,
): Promise<VerificationAllowance> {
  const identityStatus = (await findIdentityStatus(db, userId)) ?? 'unverified';
  const site = await requireSiteSettings(db);
  if (!isIdentityLimited(identityStatus)) {
    return {
      identityStatus,
      limited: false,
      withdrawalsNeedVerifiedIdentity: site.withdrawalsNeedVerifiedIdentity,
      depositLimit: null,
      depositRemaining: null,
      withdrawalLimit: null,
      withdrawalRemaining: null,
    };
  }
  const since = limitWindowStart(now);
  const deposited = await sumDepositsSince(db, userId, since);
  const withdrawn = await sumWithdrawalsSince(db, userId, since);
  const withdrawalLimit = site.withdrawalsNeedVerifiedIdentity ? 0n : site.unverifiedWithdrawalLimitMinor;
  return {
    identityStatus,
    limited: true,
    withdrawalsNeedVerifiedIdentity: site.withdrawalsNeedVerifiedIdentity,
    depositLimit: formatDecimal(site.unverifiedDepositLimitMinor),
    depositRemaining: formatDecimal(remaining(site.unverifiedDepositLimitMinor, deposited)),
    withdrawalLimit: formatDecimal(withdrawalLimit),
    withdrawalRemaining: formatDecimal(remaining(withdrawalLimit, withdrawn)),
  };
}
