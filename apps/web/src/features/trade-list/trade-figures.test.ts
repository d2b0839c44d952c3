import { describe, expect, test } from 'vitest';
import { closingPriceNow, computeUnrealizedResult, describeTradeStatus } from './trade-figures.ts';

const BUY = {
  symbol: 'EURUSD',
  direction: 'buy',
  amount: '100.00',
  lotSize: '2.00',
  openPrice: '1.25000',
  spread: null,
} as const;

describe('computeUnrealizedResult', () => {
  test('a BUY gains when the price rises: exposure × (price ÷ open − 1)', () => {
    // $200 exposure × (1.26 / 1.25 − 1) = $1.60
    expect(computeUnrealizedResult(BUY, '1.26000')).toBe(160n);
  });

  test('a SELL at the same prices has the opposite result', () => {
    expect(computeUnrealizedResult({ ...BUY, direction: 'sell' }, '1.26000')).toBe(-160n);
  });

  test('a loss never exceeds the amount', () => {
    expect(computeUnrealizedResult({ ...BUY, lotSize: '100.00' }, '0.50000')).toBe(-10_000n);
  });

  test('a trade with a spread closes at its closing side: a BUY at the bid, a SELL at the ask', () => {
    const spread = { unit: 'pips', value: '2.0' } as const;
    // Mid 1.26010 − 0.00010 = 1.26000: $1.60.
    expect(closingPriceNow({ ...BUY, spread }, '1.26010')).toBe('1.26000');
    expect(computeUnrealizedResult({ ...BUY, spread }, '1.26010')).toBe(160n);
    expect(closingPriceNow({ ...BUY, direction: 'sell', spread }, '1.25990')).toBe('1.26000');
    expect(computeUnrealizedResult({ ...BUY, direction: 'sell', spread }, '1.25990')).toBe(-160n);
  });

  test('unreadable figures give no result instead of a wrong one', () => {
    expect(computeUnrealizedResult({ ...BUY, lotSize: 'x' }, '1.26')).toBeNull();
    expect(computeUnrealizedResult(BUY, '0')).toBeNull();
  });
});

describe('describeTradeStatus', () => {
  test.each([
    [{ status: 'open', result: null }, 'Pending'],
    [{ status: 'closed', result: '12.50' }, 'Profit'],
    [{ status: 'closed', result: '-3.00' }, 'Loss'],
    [{ status: 'closed', result: '0.00' }, 'Break-even'],
    [{ status: 'closed', result: null }, 'Unknown'],
  ] as const)('%o reads %s', (trade, label) => {
    expect(describeTradeStatus(trade)).toBe(label);
  });
});
