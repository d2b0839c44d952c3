import { describe, expect, test } from 'vitest';
import { bookingRange, checkBookedPrice } from './booking-range.ts';

describe('the range a booked price must lie in', () => {
  test("a minute's low and high are widened by 0.1 % each way", () => {
    expect(bookingRange({ low: '100.00', high: '200.00' }, 2)).toEqual({ low: '99.90', high: '200.20' });
  });

  test('the bounds are rounded inward, so both lie inside the tolerance', () => {
    // 1.08345 × 0.999 = 1.08236655 → up to 1.08237; 1.08399 × 1.001 = 1.08507399 → down to 1.08507
    expect(bookingRange({ low: '1.08345', high: '1.08399' }, 5)).toEqual({
      low: '1.08237',
      high: '1.08507',
    });
  });

  test("a candle with more decimals than the instrument's keeps them", () => {
    expect(bookingRange({ low: '67234.123', high: '67300.5' }, 2)).toEqual({
      low: '67166.889',
      high: '67367.800',
    });
  });

  test('a price on either bound is accepted', () => {
    const minute = { low: '100.00', high: '200.00' };
    expect(checkBookedPrice({ which: 'open', price: '99.90', minute, pricePrecision: 2 }).ok).toBe(true);
    expect(checkBookedPrice({ which: 'close', price: '200.20', minute, pricePrecision: 2 }).ok).toBe(true);
  });

  test('a price one digit outside is refused with the range in words', () => {
    const minute = { low: '100.00', high: '200.00' };
    expect(checkBookedPrice({ which: 'close', price: '200.21', minute, pricePrecision: 2 })).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: "The close price must be between 99.90 and 200.20 (the minute's range ± 0.1%)",
      },
    });
    expect(checkBookedPrice({ which: 'open', price: '99.89', minute, pricePrecision: 2 }).ok).toBe(false);
  });
});
