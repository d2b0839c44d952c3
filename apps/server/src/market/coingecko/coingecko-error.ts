/**
 * Why a CoinGecko request failed:
 * - timeout: no complete answer within the per-request timeout;
 * - network: the connection failed (DNS, refused, reset);
 * - http: an answer with a non-2xx status (`status` says which);
 * - malformed: a 2xx answer that is not JSON or not in the documented shape;
 * - aborted: the caller cancelled the request (the source was stopped).
 */
export type CoinGeckoErrorKind = 'timeout' | 'network' | 'http' | 'malformed' | 'aborted';

export class CoinGeckoError extends Error {
  override readonly name = 'CoinGeckoError';
  readonly kind: CoinGeckoErrorKind;
  /** HTTP status for kind 'http'. */
  readonly status: number | undefined;
  /** How many attempts were made before giving up. */
  readonly attempts: number;

  constructor(
    kind: CoinGeckoErrorKind,
    message: string,
    details: { status?: number; attempts?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: details.cause });
    this.kind = kind;
    this.status = details.status;
    this.attempts = details.attempts ?? 1;
  }

  /** Worth another attempt: the failure may be temporary. */
  get retryable(): boolean {
    if (this.kind === 'timeout' || this.kind === 'network') return true;
    return this.kind === 'http' && this.status !== undefined && (this.status === 429 || this.status >= 500);
  }

  /** The same error after `attempts` attempts, with the count in the message. */
  withAttempts(attempts: number): CoinGeckoError {
    const suffix = attempts > 1 ? ` (gave up after ${attempts} attempts)` : '';
    return new CoinGeckoError(this.kind, `${this.message}${suffix}`, {
      status: this.status,
      attempts,
      cause: this.cause,
    });
  }
}

export function isCoinGeckoError(error: unknown): error is CoinGeckoError {
  return error instanceof CoinGeckoError;
}
