import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatPrice, formatPriceNumber } from './format-price.ts';

describe('formatPrice', () => {
  test.each([
    { price: '67234.12', text: '67,234.12' },
    { price: '1.08432', text: '1.08432' },
    { price: '1234567', text: '1,234,567' },
    { price: '0.000012', text: '0.000012' },
  ])('$price is shown as $text', ({ price, text }) => {
    expect(formatPrice(price)).toBe(text);
  });
});

describe('formatPriceNumber', () => {
  test('writes any price as en-US Intl does, with the same rounding', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }),
          fc.double({ min: 0, max: 1e-4, noNaN: true }),
          fc.integer({ min: 0, max: 10_000_000 }).map((n) => n / 1000),
        ),
        fc.integer({ min: 0, max: 8 }),
        (price, precision) => {
          const intl = new Intl.NumberFormat('en-US', {
            minimumFractionDigits: precision,
            maximumFractionDigits: precision,
          });
          return formatPriceNumber(price, precision) === intl.format(price);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
