import { expect, test } from 'vitest';
import { needsSecondApproval } from './approval-status.ts';

test('an amount above the threshold needs a second approval; at or below it does not', () => {
  expect(needsSecondApproval(100_001n, 100_000n)).toBe(true);
  expect(needsSecondApproval(100_000n, 100_000n)).toBe(false);
  expect(needsSecondApproval(1n, 100_000n)).toBe(false);
});

test('a threshold of 0 turns four-eyes off', () => {
  expect(needsSecondApproval(10_000_000_00n, 0n)).toBe(false);
});
