import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { computeExposure } from '../trading/trade-result.ts';
import { type CopySizingInput, computeCopySize, MIN_COPY_AMOUNT_CENTS } from './copy-sizing.ts';

const base: CopySizingInput = {
  providerAmountCents: 40_000n,
  providerLotHundredths: 400,
  providerEquityCents: 400_000n,
  followerEquityCents: 100_000n,
  followerAvailableCents: 100_000n,
  followerMaxLeverage: 100,
};

function size(overrides: Partial<CopySizingInput>) {
  return computeCopySize({ ...base, ...overrides });
}

describe('computeCopySize: provider margin × follower equity ÷ provider equity, rounded down', () => {
  test.each([
    {
      name: 'a provider with $4,000 and a follower with $1,000: a $400 margin copies as $100 at the same lot size',
      input: {},
      expected: { amountCents: 10_000n, lotHundredths: 400 },
    },
    {
      name: 'a follower richer than the provider copies a larger margin ($1,000 vs $500 equity: $20 → $40)',
      input: {
        providerAmountCents: 2_000n,
        providerEquityCents: 50_000n,
        followerEquityCents: 100_000n,
        providerLotHundredths: 150,
      },
      expected: { amountCents: 4_000n, lotHundredths: 150 },
    },
    {
      name: 'a part of a cent is dropped: $10.00 × 1,000 ÷ 3,000 = $3.333… copies as $3.33',
      input: { providerAmountCents: 1_000n, providerEquityCents: 300_000n, followerEquityCents: 100_000n },
      expected: { amountCents: 333n, lotHundredths: 400 },
    },
    {
      name: 'rounding down even just below a whole cent: $2.00 × 999.99 ÷ 1,000 = $1.999… copies as $1.99',
      input: { providerAmountCents: 200n, providerEquityCents: 100_000n, followerEquityCents: 99_999n },
      expected: { amountCents: 199n, lotHundredths: 400 },
    },
    {
      name: 'exactly the smallest amount of $1.00 is copied',
      input: { providerAmountCents: 400n, providerEquityCents: 400_000n, followerEquityCents: 100_000n },
      expected: { amountCents: 100n, lotHundredths: 400 },
    },
    {
      name: 'a lot size above the follower’s maximum leverage is capped to it and the margin is kept (lot 200 → 50)',
      input: { providerLotHundredths: 20_000, followerMaxLeverage: 50 },
      expected: { amountCents: 10_000n, lotHundredths: 5_000 },
    },
    {
      name: 'a lot size exactly at the follower’s maximum leverage is kept',
      input: { providerLotHundredths: 5_000, followerMaxLeverage: 50 },
      expected: { amountCents: 10_000n, lotHundredths: 5_000 },
    },
    {
      name: 'a fractional lot size is copied as it is (0.01)',
      input: { providerLotHundredths: 1 },
      expected: { amountCents: 10_000n, lotHundredths: 1 },
    },
    {
      name: 'the whole available cash may be used',
      input: { followerAvailableCents: 10_000n },
      expected: { amountCents: 10_000n, lotHundredths: 400 },
    },
  ])('$name', ({ input, expected }) => {
    expect(size(input)).toEqual({ ok: true, value: expected });
  });

  test.each([
    {
      name: 'a copy of $0.99 is below the smallest amount of $1.00',
      input: { providerAmountCents: 399n },
      code: 'BELOW_MINIMUM',
      message: 'The copy would be $0.99, below the smallest amount of $1.00.',
    },
    {
      name: 'a tiny follower of a large provider is skipped rather than rounded up',
      input: { providerAmountCents: 100n, providerEquityCents: 10_000_000n, followerEquityCents: 5_000n },
      code: 'BELOW_MINIMUM',
      message: 'The copy would be $0.00, below the smallest amount of $1.00.',
    },
    {
      name: 'a lot size below 0.01 is skipped',
      input: { providerLotHundredths: 0 },
      code: 'BELOW_MINIMUM',
      message: 'The lot size would be below the smallest lot size of 0.01.',
    },
    {
      name: 'a margin one cent above the available cash is skipped',
      input: { followerAvailableCents: 9_999n },
      code: 'NOT_ENOUGH_CASH',
      message: 'The copy needs $100.00 but your available balance is $99.99.',
    },
    {
      name: 'equity held in open trades does not pay for a copy: no available cash, no copy',
      input: { followerAvailableCents: 0n },
      code: 'NOT_ENOUGH_CASH',
      message: 'The copy needs $100.00 but your available balance is $0.00.',
    },
    {
      name: 'a follower with no equity copies nothing',
      input: { followerEquityCents: 0n },
      code: 'NO_EQUITY',
      message: 'Your equity is zero, so there is nothing to copy with.',
    },
    {
      name: 'a provider with no equity gives no ratio',
      input: { providerEquityCents: 0n },
      code: 'NO_EQUITY',
      message: "The provider's equity is zero, so the trade cannot be scaled to your equity.",
    },
    {
      name: 'below the minimum is reported before the cash: the copy could never open',
      input: { providerAmountCents: 200n, followerAvailableCents: 0n },
      code: 'BELOW_MINIMUM',
      message: 'The copy would be $0.50, below the smallest amount of $1.00.',
    },
  ])('$name', ({ input, code, message }) => {
    expect(size(input)).toEqual({ ok: false, error: { code, message } });
  });

  test('a broken input is a bug, not a skip', () => {
    expect(() => size({ providerAmountCents: 0n })).toThrow();
    expect(() => size({ providerLotHundredths: 1.5 })).toThrow();
    expect(() => size({ followerMaxLeverage: 0 })).toThrow();
  });
});

describe('computeCopySize, over random inputs', () => {
  const input = fc.record({
    providerAmountCents: fc.bigInt({ min: 1n, max: 100_000_000n }),
    providerLotHundredths: fc.integer({ min: 1, max: 100_000 }),
    providerEquityCents: fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    followerEquityCents: fc.bigInt({ min: 1n, max: 1_000_000_000n }),
    followerAvailableCents: fc.bigInt({ min: 0n, max: 1_000_000_000n }),
    followerMaxLeverage: fc.integer({ min: 1, max: 1000 }),
  });

  test('a copy never risks more than its share: margin and exposure are at most the exact share, within one cent of the margin share, within the leverage and the cash', () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = computeCopySize(i);
        if (!result.ok) return;
        const { amountCents, lotHundredths } = result.value;
        // amount ≤ share < amount + 1 cent, compared without dividing
        expect(amountCents * i.providerEquityCents <= i.providerAmountCents * i.followerEquityCents).toBe(
          true,
        );
        expect(
          (amountCents + 1n) * i.providerEquityCents > i.providerAmountCents * i.followerEquityCents,
        ).toBe(true);
        expect(amountCents >= MIN_COPY_AMOUNT_CENTS).toBe(true);
        expect(amountCents <= i.followerAvailableCents).toBe(true);
        expect(lotHundredths).toBeLessThanOrEqual(i.followerMaxLeverage * 100);
        expect(lotHundredths).toBeLessThanOrEqual(i.providerLotHundredths);
        // exposure ÷ follower equity ≤ provider exposure ÷ provider equity (cross-multiplied)
        expect(
          amountCents * BigInt(lotHundredths) * i.providerEquityCents <=
            i.providerAmountCents * BigInt(i.providerLotHundredths) * i.followerEquityCents,
        ).toBe(true);
        expect(computeExposure(amountCents, lotHundredths) >= 0n).toBe(true);
      }),
    );
  });

  test('more follower equity never gives a smaller copy', () => {
    fc.assert(
      fc.property(input, fc.bigInt({ min: 0n, max: 1_000_000_000n }), (i, more) => {
        const rich = { ...i, followerAvailableCents: 10n ** 30n };
        const a = computeCopySize(rich);
        const b = computeCopySize({ ...rich, followerEquityCents: i.followerEquityCents + more });
        if (a.ok) {
          expect(b.ok).toBe(true);
          if (b.ok) expect(b.value.amountCents >= a.value.amountCents).toBe(true);
        }
      }),
    );
  });
});
