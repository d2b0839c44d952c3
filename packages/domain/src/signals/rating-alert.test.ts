import { describe, expect, test } from 'vitest';
import { crossesThreshold, type RatingAlertDirection } from './rating-alert.ts';

describe('crossesThreshold', () => {
  const cases: [string, number | null, number, number, RatingAlertDirection, boolean][] = [
    ['the first reading only records', null, 80, 60, 'above', false],
    ['rising from below to above fires "above"', 55, 65, 60, 'above', true],
    ['rising from exactly the threshold fires "above"', 60, 61, 60, 'above', true],
    ['reaching the threshold is not above it', 55, 60, 60, 'above', false],
    ['staying above fires nothing', 65, 70, 60, 'above', false],
    ['falling fires nothing for "above"', 65, 50, 60, 'above', false],
    ['falling from above to below fires "below"', 45, 35, 40, 'below', true],
    ['falling from exactly the threshold fires "below"', 40, 39, 40, 'below', true],
    ['staying below fires nothing', 35, 30, 40, 'below', false],
    ['rising fires nothing for "below"', 35, 45, 40, 'below', false],
  ];
  for (const [name, previous, current, threshold, direction, fires] of cases) {
    test(name, () => {
      expect(crossesThreshold(previous, current, threshold, direction)).toBe(fires);
    });
  }
});
