import { expect, test } from 'vitest';
import { lotSizeSchema, TRADE_MESSAGES } from './trades.ts';

function messageOf(text: string, maxLeverage: number): string | undefined {
  const result = lotSizeSchema(maxLeverage).safeParse(text);
  return result.success ? undefined : result.error.issues[0]?.message;
}

test('a lot size above the leverage says so, however large, not that it has too many decimals', () => {
  expect(messageOf('5000', 100)).toBe(TRADE_MESSAGES.lotSizeAboveLeverage(100));
  expect(messageOf('20000', 100)).toBe(TRADE_MESSAGES.lotSizeAboveLeverage(100));
  expect(messageOf('99999999999999', 1000)).toBe(TRADE_MESSAGES.lotSizeAboveLeverage(1000));
});

test('a lot size with more than two decimals says so', () => {
  expect(messageOf('0.001', 100)).toBe('Lot size can have at most 2 decimals');
  expect(messageOf('1.5', 100)).toBeUndefined();
});
