import type { Trade } from '@candor/contracts/trades';
import { recordId } from './record-id.ts';

/** A closed BUY EURUSD of $100.00 × 2.00 that made +$1.60; override what the test is about. */
export function buildTrade(n: number, overrides: Partial<Trade> = {}): Trade {
  return {
    id: recordId(n),
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
    desk: null,
    priceSource: 'simulated',
    openMidPrice: null,
    closeMidPrice: null,
    spread: null,
    copiedFrom: null,
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
