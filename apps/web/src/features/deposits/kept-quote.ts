import { type DepositQuote, DepositQuoteSchema } from '@candor/contracts/deposits';
import { forgetKeptInTab, KEPT_IN_TAB_PREFIX, keepInTab, readKeptInTab } from '../../lib/kept-in-tab.ts';

const KEY = `${KEPT_IN_TAB_PREFIX}deposit-quote`;

/**
 * Step 3's quote, kept in this tab's session storage: a customer who leaves the page to pay (the
 * wallet app on a phone reloads the tab) or to read Messages comes back to the same address,
 * amount and countdown, rather than to step 1 and a new quote for a payment already sent.
 */
export function keepDepositQuote(userId: string, quote: DepositQuote): void {
  keepInTab(KEY, userId, quote);
}

/** The kept quote of this customer while it lives; anything else kept is dropped. */
export function readKeptDepositQuote(userId: string, now: number): DepositQuote | null {
  const quote = readKeptInTab(KEY, userId, DepositQuoteSchema);
  if (quote && Date.parse(quote.expiresAt) > now) return quote;
  if (quote) forgetDepositQuote();
  return null;
}

/** Forgets the kept quote: it was paid, or the customer went back to choose again. */
export function forgetDepositQuote(): void {
  forgetKeptInTab(KEY);
}
