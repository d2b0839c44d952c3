import fc from 'fast-check';
import { describe, test } from 'vitest';
import { formatPriceNumber } from './format-price.ts';

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
