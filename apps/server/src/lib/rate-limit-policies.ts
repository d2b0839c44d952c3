/**
 * Named limits for the routes that change something (docs/decisions/022-rate-limits.md). A route
 * names its policy in `config.rateLimit`; the others use `default`. Each policy counts requests
 * per signed-in account and per client address in fixed windows; the operator changes any number
 * with RATE_LIMITS (see parseRateLimitOverrides).
 */
export const RATE_LIMIT_POLICY_NAMES = ['default', 'sign-up', 'sign-in', 'mail', 'upload'] as const;
export type RateLimitPolicyName = (typeof RATE_LIMIT_POLICY_NAMES)[number];

export type RateLimitPolicy = {
  /** Requests per signed-in account in one window. */
  account: number;
  /** Requests per client address in one window (several people may share one address). */
  address: number;
  /** Length of a window, in seconds. */
  window: number;
};

export type RateLimits = Record<RateLimitPolicyName, RateLimitPolicy>;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  /** Every other change: more than a person clicks, far less than a script. */
  default: { account: 60, address: 300, window: 60 },
  /** POST /api/users: new accounts from one address. */
  'sign-up': { account: 10, address: 10, window: 3600 },
  /** POST /api/session: every sign-in attempt (failed ones are also throttled, see login-throttle.ts). */
  'sign-in': { account: 30, address: 60, window: 900 },
  /** Routes that send an e-mail (reset links, e-mail changes). */
  mail: { account: 5, address: 20, window: 900 },
  /** Uploads (proofs of payment, pictures, the favicon). */
  upload: { account: 20, address: 60, window: 900 },
};

/**
 * Policies each server counts in its memory and shares through the database at most every
 * SHARE_COUNTS_EVERY_MS (lib/rate-limit-shared-counts.ts): `default` covers every money request,
 * and a row written per request would cost each of them a database round trip and a commit. The
 * others (rare requests with small limits, where one more matters) are counted in the database on
 * every request, exact across servers.
 */
export const POLICIES_COUNTED_IN_MEMORY: ReadonlySet<RateLimitPolicyName> = new Set(['default']);
export const SHARE_COUNTS_EVERY_MS = 200;

const FIELDS = ['account', 'address', 'window'] as const;

/**
 * Reads RATE_LIMITS: comma-separated `<policy>.<account|address|window>=<positive integer>`, e.g.
 * `sign-up.address=500,default.account=120`. Answers the limits, or the first mistake.
 */
export function parseRateLimitOverrides(
  text: string | undefined,
  base: RateLimits = DEFAULT_RATE_LIMITS,
): { ok: true; limits: RateLimits } | { ok: false; error: string } {
  const limits = structuredClone(base);
  for (const entry of (text ?? '').split(',')) {
    const trimmed = entry.trim();
    if (!trimmed) continue;
    const match = /^([a-z-]+)\.([a-z]+)=(\d+)$/.exec(trimmed);
    const [, policy, field, value] = match ?? [];
    if (!policy || !field || !value)
      return { ok: false, error: `"${trimmed}" is not <policy>.<field>=<number>` };
    if (!isPolicyName(policy))
      return { ok: false, error: `unknown policy "${policy}" (${RATE_LIMIT_POLICY_NAMES.join(', ')})` };
    if (!isField(field)) return { ok: false, error: `unknown field "${field}" (${FIELDS.join(', ')})` };
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number < 1)
      return { ok: false, error: `"${trimmed}" needs a whole number of at least 1` };
    limits[policy][field] = number;
  }
  return { ok: true, limits };
}

function isPolicyName(name: string): name is RateLimitPolicyName {
  return (RATE_LIMIT_POLICY_NAMES as readonly string[]).includes(name);
}

function isField(name: string): name is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(name);
}
