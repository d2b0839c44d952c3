import { type PlaceTradeRequest, TradeSchema } from '@candor/contracts/trades';
import { apiRequest } from '../../lib/api.ts';

/** Opens a trade at the market price of the moment; `idempotencyKey` is reused when the same submission is retried. */
export function placeTrade(body: PlaceTradeRequest, idempotencyKey: string) {
  return apiRequest('/api/trades', TradeSchema, { method: 'POST', body, idempotencyKey });
}
