import { randomUUID } from 'node:crypto';
import { AMOUNT_AS_TEXT_MESSAGE } from '@candor/contracts/money';
import { TRADE_MESSAGES } from '@candor/contracts/trades';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createSessionCookie, insertUser, SESSION_COOKIE } from './test/factories.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * An amount (or a lot size) sent as a JSON number (`{"amount": 100}`) on a route that takes a decimal string: told
 * to write it as text (400), not that the amount is missing. The rest of each body is valid, so the
 * amount is what is refused.
 */

const t = await createTestApp();
afterAll(() => t.close());

type Route = [who: 'customer' | 'owner', method: 'POST' | 'PUT', url: string, body: object, field: string];

const ROUTES: readonly Route[] = [
  ['customer', 'POST', '/api/deposit-quotes', { amount: 100, coin: 'bitcoin' }, 'amount'],
  [
    'customer',
    'POST',
    '/api/withdrawals',
    { amount: 100, method: 'paypal', details: { email: 'me@example.com' } },
    'amount',
  ],
  [
    'customer',
    'POST',
    '/api/trades',
    { symbol: 'EURUSD', direction: 'buy', amount: 100, lotSize: '1' },
    'amount',
  ],
  [
    'customer',
    'POST',
    '/api/trades',
    { symbol: 'EURUSD', direction: 'buy', amount: '100.00', lotSize: 1 },
    'lotSize',
  ],
  ['customer', 'POST', `/api/loans/${randomUUID()}/repayments`, { amount: 100 }, 'amount'],
  [
    'customer',
    'POST',
    `/api/strategy-providers/${randomUUID()}/copy`,
    { copyStopLoss: 100, copyOpenPositions: false },
    'copyStopLoss',
  ],
  ['customer', 'POST', `/api/plans/${randomUUID()}/purchase`, { expectedPrice: 500 }, 'expectedPrice'],
  [
    'owner',
    'POST',
    `/api/admin/users/${randomUUID()}/adjustments`,
    { direction: 'credit', amount: 100, reason: 'Goodwill credit' },
    'amount',
  ],
];

describe('an amount sent as a JSON number', () => {
  const cookies = { customer: '', owner: '' };
  beforeAll(async () => {
    const customer = await insertUser(t.db);
    const owner = await insertUser(t.db, { role: 'owner' });
    cookies.customer = await createSessionCookie(t.db, customer.id);
    cookies.owner = await createSessionCookie(t.db, owner.id);
  });

  test.each(ROUTES)('%s %s %s is told to write it as text: 400', async (who, method, url, payload, field) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { cookie: `${SESSION_COOKIE}=${cookies[who]}` },
    });
    expect(res.statusCode).toBe(400);
    const message = field === 'lotSize' ? TRADE_MESSAGES.lotSizeAsText : AMOUNT_AS_TEXT_MESSAGE;
    expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: `${field}: ${message}` });
  });
});
