import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  adjustmentNeedsSecondApproval,
  FOUR_EYES_WINDOW_HOURS,
  fourEyesWindowStart,
  isFourEyesOn,
  needsSecondApproval,
  thresholdChangeOf,
} from './approval-status.ts';

test('an amount above the threshold needs a second approval; at or below it does not', () => {
  expect(needsSecondApproval(100_001n, 100_000n)).toBe(true);
  expect(needsSecondApproval(100_000n, 100_000n)).toBe(false);
  expect(needsSecondApproval(1n, 100_000n)).toBe(false);
});

test('a threshold of 0 turns four-eyes off', () => {
  expect(needsSecondApproval(10_000_000_00n, 0n)).toBe(false);
  expect(isFourEyesOn(0n)).toBe(false);
  expect(isFourEyesOn(1n)).toBe(true);
});

describe('manual adjustments count together over the window', () => {
  test('the window is 24 hours', () => {
    expect(FOUR_EYES_WINDOW_HOURS).toBe(24);
    expect(fourEyesWindowStart(new Date('2026-03-05T12:30:00.000Z'))).toEqual(
      new Date('2026-03-04T12:30:00.000Z'),
    );
  });

  test.each([
    ['a first $1,000 adjustment alone', 100_000n, [], false],
    ['a second $1,000 after one of $1,000', 100_000n, [100_000n], true],
    ['$900 after $100: exactly at the threshold', 90_000n, [10_000n], false],
    ['$900 after $100.01: one cent above', 90_000n, [10_001n], true],
    ['a $600 debit after a $500 credit (absolute amounts add up)', -60_000n, [50_000n], true],
    ['a $400 credit after a $300 debit', 40_000n, [-30_000n], false],
    ['ten $100 adjustments, then one more cent', 1n, Array.from({ length: 10 }, () => 10_000n), true],
  ])('%s', (_name, amount, recent, expected) => {
    expect(adjustmentNeedsSecondApproval(amount, recent, 100_000n)).toBe(expected);
  });

  test('a threshold of 0 turns it off whatever came before', () => {
    expect(adjustmentNeedsSecondApproval(500_000_00n, [900_000_00n], 0n)).toBe(false);
  });
});

describe('properties', () => {
  const cents = fc.bigInt({ min: -1_000_000_00n, max: 1_000_000_00n }).filter((amount) => amount !== 0n);
  const threshold = fc.bigInt({ min: 0n, max: 1_000_000_00n });

  test('with nothing before it, an adjustment is judged by its own size, as a withdrawal is', () => {
    fc.assert(
      fc.property(cents, threshold, (amount, limit) => {
        const size = amount < 0n ? -amount : amount;
        expect(adjustmentNeedsSecondApproval(amount, [], limit)).toBe(needsSecondApproval(size, limit));
      }),
    );
  });

  test('more adjustments in the window never let one pass alone that needed a second approval', () => {
    fc.assert(
      fc.property(
        cents,
        fc.array(cents, { maxLength: 10 }),
        cents,
        threshold,
        (amount, recent, extra, limit) => {
          if (adjustmentNeedsSecondApproval(amount, recent, limit)) {
            expect(adjustmentNeedsSecondApproval(amount, [...recent, extra], limit)).toBe(true);
          }
        },
      ),
    );
  });

  test('neither the order nor the direction of the earlier adjustments matters', () => {
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 10 }), threshold, (amount, recent, limit) => {
        const flipped = recent.map((value) => -value).reverse();
        expect(adjustmentNeedsSecondApproval(amount, flipped, limit)).toBe(
          adjustmentNeedsSecondApproval(amount, recent, limit),
        );
      }),
    );
  });

  test('however a sum is split, one staff member alone moves at most the threshold within the window', () => {
    fc.assert(
      fc.property(
        fc.array(cents, { maxLength: 30 }),
        fc.bigInt({ min: 1n, max: 1_000_000_00n }),
        (parts, limit) => {
          // Each request is judged against those before it: carried out alone, or left awaiting
          // (which counts too, as it may still be approved).
          const made: bigint[] = [];
          let alone = 0n;
          for (const amount of parts) {
            if (!adjustmentNeedsSecondApproval(amount, made, limit)) alone += amount < 0n ? -amount : amount;
            made.push(amount);
          }
          expect(alone <= limit).toBe(true);
        },
      ),
    );
  });
});

describe('a change of the four-eyes threshold loosens or tightens the control', () => {
  test.each([
    ['raising it loosens', 100_000n, 100_001n, 'loosens'],
    ['setting it to 0 while on (turning it off) loosens', 100_000n, 0n, 'loosens'],
    ['lowering it tightens', 100_000n, 99_999n, 'tightens'],
    ['lowering it to one cent tightens', 100_000n, 1n, 'tightens'],
    ['turning it on from 0 tightens, whatever the amount', 0n, 1_000_000_000n, 'tightens'],
    ['the same amount is unchanged', 100_000n, 100_000n, 'unchanged'],
    ['0 to 0 is unchanged', 0n, 0n, 'unchanged'],
  ] as const)('%s', (_name, from, to, expected) => {
    expect(thresholdChangeOf(from, to)).toBe(expected);
  });

  test('a loosening is exactly a change after which some amount no longer needs a second approval', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.bigInt({ min: 1n, max: 20_000_000n }),
        (from, to, amount) => {
          const lets = needsSecondApproval(amount, from) && !needsSecondApproval(amount, to);
          if (lets) expect(thresholdChangeOf(from, to)).toBe('loosens');
          if (thresholdChangeOf(from, to) !== 'loosens') expect(lets).toBe(false);
        },
      ),
    );
  });
});
