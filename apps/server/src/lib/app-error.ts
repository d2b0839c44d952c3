import type { ErrorCode } from '@candor/contracts/errors';
import type { DomainError } from '@candor/domain/errors';

/**
 * An expected failure of a use case, answered as `{ code, message }` with the status of its code.
 * It is thrown once, by the use case, and caught only by the error handler.
 */
export class AppError extends Error {
  /** Seconds the client should wait before trying again, sent as `Retry-After` (429 answers). */
  readonly retryAfterSeconds: number | undefined;
  /** A second sentence the client shows under the message (`ErrorResponse.notice`). */
  readonly notice: string | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { retryAfterSeconds?: number; notice?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.notice = options.notice;
  }

  /** A domain rule's refusal, as the API answers it (its code is one of the API's). */
  static from(error: DomainError): AppError {
    return new AppError(error.code, error.message);
  }
}

/** The one table from error code to HTTP status: the compiler checks it covers every code. */
export const STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  REAUTHENTICATION_REQUIRED: 403,
  FORBIDDEN: 403,
  FORBIDDEN_ORIGIN: 403,
  ACCOUNT_INACTIVE: 403,
  ACCOUNT_CLOSED: 403,
  WRONG_PASSWORD: 403,
  WEAK_PASSWORD: 400,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  CONFLICT: 409,
  ACCOUNT_STATUS_UNCHANGED: 409,
  ACCOUNT_NOT_CLOSABLE: 409,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  FILE_REQUIRED: 400,
  FILE_EMPTY: 400,
  INVALID_TOKEN: 400,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  INSUFFICIENT_FUNDS: 422,
  BELOW_MINIMUM_WITHDRAWAL: 422,
  ALREADY_DECIDED: 409,
  INVALID_TRANSITION: 409,
  QUOTE_EXPIRED: 410,
  IDEMPOTENCY_KEY_REUSED: 422,
  INVALID_WITHDRAWAL_CODE: 400,
  WALLET_NOT_CONFIGURED: 409,
  PRICE_UNAVAILABLE: 503,
  RETURN_PROMISE: 422,
  PAYMENT_DEMAND: 422,
  PLAN_NOT_ON_SALE: 409,
  PLAN_ALREADY_ACTIVE: 409,
  LOAN_REQUIREMENTS_NOT_MET: 422,
  LOAN_ALREADY_OPEN: 409,
  MINIMUM_BALANCE_NOT_MET: 422,
  ALREADY_COPYING: 409,
  PROVIDER_NOT_ACTIVE: 409,
  MAKER_CANNOT_APPROVE: 403,
  VERIFICATION_PENDING: 409,
  VERIFICATION_CLAIMED: 409,
  LINK_EXPIRED: 403,
  AWAITING_SECOND_APPROVAL: 409,
  WITHDRAWALS_PAUSED: 423,
  WITHDRAWALS_FROZEN: 423,
  TWO_FACTOR_REQUIRED: 403,
  TWO_FACTOR_CODE_REQUIRED: 400,
  INVALID_TWO_FACTOR_CODE: 400,
  TWO_FACTOR_CHALLENGE_EXPIRED: 400,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  TWO_FACTOR_NOT_ENABLED: 409,
  IDENTITY_REQUIRED: 403,
  VERIFICATION_LIMIT: 422,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;
