import { describe, expect, test } from 'vitest';
import { DEPOSIT_NEXT, DEPOSIT_STATUSES } from './deposits/deposit-status.ts';
import { checkTransition, isFinalState } from './state-machine.ts';
import {
  confirmedWithdrawalStatus,
  initialWithdrawalStatus,
  WITHDRAWAL_NEXT,
  type WITHDRAWAL_STATUSES,
} from './withdrawals/withdrawal-status.ts';

describe('deposit states', () => {
  test('a pending deposit can be approved or rejected', () => {
    expect(checkTransition(DEPOSIT_NEXT, 'pending', 'approved')).toEqual({ ok: true, value: 'approved' });
    expect(checkTransition(DEPOSIT_NEXT, 'pending', 'rejected')).toEqual({ ok: true, value: 'rejected' });
  });

  test('a decided deposit is final: any further decision is ALREADY_DECIDED', () => {
    for (const from of ['approved', 'rejected'] as const) {
      expect(isFinalState(DEPOSIT_NEXT, from)).toBe(true);
      for (const to of DEPOSIT_STATUSES) {
        const result = checkTransition(DEPOSIT_NEXT, from, to);
        expect(result.ok ? 'allowed' : result.error.code).toBe('ALREADY_DECIDED');
      }
    }
  });
});

describe('withdrawal states', () => {
  const table: [
    string,
    (typeof WITHDRAWAL_STATUSES)[number],
    (typeof WITHDRAWAL_STATUSES)[number],
    string,
  ][] = [
    ['a confirmed request becomes pending', 'awaiting_confirmation', 'pending', 'allowed'],
    ['a confirmed request under a hold goes on hold', 'awaiting_confirmation', 'on_hold', 'allowed'],
    ['an unconfirmed request cannot be approved', 'awaiting_confirmation', 'approved', 'INVALID_TRANSITION'],
    ['a released hold becomes pending', 'on_hold', 'pending', 'allowed'],
    ['a held request cannot be approved', 'on_hold', 'approved', 'INVALID_TRANSITION'],
    ['a pending request can be approved', 'pending', 'approved', 'allowed'],
    ['a pending request can be rejected', 'pending', 'rejected', 'allowed'],
    ['an approved request stays approved', 'approved', 'rejected', 'ALREADY_DECIDED'],
    ['a rejected request stays rejected', 'rejected', 'approved', 'ALREADY_DECIDED'],
  ];
  for (const [name, from, to, outcome] of table) {
    test(name, () => {
      const result = checkTransition(WITHDRAWAL_NEXT, from, to);
      expect(result.ok ? 'allowed' : result.error.code).toBe(outcome);
    });
  }

  test('a new request waits for its code first, then for the hold', () => {
    expect(initialWithdrawalStatus({ requireCode: true, holdEnabled: true })).toBe('awaiting_confirmation');
    expect(initialWithdrawalStatus({ requireCode: false, holdEnabled: true })).toBe('on_hold');
    expect(initialWithdrawalStatus({ requireCode: false, holdEnabled: false })).toBe('pending');
    expect(confirmedWithdrawalStatus({ holdEnabled: true })).toBe('on_hold');
    expect(confirmedWithdrawalStatus({ holdEnabled: false })).toBe('pending');
  });
});
