import type { PlaceTradeRequest, Trade } from '@candor/contracts/trades';
import type { Actor } from '../../lib/actor.ts';
import type { ItemOutcome } from '../../lib/group-commit.ts';
import { insertUser } from '../../test/factories.ts';
import { describeOutcome } from '../../test/group-commit.ts';
import { fund } from '../../test/money.ts';
import type { TestApp } from '../../test/test-app.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';

/** A verified customer with `cents` of cash, as the actor of their own requests. */
export async function fundedActor(t: TestApp, cents: bigint): Promise<Actor> {
  const user = await insertUser(t.db, { identityStatus: 'verified' });
  if (cents > 0n) await fund(t.db, user.id, cents);
  return { id: user.id, role: 'client' };
}

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
