/**
 * Wait before retry number `attempt` (1 = the wait after the first failure): exponential,
 * `baseMs × 2^(attempt-1)`, with "equal jitter" (between half and all of it) so that many
 * clients failing together do not retry in lockstep. `random` returns [0, 1).
 */
export function computeBackoffMs(attempt: number, baseMs: number, random: () => number): number {
  const ceiling = baseMs * 2 ** (attempt - 1);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * A Retry-After header in milliseconds: either delay-seconds ("30") or an HTTP date. Undefined
 * when absent or unreadable; a date in the past means "now" (0).
 */
export function parseRetryAfterMs(header: string | null, now: Date): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now.getTime());
}
