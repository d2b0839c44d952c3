import { describe, expect, test } from 'vitest';
import { drawBridgeInto } from './brownian-bridge.ts';
import { createNormalSource, hashString } from './seeded-random.ts';

const variance = (values: readonly number[]) => {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (values.length - 1);
};

describe('drawBridgeInto', () => {
  const constant = (value: number) => () => value;

  test.each([
    ['without noise a bridge is the straight line', 0, 0, 6, 3, 1, [0, 2, 4, 6]],
    [
      'a 2-step bridge of step variance 8 moves its midpoint by 2 per unit of noise',
      1,
      0,
      2,
      2,
      8,
      [0, 3, 2],
    ],
    ['the ends are kept whatever the noise', 5, -1, 1, 1, 4, [-1, 1]],
  ])('%s', (_scenario, noise, start, end, steps, stepVariance, expected) => {
    const out = new Float64Array(steps + 1);
    drawBridgeInto(out, 0, constant(noise), start, end, steps, stepVariance);
    expect([...out]).toEqual(expected);
  });

  test('writes at the offset and nowhere else', () => {
    const out = new Float64Array(6).fill(9);
    drawBridgeInto(out, 2, constant(0), 1, 3, 2, 1);
    expect([...out]).toEqual([9, 9, 1, 2, 3, 9]);
  });

  test('the midpoint of a 60-step standard bridge has variance 15', () => {
    const next = createNormalSource(hashString('bridge-variance'));
    const out = new Float64Array(61);
    const midpoints = Array.from({ length: 20_000 }, () => {
      drawBridgeInto(out, 0, next, 0, 0, 60, 1);
      return out[30] ?? Number.NaN;
    });
    expect(variance(midpoints)).toBeGreaterThan(14);
    expect(variance(midpoints)).toBeLessThan(16);
  });
});
