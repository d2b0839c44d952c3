import { expect, test } from 'vitest';
import { percentChange } from './percent-change.ts';

test.each([
  ['100.00', '101.25', '1.25'],
  ['100.00', '98.75', '-1.25'],
  ['1.08000', '1.08000', '0.00'],
  ['3', '4', '33.33'],
  ['3', '2', '-33.33'],
  ['0.00000800', '0.00000801', '0.13'],
  ['200', '200.01', '0.01'],
  ['200', '200.009', '0.00'],
  ['8', '8.0004', '0.01'],
  ['8', '7.9996', '-0.01'],
  ['1.5', '3', '100.00'],
] as const)('from %s to %s is %s %%', (from, to, expected) => {
  expect(percentChange(from, to)).toBe(expected);
});

test('from zero there is no percentage', () => {
  expect(percentChange('0.00', '1.00')).toBeNull();
});
