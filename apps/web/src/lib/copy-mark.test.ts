import type { CopiedFrom } from '@candor/contracts/trades';
import { describe, expect, test } from 'vitest';
import { describeCopyClose, describeCopyOpen, formatDelay, formatPriceDifference } from './copy-mark.ts';

describe('formatDelay', () => {
  test.each([
    { ms: 0, text: '0 ms' },
    { ms: 48, text: '48 ms' },
    { ms: 1_549, text: '1.5 s' },
    { ms: 12_900, text: '12 s' },
    { ms: 185_000, text: '3 min 5 s' },
    { ms: 120_000, text: '2 min' },
    { ms: 7_800_000, text: '2 h 10 min' },
    { ms: 356_400_000, text: '4 d 3 h' },
    { ms: -300_000, text: '5 min' },
  ])('$ms ms reads "$text"', ({ ms, text }) => {
    expect(formatDelay(ms)).toBe(text);
  });
});

describe('formatPriceDifference', () => {
  test.each([
    { difference: '12.50', text: '+12.50' },
    { difference: '-0.00008', text: '−0.00008' },
    { difference: '1250.00', text: '+1,250.00' },
    { difference: '0.00', text: '0.00' },
  ])('$difference reads "$text"', ({ difference, text }) => {
    expect(formatPriceDifference(difference)).toBe(text);
  });
});

const COPY: CopiedFrom = {
  providerName: 'Aurora FX',
  providerTradeId: '00000000-0000-4000-8000-000000000009',
  openDelayMs: 1_500,
  openPriceDifference: '12.50',
  closeDelayMs: null,
  closePriceDifference: null,
};

describe('describeCopyOpen and describeCopyClose', () => {
  test('an open copy says how late and how far it opened, and nothing of a close yet', () => {
    expect(describeCopyOpen(COPY)).toBe('Opened 1.5 s after the provider, +12.50 from their price');
    expect(describeCopyClose(COPY)).toBeNull();
  });

  test('a copy closed at the same price reads "at their price"', () => {
    const closed = { ...COPY, closeDelayMs: 800, closePriceDifference: '0.00' };
    expect(describeCopyClose(closed)).toBe('Closed 800 ms after the provider, at their price');
  });

  test('a copy the follower closed first reads "before the provider"', () => {
    const closed = { ...COPY, closeDelayMs: -300_000, closePriceDifference: '-500.00' };
    expect(describeCopyClose(closed)).toBe('Closed 5 min before the provider, −500.00 from their price');
  });
});
