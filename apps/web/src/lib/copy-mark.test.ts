import { describe, expect, test } from 'vitest';
import {
  type CopiedTrade,
  describeCopyClose,
  describeCopyOpen,
  describePriceGap,
  formatDelay,
} from './copy-mark.ts';

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

describe('describePriceGap: better or worse for the follower, from the trade’s direction', () => {
  test.each([
    { direction: 'buy', side: 'open', difference: '-4.71', text: '4.71 better than their price' },
    { direction: 'buy', side: 'open', difference: '12.50', text: '12.50 worse than their price' },
    { direction: 'buy', side: 'close', difference: '4.71', text: '4.71 better than their price' },
    { direction: 'buy', side: 'close', difference: '-49.40', text: '49.40 worse than their price' },
    { direction: 'sell', side: 'open', difference: '4.71', text: '4.71 better than their price' },
    { direction: 'sell', side: 'open', difference: '-0.00008', text: '0.00008 worse than their price' },
    { direction: 'sell', side: 'close', difference: '-1250.00', text: '1,250.00 better than their price' },
    { direction: 'sell', side: 'close', difference: '0.00003', text: '0.00003 worse than their price' },
    { direction: 'buy', side: 'close', difference: '-0.00', text: 'at their price' },
    { direction: 'sell', side: 'open', difference: '0.00', text: 'at their price' },
  ] as const)(
    'a $direction copy $side $difference from the provider reads "$text"',
    ({ direction, side, difference, text }) => {
      expect(describePriceGap(direction, side, difference)).toBe(text);
    },
  );
});

const COPY: CopiedTrade = {
  direction: 'buy',
  closedBy: null,
  copiedFrom: {
    providerName: 'Aurora FX',
    providerTradeId: '00000000-0000-4000-8000-000000000009',
    openDelayMs: 1_500,
    openPriceDifference: '12.50',
    closeDelayMs: null,
    closePriceDifference: null,
  },
};

function closed(
  closedBy: CopiedTrade['closedBy'],
  closeDelayMs: number,
  closePriceDifference: string,
): CopiedTrade {
  return { ...COPY, closedBy, copiedFrom: { ...COPY.copiedFrom, closeDelayMs, closePriceDifference } };
}

describe('describeCopyOpen and describeCopyClose', () => {
  test('an open copy says how late it opened and how much worse or better, and nothing of a close yet', () => {
    expect(describeCopyOpen(COPY)).toBe('Opened 1.5 s after the provider, 12.50 worse than their price');
    expect(describeCopyOpen({ ...COPY, direction: 'sell' })).toBe(
      'Opened 1.5 s after the provider, 12.50 better than their price',
    );
    expect(describeCopyClose(COPY)).toBeNull();
  });

  test('a copy closed at the same price reads "at their price"', () => {
    expect(describeCopyClose(closed('copy', 800, '0.00'))).toBe(
      'Closed 800 ms after the provider, at their price',
    );
  });

  test('a copy the follower closed first reads "before the provider"', () => {
    expect(describeCopyClose(closed('customer', -300_000, '-500.00'))).toBe(
      'Closed 5 min before the provider, 500.00 worse than their price',
    );
  });

  test('a copy closed by the copy stop-loss says so, in the statement’s words', () => {
    expect(describeCopyClose(closed('copy_stop_loss', -95_000, '-49.40'))).toBe(
      'Closed by the copy stop-loss 1 min 35 s before the provider, 49.40 worse than their price',
    );
  });

  test('a stopped-out copy says it was stopped out', () => {
    expect(describeCopyClose(closed('stop_out', -4_000, '-3.20'))).toBe(
      'Stopped out 4.0 s before the provider, 3.20 worse than their price',
    );
  });
});
