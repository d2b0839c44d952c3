import { describe, expect, test } from 'vitest';
import { measureCopyGap, subtractPrices } from './copy-gap.ts';

describe('subtractPrices: copy price − provider price, exact and signed', () => {
  test.each([
    { name: 'a higher copy price is positive', a: '60012.50', b: '60000.00', difference: '12.50' },
    { name: 'a lower copy price is negative', a: '1.08412', b: '1.08420', difference: '-0.00008' },
    { name: 'equal prices are zero at their scale', a: '150.25', b: '150.25', difference: '0.00' },
    { name: 'the larger scale is kept', a: '1.0842', b: '1.08415', difference: '0.00005' },
    { name: 'whole numbers stay whole', a: '7', b: '9', difference: '-2' },
  ])('$name', ({ a, b, difference }) => {
    expect(subtractPrices(a, b)).toBe(difference);
  });
});

describe('measureCopyGap', () => {
  const provider = { openedAtMs: 1_000_000, openPrice: '60000.00', closedAtMs: null, closePrice: null };

  test('an open copy has an open delay and difference, and no close figures yet', () => {
    const gap = measureCopyGap(
      { openedAtMs: 1_001_250, openPrice: '60030.00', closedAtMs: null, closePrice: null },
      provider,
    );
    expect(gap).toEqual({
      openDelayMs: 1_250,
      openPriceDifference: '30.00',
      closeDelayMs: null,
      closePriceDifference: null,
    });
  });

  test('a copy closed with the provider has close figures too', () => {
    const gap = measureCopyGap(
      { openedAtMs: 1_000_400, openPrice: '60000.00', closedAtMs: 2_000_900, closePrice: '60950.00' },
      { ...provider, closedAtMs: 2_000_000, closePrice: '61000.00' },
    );
    expect(gap).toMatchObject({ closeDelayMs: 900, closePriceDifference: '-50.00' });
  });

  test('a copy the follower closed while the provider still holds the trade has no close figures', () => {
    const gap = measureCopyGap(
      { openedAtMs: 1_000_400, openPrice: '60000.00', closedAtMs: 1_500_000, closePrice: '59000.00' },
      provider,
    );
    expect(gap).toMatchObject({ closeDelayMs: null, closePriceDifference: null });
  });

  test('a copy closed before the provider closed has a negative close delay', () => {
    const gap = measureCopyGap(
      { openedAtMs: 1_000_400, openPrice: '60000.00', closedAtMs: 1_500_000, closePrice: '59000.00' },
      { ...provider, closedAtMs: 1_800_000, closePrice: '59500.00' },
    );
    expect(gap).toMatchObject({ closeDelayMs: -300_000, closePriceDifference: '-500.00' });
  });
});
