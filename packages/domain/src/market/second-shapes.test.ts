import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import {
  MINUTE_SECONDS,
  type MinuteLine,
  minuteBound,
  minuteExtreme,
  SHAPE_COUNT,
  secondValue,
} from './second-shapes.ts';

const seconds = Array.from({ length: MINUTE_SECONDS }, (_, k) => k);

const minuteLine = (magnitude: number) =>
  fc.record({
    start: fc.double({ min: -magnitude, max: magnitude, noNaN: true }),
    delta: fc.double({ min: -200, max: 200, noNaN: true }),
    sign: fc.constantFrom(1 as const, -1 as const),
    shape: fc.integer({ min: 0, max: SHAPE_COUNT - 1 }),
    reversed: fc.boolean(),
  });

const bruteForce = (line: MinuteLine) => {
  const values = seconds.map((k) => secondValue(line, k));
  return { high: Math.max(...values), low: Math.min(...values) };
};

describe('second shapes', () => {
  test('a minute runs from its start to its end, whatever its shape', () => {
    fc.assert(
      fc.property(minuteLine(1e4), (line) => {
        expect(secondValue(line, 0) - line.start).toBe(0);
        expect(secondValue(line, MINUTE_SECONDS)).toBeCloseTo(line.start + line.delta, 9);
      }),
    );
  });

  test('the hull candidates find exactly the highest and lowest of the 60 seconds', () => {
    fc.assert(
      fc.property(minuteLine(1e6), (line) => {
        expect({ high: minuteExtreme(line, true), low: minuteExtreme(line, false) }).toEqual(
          bruteForce(line),
        );
      }),
      { numRuns: 2000 },
    );
  });

  test('with values too large to trust the candidates, every second is read', () => {
    fc.assert(
      fc.property(minuteLine(1e12), (line) => {
        const far = { ...line, start: line.start >= 0 ? line.start + 1e9 : line.start - 1e9 };
        expect({ high: minuteExtreme(far, true), low: minuteExtreme(far, false) }).toEqual(bruteForce(far));
      }),
      { numRuns: 300 },
    );
  });

  test('no second passes the bound of its minute, at any size', () => {
    fc.assert(
      fc.property(fc.oneof(minuteLine(1e3), minuteLine(1e6), minuteLine(1e12)), (line) => {
        expect(minuteBound(line, true)).toBeGreaterThanOrEqual(minuteExtreme(line, true));
        expect(minuteBound(line, false)).toBeLessThanOrEqual(minuteExtreme(line, false));
      }),
      { numRuns: 3000 },
    );
  });

  test('the bound is close to the extreme (it lets a summary skip most minutes)', () => {
    // The line's end is at most |delta| away, the shape's point is the extreme's own: within |delta|.
    fc.assert(
      fc.property(minuteLine(1e3), (line) => {
        expect(minuteBound(line, true) - minuteExtreme(line, true)).toBeLessThanOrEqual(
          Math.abs(line.delta) + 1e-3,
        );
      }),
    );
  });

  test('the 4 readings of a shape (as is, mirrored, reversed, both) differ', () => {
    const base = { start: 0, delta: 0, shape: 17 };
    const variants = [
      { sign: 1, reversed: false },
      { sign: -1, reversed: false },
      { sign: 1, reversed: true },
      { sign: -1, reversed: true },
    ] as const;
    const paths = variants.map((variant) =>
      seconds.map((k) => secondValue({ ...base, ...variant }, k)).join(),
    );
    expect(new Set(paths).size).toBe(4);
  });

  test('second-to-second steps of the shapes have variance close to 1', () => {
    let sum = 0;
    let count = 0;
    for (let shape = 0; shape < SHAPE_COUNT; shape++) {
      const line: MinuteLine = { start: 0, delta: 0, sign: 1, shape, reversed: false };
      for (let k = 1; k <= MINUTE_SECONDS; k++) {
        sum += (secondValue(line, k) - secondValue(line, k - 1)) ** 2;
        count++;
      }
    }
    // A 0 → 0 bridge of 60 unit steps has E[Σ step²] = 59.
    expect(sum / count).toBeGreaterThan((59 / 60) * 0.96);
    expect(sum / count).toBeLessThan((59 / 60) * 1.04);
  });

  test('a shape read first has the same seconds and extremes as read after every other shape', async () => {
    const readShape = async (shapes: number[]) => {
      vi.resetModules();
      const fresh = await import('./second-shapes.ts');
      const lines = shapes.map(
        (shape): MinuteLine => ({ start: 5, delta: -2, sign: -1, shape, reversed: true }),
      );
      const read = lines.map((line) => [
        ...seconds.map((k) => fresh.secondValue(line, k)),
        fresh.minuteExtreme(line, true),
        fresh.minuteExtreme(line, false),
      ]);
      return read.at(-1);
    };
    const all = Array.from({ length: SHAPE_COUNT }, (_, shape) => shape);
    expect(await readShape([700])).toEqual(await readShape([...all.filter((s) => s !== 700), 700]));
  });
});
