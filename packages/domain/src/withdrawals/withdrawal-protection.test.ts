import { describe, expect, test } from 'vitest';
import {
  extendWithdrawalWait,
  findWithdrawalBlock,
  OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS,
  WITHDRAWAL_WAIT_MS,
} from './withdrawal-protection.ts';
import { isCancellableWithdrawal, WITHDRAWAL_NEXT } from './withdrawal-status.ts';

const now = new Date('2026-01-10T12:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('findWithdrawalBlock', () => {
  test('no wait and no freeze allows withdrawals', () => {
    expect(findWithdrawalBlock({ waitUntil: null, waitCause: null, frozenAt: null }, now)).toBeNull();
  });
  test('a wait still running refuses, with its end and cause', () => {
    const state = { waitUntil: later(1), waitCause: 'password_change' as const, frozenAt: null };
    expect(findWithdrawalBlock(state, now)).toEqual({
      kind: 'wait',
      until: later(1),
      cause: 'password_change',
    });
  });
  test('a wait ends exactly at its end', () => {
    const state = { waitUntil: now, waitCause: 'email_change' as const, frozenAt: null };
    expect(findWithdrawalBlock(state, now)).toBeNull();
  });
  test('a freeze comes before a wait', () => {
    const state = { waitUntil: later(1000), waitCause: 'password_reset' as const, frozenAt: now };
    expect(findWithdrawalBlock(state, now)).toEqual({ kind: 'frozen', since: now });
  });
});

describe('extendWithdrawalWait', () => {
  test('a first change waits 24 hours', () => {
    expect(extendWithdrawalWait({ waitUntil: null, waitCause: null }, 'password_change', now)).toEqual({
      waitUntil: later(WITHDRAWAL_WAIT_MS),
      waitCause: 'password_change',
    });
  });
  test('a later change extends the wait to 24 hours from itself', () => {
    const next = extendWithdrawalWait(
      { waitUntil: later(1000), waitCause: 'password_change' },
      'email_change',
      later(5000),
    );
    expect(next.waitCause).toBe('email_change');
    expect(next.waitUntil).toEqual(later(5000 + WITHDRAWAL_WAIT_MS));
  });
  test('a change never shortens a longer wait', () => {
    const far = later(2 * WITHDRAWAL_WAIT_MS);
    expect(
      extendWithdrawalWait({ waitUntil: far, waitCause: 'password_reset' }, 'two_factor_change', now),
    ).toEqual({ waitUntil: far, waitCause: 'two_factor_change' });
  });
  test("a password set through the operator's reset link waits 7 days", () => {
    const week = OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS * 24 * 60 * 60_000;
    expect(week).toBe(7 * WITHDRAWAL_WAIT_MS);
    expect(
      extendWithdrawalWait({ waitUntil: later(1000), waitCause: 'password_change' }, 'operator_reset', now),
    ).toEqual({
      waitUntil: later(week),
      waitCause: 'operator_reset',
    });
  });
  test("the customer's own change after an operator's reset keeps the longer wait and its cause", () => {
    const operator = extendWithdrawalWait({ waitUntil: null, waitCause: null }, 'operator_reset', now);
    expect(extendWithdrawalWait(operator, 'password_change', later(60_000))).toEqual(operator);
  });
});

describe('cancelling', () => {
  test('every undecided status can be cancelled, no decided one', () => {
    for (const [from, next] of Object.entries(WITHDRAWAL_NEXT)) {
      expect((next as readonly string[]).includes('cancelled')).toBe(isCancellableWithdrawal(from));
    }
    expect(isCancellableWithdrawal('on_hold')).toBe(true);
    expect(isCancellableWithdrawal('approved')).toBe(false);
    expect(WITHDRAWAL_NEXT.cancelled).toEqual([]);
  });
});
