import { describe, expect, test } from 'vitest';
import { parseDecimal } from '../money/decimal.ts';
import { convertUsdToCoin, formatCoinAmount } from './crypto-conversion.ts';

describe('convertUsdToCoin', () => {
  const table: [string, bigint, string, number, string][] = [
    ['$100 of BTC at $50,000', 10_000n, '50000', 8, '0.002000'],
    ['$100 of BTC at $67,234.12 rounds up to the next millionth', 10_000n, '67234.12', 8, '0.001488'], // 0.00148734…
    ['$1 of ETH at $3,000', 100n, '3000.00', 18, '0.000334'], // 0.000333…
    ['$250.50 of USDT at 1', 25_050n, '1', 6, '250.500000'],
  ];
  for (const [name, cents, rate, decimals, shown] of table) {
    test(name, () => {
      const result = convertUsdToCoin({
        amountCents: cents,
        usdPerCoin: rate,
        coinDecimals: decimals,
        quoteDecimals: 6,
      });
      expect(result.ok && formatCoinAmount(result.value, decimals, 6)).toBe(shown);
    });
  }

  test('the coins always cover the dollars (rounding is up, never down)', () => {
    for (const [cents, rate] of [
      [1n, '67234.12'],
      [99_999n, '0.2345'],
      [12_345n, '3.1'],
    ] as const) {
      const result = convertUsdToCoin({
        amountCents: cents,
        usdPerCoin: rate,
        coinDecimals: 6,
        quoteDecimals: 6,
      });
      if (!result.ok) throw new Error('expected a conversion');
      const parsed = parseDecimal(rate);
      if (!parsed.ok) throw new Error('bad rate');
      // value in cents of the coins = micro × rate.units × 100 / (10^6 × 10^scale) ≥ cents
      const valueTimesScale = result.value * parsed.value.units * 100n;
      expect(valueTimesScale >= cents * 10n ** 6n * 10n ** BigInt(parsed.value.scale)).toBe(true);
    }
  });

  test('a zero or malformed rate is refused', () => {
    expect(convertUsdToCoin({ amountCents: 1n, usdPerCoin: '0', coinDecimals: 8, quoteDecimals: 6 }).ok).toBe(
      false,
    );
    expect(
      convertUsdToCoin({ amountCents: 1n, usdPerCoin: '1e5', coinDecimals: 8, quoteDecimals: 6 }).ok,
    ).toBe(false);
  });
});
