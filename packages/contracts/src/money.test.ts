import { describe, expect, test } from 'vitest';
import { asDecimalAmount, toMinorUnits, usdAmountSchema } from './money.ts';

const amount = usdAmountSchema('Input an amount');

describe('amounts typed with commas, as the site shows them', () => {
  test.each([
    ['1,000', '1000'],
    ['1,000.25', '1000.25'],
    [' 25,000.5 ', '25000.5'],
    ['1000.25', '1000.25'],
  ])('%j is accepted and passed on as %j', (typed, sent) => {
    expect(amount.parse(typed)).toBe(sent);
    expect(toMinorUnits(amount.parse(typed))).toBe(toMinorUnits(sent));
  });

  test.each(['1,00', '1,5', '1000,00', '1.000,50', '1,0000'])(
    '%j is refused, never read as a decimal comma',
    (typed) => {
      const result = amount.safeParse(typed);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Enter an amount such as 100.00');
    },
  );

  test('a grouped amount over the largest one is refused as too large', () => {
    expect(amount.safeParse('1,000,000,000.01').error?.issues[0]?.message).toBe(
      'The amount can be at most $1,000,000,000.00',
    );
  });

  test('fields that send a two-decimal amount write "1,000" as "1000.00"', () => {
    expect(asDecimalAmount('1,000')).toBe('1000.00');
    expect(asDecimalAmount('12,345.6')).toBe('12345.60');
    expect(asDecimalAmount('1,00')).toBe('1,00');
  });
});

describe('an amount that cannot be read says why', () => {
  test.each([
    ['-5', 'The amount must be greater than zero'],
    ['0', 'The amount must be greater than zero'],
    ['abc', 'Enter an amount such as 100.00'],
    ['0.001', 'Amounts have at most 2 decimals'],
  ])('%j: %s', (typed, message) => {
    expect(amount.safeParse(typed).error?.issues[0]?.message).toBe(message);
  });
});
