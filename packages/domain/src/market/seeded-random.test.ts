import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  createNormalSource,
  hashCounter,
  hashString,
  hashWords,
  integerWords,
  normalFromKey,
} from './seeded-random.ts';

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const variance = (values: readonly number[]) => {
  const m = mean(values);
  return values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1);
};

describe('integerWords', () => {
  test.each([
    [0, [0, 0]],
    [1, [1, 0]],
    [-1, [0xffff_ffff, 0xffff_ffff]],
    [2 ** 32, [0, 1]],
    [-(2 ** 32), [0, 0xffff_ffff]],
    [2 ** 40 + 5, [5, 256]],
  ])('splits %i into %j', (value, words) => {
    expect(integerWords(value)).toEqual(words);
  });
});

describe('hashing', () => {
  test('hashCounter is hashWords of the key, the level and the index words', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffff_ffff }),
        fc.integer({ min: 0, max: 9 }),
        fc.maxSafeInteger().map((n) => Math.trunc(n / 1024)),
        (key, level, index) => {
          expect(hashCounter(key, level, index)).toBe(hashWords([key, level, ...integerWords(index)]));
        },
      ),
    );
  });

  test('the order of the words matters', () => {
    expect(hashWords([1, 2])).not.toBe(hashWords([2, 1]));
    expect(hashString('BTCUSD')).not.toBe(hashString('USDBTC'));
  });

  test('neighbouring counters give unrelated keys', () => {
    const keys = Array.from({ length: 10_000 }, (_, i) => hashCounter(7, 3, i - 5000));
    expect(new Set(keys).size).toBe(10_000);
    const highBitShare = keys.filter((key) => key >= 2 ** 31).length / keys.length;
    expect(highBitShare).toBeGreaterThan(0.47);
    expect(highBitShare).toBeLessThan(0.53);
  });
});

describe('normal numbers', () => {
  test('one key gives one sequence', () => {
    const a = createNormalSource(42);
    const b = createNormalSource(42);
    const c = createNormalSource(43);
    const first = Array.from({ length: 10 }, () => a());
    expect(Array.from({ length: 10 }, () => b())).toEqual(first);
    expect(Array.from({ length: 10 }, () => c())).not.toEqual(first);
  });

  test('a stream has mean 0 and variance 1', () => {
    const next = createNormalSource(hashString('moments'));
    const draws = Array.from({ length: 40_000 }, () => next());
    expect(Math.abs(mean(draws))).toBeLessThan(0.03);
    expect(variance(draws)).toBeGreaterThan(0.97);
    expect(variance(draws)).toBeLessThan(1.03);
    expect(draws.every(Number.isFinite)).toBe(true);
  });

  test('normals drawn straight from keys have mean 0 and variance 1', () => {
    const draws = Array.from({ length: 40_000 }, (_, i) => normalFromKey(hashCounter(1, 1, i)));
    expect(Math.abs(mean(draws))).toBeLessThan(0.03);
    expect(variance(draws)).toBeGreaterThan(0.97);
    expect(variance(draws)).toBeLessThan(1.03);
  });
});
