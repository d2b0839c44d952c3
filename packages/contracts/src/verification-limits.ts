import { formatUsd } from '@candor/domain/money/money';
import { z } from 'zod';
import { IdentityStatusSchema } from './auth.ts';

/** Issue 12: the window over which an unverified account's deposits and withdrawals are summed. */
export const VERIFICATION_LIMIT_DAYS = 30;

/** Where a customer verifies their identity (lifts the limits). */
export const IDENTITY_PATH = '/identity';

/**
 * What the signed-in customer may still deposit and withdraw before verifying their identity
 * (GET /api/verification-limits). Amounts are dollars as decimal strings; null = no limit.
 */
export const VerificationAllowanceSchema = z
  .object({
    identityStatus: IdentityStatusSchema,
    /** True when the limits below apply (the account is not verified). */
    limited: z.boolean(),
    /** Withdrawals are refused outright until the identity is verified. */
    withdrawalsNeedVerifiedIdentity: z.boolean(),
    depositLimit: z.string().nullable(),
    depositRemaining: z.string().nullable(),
    withdrawalLimit: z.string().nullable(),
    withdrawalRemaining: z.string().nullable(),
  })
  .meta({ id: 'VerificationAllowance' });
export type VerificationAllowance = z.infer<typeof VerificationAllowanceSchema>;

/**
 * How a refusal names the Identity page: the server (and its e-mails) write the path out; the web
 * shows these words as "Verify your identity", a link to the page.
 */
export const VERIFY_IDENTITY_AT = `Verify your identity at ${IDENTITY_PATH}`;

/** Why a deposit above an unverified account's 30-day limit is refused, without the way out. */
export function describeDepositOverLimit(limitMinor: bigint, remainingMinor: bigint): string {
  return (
    `Unverified accounts can deposit at most ${formatUsd(limitMinor)} in ${VERIFICATION_LIMIT_DAYS} days; ` +
    `you can deposit ${formatUsd(remainingMinor)} more.`
  );
}

/** The refusals (and notices) of the identity limits; each names /identity as the way out. */
export const VERIFICATION_LIMIT_MESSAGES = {
  withdrawalsNeedIdentity: `Withdrawals need a verified identity. ${VERIFY_IDENTITY_AT} to withdraw.`,
  depositOverLimit: (limitMinor: bigint, remainingMinor: bigint) =>
    `${describeDepositOverLimit(limitMinor, remainingMinor)} ${VERIFY_IDENTITY_AT} to lift this limit.`,
  withdrawalOverLimit: (limitMinor: bigint, remainingMinor: bigint) =>
    `Unverified accounts can withdraw at most ${formatUsd(limitMinor)} in ${VERIFICATION_LIMIT_DAYS} days; ` +
    `you can withdraw ${formatUsd(remainingMinor)} more. ${VERIFY_IDENTITY_AT} to lift this limit.`,
} as const;
