import { DOMAIN_ERROR_CODES } from '@candor/domain/errors';
import { z } from 'zod';

/** Every machine-readable error the API can answer with. The server maps each to one HTTP status. */
export const ERROR_CODES = [
  // The domain's codes first: every expected failure of a rule is also an API error.
  ...DOMAIN_ERROR_CODES,
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'CONFLICT',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  // Passkeys (issue 11): adding one needs a recent sign-in.
  'REAUTHENTICATION_REQUIRED',
  'WRONG_PASSWORD',
  // Staff passwords (decision 049): a guessable one is refused, and a staff sign-in with one too.
  'WEAK_PASSWORD',
  'PASSWORD_CHANGE_REQUIRED',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'FILE_REQUIRED',
  // A file chosen but empty (0 bytes), told apart from no file chosen (decision 060, 2026-12-01).
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'INVALID_TOKEN',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_CLOSED',
  'ACCOUNT_STATUS_UNCHANGED',
  'ACCOUNT_NOT_CLOSABLE',
  'QUOTE_EXPIRED',
  'IDEMPOTENCY_KEY_REUSED',
  'INVALID_WITHDRAWAL_CODE',
  'WALLET_NOT_CONFIGURED',
  'PRICE_UNAVAILABLE',
  // Four-eyes approval (issue 10).
  'MAKER_CANNOT_APPROVE',
  'AWAITING_SECOND_APPROVAL',
  // Withdrawal protections (issue 11): a 24-hour wait after a security change, a freeze.
  'WITHDRAWALS_PAUSED',
  'WITHDRAWALS_FROZEN',
  // No payment is ever needed to withdraw: a text staff write for the customer cannot ask for one,
  // nor send them to a chat outside the platform (where such payments are asked for).
  'PAYMENT_DEMAND',
  // Trust (issue 11): a state-changing request sent from another site.
  'FORBIDDEN_ORIGIN',
  // Two-factor sign-in (issue 11).
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_CODE_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_CHALLENGE_EXPIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'TWO_FACTOR_NOT_ENABLED',
  // Identity verification (issue 12).
  'VERIFICATION_PENDING',
  'VERIFICATION_CLAIMED',
  'LINK_EXPIRED',
  // Identity limits (issue 12): withdrawals need a verified identity; an unverified account's 30-day limits.
  'IDENTITY_REQUIRED',
  'VERIFICATION_LIMIT',
  // Plans and loans (issue 13).
  'RETURN_PROMISE',
  'PLAN_NOT_ON_SALE',
  'PLAN_ALREADY_ACTIVE',
  'LOAN_REQUIREMENTS_NOT_MET',
  'LOAN_ALREADY_OPEN',
  // Copy trading (issue 14).
  'MINIMUM_BALANCE_NOT_MET',
  'ALREADY_COPYING',
  'PROVIDER_NOT_ACTIVE',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorResponseSchema = z
  .object({
    code: ErrorCodeSchema,
    message: z.string(),
    /**
     * A second sentence shown under the message. Only a failed sign-in has one: the account's
     * password was set through a reset link the site's operator issued (docs/decisions/019).
     */
    notice: z.string().optional(),
  })
  .meta({ id: 'ErrorResponse', description: 'Every error the API returns' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** PRODUCT.md §2 Dashboard: what an inactive (suspended) customer reads, also when a money request is refused. */
export const INACTIVE_ACCOUNT_MESSAGE =
  'Your account is currently inactive, please message any of our support agent to activate your account.';
