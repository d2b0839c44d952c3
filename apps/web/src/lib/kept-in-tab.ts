/**
 * What a page keeps of a customer's input in the tab's session storage (a deposit's step-3 quote, the
 * withdrawal forms' payout details) lives under keys with this prefix, so that signing out forgets all
 * of it at once: the next person at a shared computer finds none of it in the tab.
 */
export const KEPT_IN_TAB_PREFIX = 'candor.';

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
