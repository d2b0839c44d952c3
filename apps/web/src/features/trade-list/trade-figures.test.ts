import { describe, expect, test } from 'vitest';
import { computeUnrealizedResult, describeTradeStatus } from './trade-figures.ts';

const BUY = { direction: 'buy', amount: '100.00', lotSize: '2.00', openPrice: '1.25000' } as const;

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

  test('unreadable figures give no result instead of a wrong one', () => {
    expect(computeUnrealizedResult({ ...BUY, lotSize: 'x' }, '1.26')).toBeNull();
    expect(computeUnrealizedResult(BUY, '0')).toBeNull();
  });
});

describe('describeTradeStatus', () => {
  test.each([
    [{ status: 'open', result: null }, 'Open'],
    [{ status: 'closed', result: '12.50' }, 'Profit'],
    [{ status: 'closed', result: '-3.00' }, 'Loss'],
    [{ status: 'closed', result: '0.00' }, 'Break-even'],
    [{ status: 'closed', result: null }, 'Unknown'],
  ] as const)('%o reads %s', (trade, label) => {
    expect(describeTradeStatus(trade)).toBe(label);
  });
});
