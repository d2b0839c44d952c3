import { describe, expect, test } from 'vitest';
import { findProofProblem, formatCountdown, listCoinNames, secondsUntil } from './deposit-format.ts';

describe('formatCountdown', () => {
  test.each([
    [3600, '60:00'],
    [3599, '59:59'],
    [61, '1:01'],
    [59, '0:59'],
    [0, '0:00'],
    [-5, '0:00'],
  ])('%i s reads %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});

test('seconds until expiry round up and stop at zero', () => {
  const expiresAt = '2026-03-04T13:00:00.000Z';
  const at = Date.parse(expiresAt);
  expect(secondsUntil(expiresAt, at - 3600_000)).toBe(3600);
  expect(secondsUntil(expiresAt, at - 1500)).toBe(2);
  expect(secondsUntil(expiresAt, at)).toBe(0);
  expect(secondsUntil(expiresAt, at + 10_000)).toBe(0);
});

test('a proof is an image or a PDF of at most 5 MB', () => {
  expect(findProofProblem(new File(['x'], 'a.png', { type: 'image/png' }))).toBeNull();
  expect(findProofProblem(new File(['x'], 'a.pdf', { type: 'application/pdf' }))).toBeNull();
  expect(findProofProblem(new File(['x'], 'a.txt', { type: 'text/plain' }))).toBe(
    'Please choose a PNG, JPEG or WebP image or a PDF document.',
  );
  const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
  expect(findProofProblem(big)).toBe('The file is larger than 5 MB.');
});

describe('listCoinNames', () => {
  test.each([
    [['bitcoin', 'ethereum', 'usdt'], 'Bitcoin, Ethereum or USDT'],
    [['bitcoin', 'usdt'], 'Bitcoin or USDT'],
    [['ethereum'], 'Ethereum'],
    [[], ''],
  ] as const)('%j reads %s', (coins, shown) => {
    expect(listCoinNames(coins)).toBe(shown);
  });
});
