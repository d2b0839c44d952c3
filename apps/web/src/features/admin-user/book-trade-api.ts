import { AdminTradeSchema, type BookTradeRequest } from '@candor/contracts/trades';
import { apiRequest } from '../../lib/api.ts';

/** Books a trade executed outside the platform; `idempotencyKey` is reused when the same submission is retried. */
export function bookTrade(userId: string, body: BookTradeRequest, idempotencyKey: string) {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/trades`, AdminTradeSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}
