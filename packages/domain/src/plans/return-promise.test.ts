import { describe, expect, test } from 'vitest';
import { findReturnPromise } from './return-promise.ts';

describe('findReturnPromise', () => {
  test.each([
    ['Guaranteed returns every week', 'guaranteed'],
    ['We guarantee it', 'guaranteed'],
    ['A risk-free way to trade', 'risk-free'],
    ['risk free', 'risk-free'],
    ['ROI 100%-150%', 'ROI'],
    ['roi up to 3x', 'ROI'],
    ['Earn 25% profit', 'x % profit'],
    ['12.5 % returns', 'x % profit'],
    ['+5% gains a month', 'x % profit'],
    ['Higher profits for pros', 'higher profits'],
    ['more profit', 'higher profits'],
    ['Profits of $5,000', 'a stated profit'],
  ])('refuses %j as %s', (text, label) => {
    expect(findReturnPromise(text)).toBe(label);
  });

  test.each([
    'Spreads of 1.2 pips on forex',
    'Signals for 10 instruments on 1h candles',
    'Interest 12.17 % a year, accrued daily',
    'Requires a portfolio of at least $350,000',
    'Leverage up to 1:500',
    'Trading involves risk: you can lose the amount of any trade',
    'Groin', // "roi" inside a word is not ROI
  ])('accepts %j', (text) => {
    expect(findReturnPromise(text)).toBeUndefined();
  });
});
