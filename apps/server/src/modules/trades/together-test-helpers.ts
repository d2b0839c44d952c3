import type { PlaceTradeRequest, Trade } from '@candor/contracts/trades';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import { describeOutcome } from '../../test/group-commit.ts';
import type { TestApp } from '../../test/test-app.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';

export function order(overrides: Partial<PlaceTradeRequest> = {}): PlaceTradeRequest {
  return { symbol: 'BTCUSD', direction: 'buy', amount: '100', lotSize: '2', ...overrides };
}

/** What a trade request's outcome says, without the ids and times that differ between two runs. */
export function described(outcome: ItemOutcome<Trade> | undefined) {
  return describeOutcome(outcome, (trade) => {
    const { symbol, direction, amount, lotSize, exposure, openPrice, closePrice, result, status, closedBy } =
      trade;
    return { symbol, direction, amount, lotSize, exposure, openPrice, closePrice, result, status, closedBy };
  });
}

export async function balancesOf(t: TestApp, actor: Actor) {
  const { available, reserved } = await selectBalanceFigures(t.db, actor.id);
  return { available, reserved };
}
