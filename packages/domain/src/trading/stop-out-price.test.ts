import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareDecimal } from '../market/candles.ts';
import { formatDecimal } from '../money/money.ts';
import { computeStopOutPrice } from './stop-out-price.ts';
import { isStopOut, type TradeDirection } from './trade-result.ts';

/** The decimal one unit of its last digit above (+1) or below (−1) `text`. */
function step(text: string, by: 1n | -1n): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return formatDecimal(BigInt(whole + fraction) + by, fraction.length);
}

describe('the stop-out pre-filter price', () => {
  const scenarios: {
    name: string;
    direction: TradeDirection;
    amountCents: bigint;
    lotHundredths: number;
    openPrice: string;
    expected: string | null;
  }[] = [
    {
      name: 'a BUY ×2.00 of $100 stops out at about half the open price (a half cent closer)',
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 200,
      openPrice: '100.00',
      // 100 × (10000·100 + 50) / (10000·200) = 50.0025
      expected: '50.00250000',
    },
    {
      name: 'a SELL ×2.00 of $100 stops out at about 1.5 × the open price',
      direction: 'sell',
      amountCents: 10_000n,
      lotHundredths: 200,
      openPrice: '100.00',
      // 100 × (10000·300 − 50) / (10000·200) = 149.9975
      expected: '149.99750000',
    },
    {
      name: 'a BUY below lot size 1.00 can never lose its whole amount',
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 99,
      openPrice: '1.08345',
      expected: null,
    },
    {
      name: 'a BUY at lot size 1.00 stops out only near zero (open ÷ 2A)',
      direction: 'buy',
      amountCents: 10_000n,
      lotHundredths: 100,
      openPrice: '67234.12',
      expected: '3.36170600',
    },
    {
      name: 'a rational bound is rounded up for a BUY (every stopping price passes the filter)',
      direction: 'buy',
      amountCents: 300n,
      lotHundredths: 300,
      openPrice: '1.08345',
      // 1.08345 × 60050 / 90000 = 0.722901916666…
      expected: '0.72290191667',
    },
    {
      name: 'and down for a SELL',
      direction: 'sell',
      amountCents: 300n,
      lotHundredths: 300,
      openPrice: '1.08345',
      // 1.08345 × 119950 / 90000 = 1.443998083333…
      expected: '1.44399808333',
    },
  ];
  for (const s of scenarios) {
    test(s.name, () => {
      expect(computeStopOutPrice(s)).toBe(s.expected);
    });
  }

  test('property: the price one digit past the stop-out price stops the trade out, the one before it does not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<TradeDirection>('buy', 'sell'),
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.integer({ min: 0, max: 8 }),
        (direction, amountCents, lotHundredths, openUnits, scale) => {
          const openPrice = formatDecimal(openUnits, scale);
          const trade = { direction, amountCents, lotHundredths, openPrice };
          const stop = computeStopOutPrice(trade);
          if (stop === null) {
            // Only a BUY can escape, and then not even at the smallest price of the filter's precision.
            expect(direction).toBe('buy');
            expect(isStopOut({ ...trade, price: formatDecimal(1n, scale + 6) })).toBe(false);
            return;
          }
          const inside = direction === 'buy' ? step(stop, -1n) : step(stop, 1n);
          const outside = direction === 'buy' ? step(stop, 1n) : step(stop, -1n);
          if (compareDecimal(inside, '0') > 0) {
            expect(isStopOut({ ...trade, price: inside })).toBe(true);
          }
          if (compareDecimal(outside, '0') > 0) {
            expect(isStopOut({ ...trade, price: outside })).toBe(false);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  test('compares decimals of any scales exactly', () => {
    expect(compareDecimal('1.10', '1.1')).toBe(0);
    expect(compareDecimal('1.0999999999999', '1.1')).toBe(-1);
    expect(compareDecimal('67234.12', '67234.119')).toBe(1);
  });
});
