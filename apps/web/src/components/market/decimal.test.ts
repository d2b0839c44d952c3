import { describe, expect, test } from 'vitest';
import { formatChange } from './decimal.ts';

describe('formatChange', () => {
  test.each([
    { percent: '1.25', text: '+1.25%', tone: 'up' },
    { percent: '+0.40', text: '+0.40%', tone: 'up' },
    { percent: '-0.80', text: '-0.80%', tone: 'down' },
    { percent: '0.00', text: '0.00%', tone: 'flat' },
    { percent: '-0.00', text: '0.00%', tone: 'flat' },
    { percent: null, text: '—', tone: null },
  ])('$percent is shown as $text', ({ percent, text, tone }) => {
    expect(formatChange(percent)).toEqual({ text, tone });
  });
});
