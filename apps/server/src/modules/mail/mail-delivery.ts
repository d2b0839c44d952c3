/**
 * When a failed SMTP attempt is tried again: after the 1st failure 1 minute later, then 5, 15 and
 * 60 minutes; the 5th failure gives up (the message stays in the customer's Messages).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;

/** How long an attempt under way holds its message: past it, a crashed attempt is retried. */
export const ATTEMPT_LEASE_MS = 5 * 60_000;

/** The longest SMTP error kept in the delivery log. */
export const MAX_ERROR_LENGTH = 500;

/** After `attempts` failed attempts: when to try again, or null to give up. */
export function nextRetryAt(attempts: number, now: Date): Date | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/**
 * What the delivery log keeps of an SMTP error: its code and first line (an SMTP server's reply,
 * "535 Authentication failed", a refused connection), never the message it was sending.
 */
export function describeSmtpError(error: unknown): string {
  const err = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  const message = typeof err?.message === 'string' ? err.message : String(error);
  const firstLine = message.split('\n')[0] ?? '';
  const code = typeof err?.code === 'string' ? `${err.code}: ` : '';
  return `${code}${firstLine}`.slice(0, MAX_ERROR_LENGTH);
}
