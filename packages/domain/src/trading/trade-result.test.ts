import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  computeExposure,
  computeTradeResult,
  isStopOut,
  parseLotSize,
  roundHalfAwayFromZero,
} from './trade-result.ts';

describe('computeTradeResult', () => {
  const table: [string, 'buy' | 'sell', bigint, number, string, string, bigint][] = [
    ['a BUY closed 10 % higher gains 10 % of the exposure', 'buy', 10_000n, 100, '100.00', '110.00', 1_000n],
    ['a BUY closed lower loses', 'buy', 10_000n, 100, '100.00', '95.00', -500n],
    ['a SELL closed above its open price realises a loss', 'sell', 10_000n, 100, '100.00', '110.00', -1_000n],
    ['a SELL closed lower gains', 'sell', 10_000n, 100, '100.00', '95.00', 500n],
    ['lot size multiplies the exposure', 'buy', 10_000n, 250, '100.00', '101.00', 250n],
    ['a fractional lot size', 'buy', 10_000n, 1, '100.00', '150.00', 50n],
    ['forex, 5 decimals', 'buy', 100_000n, 1000, '1.08432', '1.08532', 922n], // $10,000 × 0.001/1.08432 = $9.222…
    ['JPY pair, 3 decimals', 'sell', 50_000n, 200, '150.123', '149.987', 91n], // 1000 × 0.136/150.123 = 0.9059…
    ['crypto with 2 decimals against a price with 6', 'buy', 25_000n, 100, '67234.12', '67300.123456', 25n], // 250 × 66.003456/67234.12 = 0.2454…
    ['a stock', 'sell', 20_000n, 300, '189.50', '187.25', 712n], // 600 × 2.25/189.5 = 7.1240…
    ['a loss never exceeds the amount (stop-out cap)', 'buy', 10_000n, 1000, '100.00', '80.00', -10_000n],
    ['a SELL loss is capped too', 'sell', 10_000n, 1000, '100.00', '150.00', -10_000n],
    ['half a cent rounds away from zero (profit)', 'buy', 100n, 100, '200', '201', 1n], // 0.5 cent
    ['half a cent rounds away from zero (loss)', 'sell', 100n, 100, '200', '201', -1n],
  ];
  for (const [name, direction, amountCents, lotHundredths, openPrice, closePrice, expected] of table) {
    test(name, () => {
      expect(computeTradeResult({ direction, amountCents, lotHundredths, openPrice, closePrice })).toBe(
        expected,
      );
    });
  }

  const price = fc
    .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
    .map(([units, scale]) => {
      const text = String(units).padStart(scale + 1, '0');
      return scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
    });
  const trade = fc.record({
    amountCents: fc.bigInt({ min: 1n, max: 100_000_000n }),
    lotHundredths: fc.integer({ min: 1, max: 10_000 }),
    openPrice: price,
    closePrice: price,
  });

  test('closing at the open price yields zero', () => {
    fc.assert(
      fc.property(trade, (t) => {
        for (const direction of ['buy', 'sell'] as const) {
          expect(computeTradeResult({ ...t, direction, closePrice: t.openPrice })).toBe(0n);
        }
      }),
    );
  });

  test('a BUY and a SELL at the same prices have opposite results, unless a loss is capped', () => {
    fc.assert(
      fc.property(trade, (t) => {
        const buy = computeTradeResult({ ...t, direction: 'buy' });
        const sell = computeTradeResult({ ...t, direction: 'sell' });
        if (buy > -t.amountCents && sell > -t.amountCents) expect(buy).toBe(-sell);
        expect(buy >= -t.amountCents && sell >= -t.amountCents).toBe(true);
      }),
    );
  });
});

describe('stop-out', () => {
  test('a BUY with lot size 10 is stopped out 10 % below its open price', () => {
    const base = {
      direction: 'buy' as const,
      amountCents: 10_000n,
      lotHundredths: 1000,
      openPrice: '100.00',
    };
    expect(isStopOut({ ...base, price: '90.01' })).toBe(false);
    expect(isStopOut({ ...base, price: '90.00' })).toBe(true);
  });
  test('a SELL is stopped out above its open price; lot size 1 needs the price to double', () => {
    const base = {
      direction: 'sell' as const,
      amountCents: 10_000n,
      lotHundredths: 100,
      openPrice: '100.00',
    };
    expect(isStopOut({ ...base, price: '199.99' })).toBe(false);
    expect(isStopOut({ ...base, price: '200.00' })).toBe(true);
  });
});

describe('lot size and exposure', () => {
  test('lot sizes have at most two decimals and must be above zero', () => {
    expect(parseLotSize('1')).toEqual({ ok: true, value: 100 });
    expect(parseLotSize('0.01')).toEqual({ ok: true, value: 1 });
    expect(parseLotSize('2.5')).toEqual({ ok: true, value: 250 });
    for (const bad of ['0', '0.00', '1.001', '-1', 'abc', '']) expect(parseLotSize(bad).ok).toBe(false);
  });
  test('exposure is amount × lot size in cents', () => {
    expect(computeExposure(10_000n, 150)).toBe(15_000n);
    expect(computeExposure(1_001n, 101)).toBe(1_011n); // 1011.01
    expect(roundHalfAwayFromZero(-5n, 10n)).toBe(-1n);
    expect(roundHalfAwayFromZero(5n, 10n)).toBe(1n);
    expect(roundHalfAwayFromZero(4n, 10n)).toBe(0n);
  });
});
