import { type DepositQuote, DepositQuoteSchema } from '@candor/contracts/deposits';
import { z } from 'zod';
import { forgetKeptInTab, KEPT_IN_TAB_PREFIX } from '../../lib/kept-in-tab.ts';

const KEY = `${KEPT_IN_TAB_PREFIX}deposit-quote`;
const KeptQuoteSchema = z.object({ userId: z.string(), quote: DepositQuoteSchema });

/**
 * Step 3's quote, kept in this tab's session storage: a customer who leaves the page to pay (the
 * wallet app on a phone reloads the tab) or to read Messages comes back to the same address,
 * amount and countdown, rather than to step 1 and a new quote for a payment already sent.
 */
export function keepDepositQuote(userId: string, quote: DepositQuote): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ userId, quote }));
  } catch {
    // Storage refused (a private window): the page works as before, from step 1.
  }
}

/** The kept quote of this customer while it lives; anything else kept is dropped. */
export function readKeptDepositQuote(userId: string, now: number): DepositQuote | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw === null) return null;
    const kept = KeptQuoteSchema.safeParse(JSON.parse(raw));
    if (kept.success && kept.data.userId === userId && Date.parse(kept.data.quote.expiresAt) > now) {
      return kept.data.quote;
    }
    sessionStorage.removeItem(KEY);
    return null;
  } catch {
    return null;
  }
}

/** Forgets the kept quote: it was paid, or the customer went back to choose again. */
export function forgetDepositQuote(): void {
  forgetKeptInTab(KEY);
}
