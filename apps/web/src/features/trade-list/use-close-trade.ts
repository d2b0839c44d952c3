import type { Trade } from '@candor/contracts/trades';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { closeOwnTrade } from './trade-list-api.ts';

export const CLOSE_TRADE_MESSAGES = {
  closed: 'Trade closed',
  failed: 'Failed to close trade',
} as const;

const CLOSE_TRADE: DecisionSpec<'close', Trade> = {
  send: (id, _decision, key) => closeOwnTrade(id, key),
  recordKey: queryKeys.ownTrades.one,
  // The balances, the statement and both lists move with the close.
  allKey: queryKeys.me,
  doneMessage: () => CLOSE_TRADE_MESSAGES.closed,
  notifyFailure: (error) =>
    notify.error(CLOSE_TRADE_MESSAGES.failed, {
      description: errorMessage(error),
    }),
};

/** Closes the customer's own open trades at market, one at a time, each with an Idempotency-Key. */
export function useCloseTrade() {
  return useDecisionMutation(CLOSE_TRADE);
}
