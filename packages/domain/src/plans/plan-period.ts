const DAY_MS = 24 * 60 * 60 * 1000;

/** When a plan bought at `purchasedAt` stops giving its features; null for a plan without an end. */
export function computePlanExpiry(purchasedAt: Date, durationDays: number | null): Date | null {
  if (durationDays === null) return null;
  if (!Number.isInteger(durationDays) || durationDays <= 0)
    throw new Error('a duration is a whole number of days');
  return new Date(purchasedAt.getTime() + durationDays * DAY_MS);
}

/** A plan gives its features from its purchase until (not including) its expiry. */
export function isPlanActive(plan: { expiresAt: Date | null; endedAt: Date | null }, now: Date): boolean {
  if (plan.endedAt !== null && plan.endedAt <= now) return false;
  return plan.expiresAt === null || now < plan.expiresAt;
}
