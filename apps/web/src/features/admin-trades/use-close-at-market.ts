import type { AdminTradeDetail } from '@candor/contracts/admin-trades';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { type AdminCloseTradeRequest, closeTradeAtMarket } from './admin-trades-api.ts';

export const CLOSE_AT_MARKET_MESSAGES = {
  closed: 'Trade closed at market',
  failed: 'Failed to close trade',
} as const;

const CLOSE_AT_MARKET: DecisionSpec<AdminCloseTradeRequest, AdminTradeDetail> = {
  send: closeTradeAtMarket,
  recordKey: queryKeys.adminTrades.one,
  // The trades' pages and details, and the customer's page (balances, entries).
  allKey: queryKeys.admin,
  doneMessage: () => CLOSE_AT_MARKET_MESSAGES.closed,
  notifyFailure: (error) =>
    notify.error(CLOSE_AT_MARKET_MESSAGES.failed, {
      description: errorMessage(error),
    }),
};

/** Close at market from the All trades tab: one Idempotency-Key per trade and reason, reused on a retry. */
export function useCloseAtMarket() {
  return useDecisionMutation(CLOSE_AT_MARKET);
}
