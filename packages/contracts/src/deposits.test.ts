import { describe, expect, test } from 'vitest';
import {
  CreateDepositRequestSchema,
  DEPOSIT_MESSAGES,
  depositStatusLabel,
  formatUsdRate,
} from './deposits.ts';

describe('formatUsdRate', () => {
  test.each([
    ['67234.12', '$67,234.12'],
    ['3000', '$3,000.00'],
    ['1.00', '$1.00'],
    ['1', '$1.00'],
    ['0.123456', '$0.123456'],
    ['1234567.5', '$1,234,567.50'],
  ])('%s reads %s', (rate, shown) => {
    expect(formatUsdRate(rate)).toBe(shown);
  });
});

test('a status outside the known ones reads Unknown', () => {
  expect(['pending', 'approved', 'rejected', 'refunded', ''].map(depositStatusLabel)).toEqual([
    'Pending',
    'Approved',
    'Rejected',
    'Unknown',
    'Unknown',
  ]);
});

test('the copy toast names the coin as the seed does', () => {
  expect(DEPOSIT_MESSAGES.copied('bitcoin')).toBe('Bitcoin address copied to clipboard!');
  expect(DEPOSIT_MESSAGES.copied('usdt')).toBe('USDT address copied to clipboard!');
});

test('an empty transaction hash is left out', () => {
  const ids = {
    quoteId: '00000000-0000-4000-8000-000000000001',
    proofFileId: '00000000-0000-4000-8000-000000000002',
  };
  expect(
    CreateDepositRequestSchema.parse({ ...ids, transactionHash: '   ' }).transactionHash,
  ).toBeUndefined();
  expect(CreateDepositRequestSchema.parse({ ...ids, transactionHash: ' 0xab ' }).transactionHash).toBe(
    '0xab',
  );
});
