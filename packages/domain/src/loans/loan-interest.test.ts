import { describe, expect, test } from 'vitest';
import { checkTransition } from '../state-machine.ts';
import {
  applyRepayment,
  computeAccruedDays,
  computeCollection,
  computeDailyInterest,
  computeInterestForDays,
  computeLoanDueAt,
  computeWithdrawable,
  parseAnnualRateBps,
  roundHalfUp,
} from './loan-interest.ts';
import { isOpenLoanStatus, LOAN_APPLICATION_NEXT, LOAN_NEXT } from './loan-status.ts';

describe('daily interest = principal × rate (bps) ÷ 10,000 ÷ 365, roundHalfUp to the cent', () => {
  test.each([
    // $2,000,000.00 at 12.17 %: 200,000,000 × 1217 / 3,650,000 = 66,684.93 → $666.85 a day
    ['Level 1: $2,000,000.00 at 12.17 %', 200_000_000n, 1217, 66_685n],
    // $5,000,000.00 at 12.17 %: 500,000,000 × 1217 / 3,650,000 = 166,712.33 → $1,667.12
    ['Level 2: $5,000,000.00 at 12.17 %', 500_000_000n, 1217, 166_712n],
    // $100.00 at 12.17 %: 10,000 × 1217 / 3,650,000 = 3.334 → 3 cents
    ['$100.00 at 12.17 %', 10_000n, 1217, 3n],
    // $182.50 at 1 %: exactly half a cent → rounds up to 1 cent
    ['half a cent rounds up', 18_250n, 100, 1n],
    // $182.49 at 1 %: just under half a cent → 0
    ['just under half a cent rounds down', 18_249n, 100, 0n],
    ['nothing owed accrues nothing', 0n, 1217, 0n],
  ])('%s', (_name, principal, bps, daily) => {
    expect(computeDailyInterest(principal, bps)).toBe(daily);
  });

  test('25 days of Level 1 are 25 × $666.85 = $16,671.25 (each day rounded, then summed)', () => {
    expect(computeInterestForDays(200_000_000n, 1217, 25)).toBe(1_667_125n);
  });

  test('roundHalfUp rounds halves up and refuses negative amounts', () => {
    expect(roundHalfUp(5n, 10n)).toBe(1n);
    expect(roundHalfUp(4n, 10n)).toBe(0n);
    expect(roundHalfUp(15n, 10n)).toBe(2n);
    expect(() => roundHalfUp(-5n, 10n)).toThrow();
  });

  test.each([
    ['12.17', 1217],
    ['12', 1200],
    ['0.5', 50],
    ['100', 10_000],
  ])('the annual rate "%s" is %i basis points', (text, bps) => {
    expect(parseAnnualRateBps(text)).toBe(bps);
  });
});

describe('days accrued: whole UTC days since payout, at most the term', () => {
  const paidOut = new Date('2026-03-10T15:00:00Z');
  test.each([
    ['the same day', '2026-03-10T23:59:59Z', 0],
    ['at the next UTC midnight', '2026-03-11T00:00:00Z', 1],
    ['three midnights later', '2026-03-13T09:00:00Z', 3],
    ['past the term of 25 days', '2026-06-01T00:00:00Z', 25],
    ['before the payout (a clock behind)', '2026-03-09T00:00:00Z', 0],
  ])('%s', (_name, now, days) => {
    expect(computeAccruedDays(paidOut, new Date(now), 25)).toBe(days);
  });

  test('the loan falls due its term in days after the payout', () => {
    expect(computeLoanDueAt(paidOut, 25).toISOString()).toBe('2026-04-04T15:00:00.000Z');
  });
});

describe('repayments apply to unpaid interest first, then to the principal', () => {
  test.each([
    [
      'less than the interest',
      300n,
      { principal: 10_000n, interest: 200n, toInterest: 300n, toPrincipal: 0n },
    ],
    [
      'the interest and part of the principal',
      1_500n,
      { principal: 9_000n, interest: 0n, toInterest: 500n, toPrincipal: 1_000n },
    ],
    ['everything owed', 10_500n, { principal: 0n, interest: 0n, toInterest: 500n, toPrincipal: 10_000n }],
  ])('repaying %s', (_name, amount, expected) => {
    const applied = applyRepayment({ principal: 10_000n, interest: 500n }, amount);
    expect(applied).toEqual({ ok: true, value: expected });
  });

  test('never more than what is owed, never zero', () => {
    expect(applyRepayment({ principal: 10_000n, interest: 500n }, 10_501n).ok).toBe(false);
    expect(applyRepayment({ principal: 10_000n, interest: 500n }, 0n).ok).toBe(false);
  });
});

describe('the end of the term collects min(owed, cash); the rest stays overdue', () => {
  test.each([
    ['cash covers it', 10_000n, 25_000n, { collect: 10_000n, overdue: 0n }],
    ['cash covers part', 10_000n, 4_000n, { collect: 4_000n, overdue: 6_000n }],
    ['no cash', 10_000n, 0n, { collect: 0n, overdue: 10_000n }],
    ['nothing owed', 0n, 4_000n, { collect: 0n, overdue: 0n }],
  ])('%s', (_name, owed, cash, expected) => {
    expect(computeCollection(owed, cash)).toEqual(expected);
  });
});

describe('withdrawable = max(0, available cash − owed)', () => {
  test.each([
    ['no loan', 50_000n, 0n, 50_000n],
    ['a loan smaller than cash', 250_000n, 200_000n, 50_000n],
    ['a loan larger than cash', 100_000n, 200_000n, 0n],
  ])('%s', (_name, cash, owed, withdrawable) => {
    expect(computeWithdrawable(cash, owed)).toBe(withdrawable);
  });
});

describe('the state machines', () => {
  test('an application is decided once: approved and declined are final', () => {
    expect(checkTransition(LOAN_APPLICATION_NEXT, 'pending', 'approved').ok).toBe(true);
    expect(checkTransition(LOAN_APPLICATION_NEXT, 'pending', 'declined').ok).toBe(true);
    expect(checkTransition(LOAN_APPLICATION_NEXT, 'declined', 'approved')).toMatchObject({
      ok: false,
      error: { code: 'ALREADY_DECIDED' },
    });
    expect(checkTransition(LOAN_APPLICATION_NEXT, 'approved', 'declined').ok).toBe(false);
  });

  test('a loan goes active → overdue → repaid, or active → repaid; repaid is final', () => {
    expect(checkTransition(LOAN_NEXT, 'active', 'overdue').ok).toBe(true);
    expect(checkTransition(LOAN_NEXT, 'overdue', 'repaid').ok).toBe(true);
    expect(checkTransition(LOAN_NEXT, 'active', 'repaid').ok).toBe(true);
    expect(checkTransition(LOAN_NEXT, 'overdue', 'active').ok).toBe(false);
    expect(checkTransition(LOAN_NEXT, 'repaid', 'overdue')).toMatchObject({
      ok: false,
      error: { code: 'ALREADY_DECIDED' },
    });
  });

  test('pending applications and active or overdue loans keep a customer from applying again', () => {
    expect(
      ['pending', 'approved', 'declined', 'active', 'overdue', 'repaid'].filter((s) =>
        isOpenLoanStatus(s as 'pending'),
      ),
    ).toEqual(['pending', 'active', 'overdue']);
  });
});
