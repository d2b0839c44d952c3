import { z } from 'zod';
import { forgetKeptInTab, KEPT_IN_TAB_PREFIX, keepInTab, readKeptInTab } from '../../lib/kept-in-tab.ts';

const KEY = `${KEPT_IN_TAB_PREFIX}trade-ticket`;
const KeptTicketSchema = z.object({
  symbol: z.string().max(20),
  amount: z.string().max(40),
  lotSize: z.string().max(40),
});

/** What is kept of the Market ticket: the asset, the amount and the lot size (nothing secret). */
export type KeptTradeTicket = z.infer<typeof KeptTicketSchema>;

/**
 * What the customer chose and typed on the ticket, kept in this tab's session storage: leaving
 * /trades and coming back finds the ticket as it was left, rather than empty on the default asset.
 */
export function keepTradeTicket(userId: string, ticket: Partial<KeptTradeTicket>): void {
  const kept = readKeptTradeTicket(userId) ?? { symbol: '', amount: '', lotSize: '' };
  keepInTab(KEY, userId, { ...kept, ...ticket });
}

/** This customer's kept ticket; anything another customer kept is dropped. */
export function readKeptTradeTicket(userId: string): KeptTradeTicket | null {
  return readKeptInTab(KEY, userId, KeptTicketSchema);
}

/** Forgets the kept ticket: the trade was placed. */
export function forgetTradeTicket(): void {
  forgetKeptInTab(KEY);
}
