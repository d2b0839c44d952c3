import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createBrownianPath } from './brownian-path.ts';

const MINUTES_PER_DAY = 1440;
const MINUTES_PER_BLOCK = 32 * MINUTES_PER_DAY;

const bruteForce = (seed: number, symbol: string, first: number, count: number) => {
  const path = createBrownianPath(seed, symbol);
  const open = path.valueAt(first, 0);
  let [high, low, close] = [open, open, open];
  for (let m = first; m < first + count; m++) {
    for (let s = 0; s < 60; s++) {
      close = path.valueAt(m, s);
      high = Math.max(high, close);
      low = Math.min(low, close);
    }
  }
  return { open, high, low, close };
};

describe('createBrownianPath', () => {
  test('W is 0 at the anchor', () => {
    expect(createBrownianPath(1, 'BTCUSD').valueAt(0, 0)).toBe(0);
    expect(createBrownianPath(99, 'AAPL').valueAt(0, 0)).toBe(0);
  });

  test('a summary equals the open, extremes and close of every second it covers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3 * MINUTES_PER_BLOCK, max: 3 * MINUTES_PER_BLOCK }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer(),
        (first, count, seed) => {
          expect(createBrownianPath(seed, 'ETHUSD').summarize(first, count)).toEqual(
            bruteForce(seed, 'ETHUSD', first, count),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a summary of days (many minutes and hours skipped by their bounds) equals every second it covers', () => {
    const minute = fc.integer({ min: -3 * MINUTES_PER_BLOCK, max: 3 * MINUTES_PER_BLOCK });
    fc.assert(
      fc.property(
        // Hour-aligned starts half of the time, so that whole hours come first as well as in the middle.
        fc.oneof(
          minute,
          minute.map((m) => m - (((m % 60) + 60) % 60)),
        ),
        fc.integer({ min: 600, max: 3 * MINUTES_PER_DAY }),
        fc.integer(),
        (first, count, seed) => {
          expect(createBrownianPath(seed, 'BTCUSD').summarize(first, count)).toEqual(
            bruteForce(seed, 'BTCUSD', first, count),
          );
        },
      ),
      { numRuns: 15 },
    );
  });

  test('a value does not depend on what the path computed before', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -400_000, max: 400_000 }), { minLength: 2, maxLength: 20 }),
        (minutes) => {
          const shared = createBrownianPath(5, 'SOLUSD');
          for (const m of minutes)
            expect(shared.valueAt(m, 17)).toBe(createBrownianPath(5, 'SOLUSD').valueAt(m, 17));
        },
      ),
      { numRuns: 50 },
    );
  });

  test.each([
    ['the anchor', 0],
    ['an hour edge', 60],
    ['a day edge', MINUTES_PER_DAY],
    ['a block edge', MINUTES_PER_BLOCK],
    ['a block edge before the anchor', -MINUTES_PER_BLOCK],
    ['a day edge long before the anchor', -300 * MINUTES_PER_DAY],
  ])('the path has no jump at %s', (_edge, minute) => {
    // Across the edge the step is one second's (standard deviation 1), not an hour's (60).
    for (let seed = 0; seed < 20; seed++) {
      const path = createBrownianPath(seed, 'EURUSD');
      expect(Math.abs(path.valueAt(minute, 0) - path.valueAt(minute - 1, 59))).toBeLessThan(6);
    }
  });

  test.each([
    ['minute', 1, 3000],
    ['hour', 60, 3000],
    ['day', MINUTES_PER_DAY, 3000],
    ['32-day block', MINUTES_PER_BLOCK, 600],
  ])('steps of one %s have a variance of one per second', (_level, minutes, count) => {
    const path = createBrownianPath(3, 'AAPL');
    const at = (step: number) => path.valueAt((step - count / 2) * minutes, 0);
    const squares = Array.from({ length: count }, (_, step) => (at(step + 1) - at(step)) ** 2);
    const perSecond = squares.reduce((sum, square) => sum + square, 0) / count / (minutes * 60);
    expect(perSecond).toBeGreaterThan(0.8);
    expect(perSecond).toBeLessThan(1.2);
  });

  test('the steps just before and just after the anchor are independent', () => {
    const pairs = Array.from({ length: 400 }, (_, seed) => {
      const path = createBrownianPath(seed, 'AAPL');
      return [path.valueAt(MINUTES_PER_BLOCK, 0), -path.valueAt(-MINUTES_PER_BLOCK, 0)] as const;
    });
    const product = pairs.reduce((sum, [after, before]) => sum + after * before, 0);
    const norm = Math.sqrt(pairs.reduce((sum, [after, before]) => sum + after ** 2 * before ** 2, 0));
    // Under independence the normalised sum of products is about N(0, 1).
    expect(Math.abs(product / norm)).toBeLessThan(4);
  });

  test('second-to-second steps have variance 1', () => {
    const path = createBrownianPath(4, 'BTCUSD');
    let sum = 0;
    let previous = path.valueAt(-1, 59);
    for (let m = 0; m < 120; m++) {
      for (let s = 0; s < 60; s++) {
        const value = path.valueAt(m, s);
        sum += (value - previous) ** 2;
        previous = value;
      }
    }
    expect(sum / 7200).toBeGreaterThan(0.93);
    expect(sum / 7200).toBeLessThan(1.07);
  });

  test('seeds and symbols give different paths', () => {
    const at = (seed: number, symbol: string) => createBrownianPath(seed, symbol).valueAt(12_345, 6);
    expect(at(1, 'BTCUSD')).not.toBe(at(2, 'BTCUSD'));
    expect(at(1, 'BTCUSD')).not.toBe(at(1, 'ETHUSD'));
    expect(at(1, 'BTCUSD')).toBe(at(1, 'BTCUSD'));
  });
});
