import type { z } from 'zod';

/**
 * What a page keeps of a customer's input in the tab's session storage (a deposit's step-3 quote, the
 * withdrawal forms' payout details, the Market ticket's asset, amount and lot size) lives under keys with this prefix, so that signing out forgets all
 * of it at once: the next person at a shared computer finds none of it in the tab.
 */
export const KEPT_IN_TAB_PREFIX = 'candor.';

/** Keeps `value` under `key` (which starts with KEPT_IN_TAB_PREFIX) for this customer only. */
export function keepInTab(key: string, userId: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify({ userId, value }));
  } catch {
    // Storage refused (a private window): nothing is kept, and the page works as it would without.
  }
}

/**
 * What this customer kept under `key`, as `schema` reads it; anything else kept there (another
 * customer's, or what no longer fits) is dropped.
 */
export function readKeptInTab<S extends z.ZodType>(
  key: string,
  userId: string,
  schema: S,
): z.infer<S> | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (raw === null) return null;
    const kept: unknown = JSON.parse(raw);
    if (kept && typeof kept === 'object' && 'userId' in kept && kept.userId === userId && 'value' in kept) {
      const value = schema.safeParse(kept.value);
      if (value.success) return value.data;
    }
    sessionStorage.removeItem(key);
    return null;
  } catch {
    return null;
  }
}

/** Forgets one page's kept input (under `key`, which starts with KEPT_IN_TAB_PREFIX). */
export function forgetKeptInTab(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Storage refused (a private window): nothing was kept.
  }
}

/** Forgets every input kept in this tab (signing out). */
export function forgetEverythingKeptInTab(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(KEPT_IN_TAB_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage refused (a private window): nothing was kept.
  }
}
