import type { Trade } from '@candor/contracts/trades';

/** A trade id (a UUID) made from a number, so tests can name trades 1, 2, 3. */
export const tradeId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A closed BUY EURUSD of $100.00 × 2.00 that made +$1.60; override what the test is about. */
export function buildTrade(n: number, overrides: Partial<Trade> = {}): Trade {
  return {
    id: tradeId(n),
    symbol: 'EURUSD',
    instrumentClass: 'forex',
    direction: 'buy',
    amount: '100.00',
    lotSize: '2.00',
    exposure: '200.00',
    openPrice: '1.25000',
    openedAt: '2026-03-04T12:00:00.000Z',
    status: 'closed',
    closePrice: '1.26000',
    closedAt: '2026-03-04T13:00:00.000Z',
    result: '1.60',
    closedBy: 'customer',
    closeReason: null,
    bookedByDesk: false,
    priceSource: 'simulated',
    ...overrides,
  };
}

/** The same trade still open: no close price, time or result yet. */
export const OPEN_TRADE_FIELDS = {
  status: 'open',
  closePrice: null,
  closedAt: null,
  result: null,
  closedBy: null,
} as const satisfies Partial<Trade>;
