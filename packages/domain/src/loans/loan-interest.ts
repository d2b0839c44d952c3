import { err, ok, type Result } from '../result.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DAYS_PER_YEAR = 365n;
const BPS_PER_UNIT = 10_000n;

/**
 * Named rounding rule `roundHalfUp`: numerator / denominator (both ≥ 0) to the nearest whole cent,
 * halves up. Interest is never negative, so this is also "half away from zero".
 */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  if (numerator < 0n) throw new Error('roundHalfUp rounds amounts that are not negative');
  return (2n * numerator + denominator) / (2n * denominator);
}

/** "12.17" (percent a year, at most two decimals) → 1217 basis points. */
export function parseAnnualRateBps(percent: string): number {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent);
  if (!match) throw new Error(`not an annual percentage: ${percent}`);
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (bps > 10_000) throw new Error(`above 100 %: ${percent}`);
  return bps;
}

/**
 * One day's interest in cents. Simple interest: it accrues on the principal still outstanding
 * only (never on unpaid interest): principal × rate (basis points) ÷ 10,000 ÷ 365, rounded once
 * with `roundHalfUp`. Every day of the same principal accrues the same amount.
 */
export function computeDailyInterest(principalCents: bigint, annualRateBps: number): bigint {
  if (principalCents < 0n) throw new Error('negative principal');
  if (!Number.isInteger(annualRateBps) || annualRateBps < 0) throw new Error('rate out of range');
  return roundHalfUp(principalCents * BigInt(annualRateBps), BPS_PER_UNIT * DAYS_PER_YEAR);
}

/** Interest for `days` whole days on an unchanged principal: days × the daily interest. */
export function computeInterestForDays(principalCents: bigint, annualRateBps: number, days: number): bigint {
  if (!Number.isInteger(days) || days < 0) throw new Error('days are a whole number, not negative');
  return computeDailyInterest(principalCents, annualRateBps) * BigInt(days);
}

/** The UTC day number (days since 1970-01-01) of an instant. */
export function utcDayNumber(at: Date): number {
  return Math.floor(at.getTime() / DAY_MS);
}

/**
 * The whole UTC days a loan paid out at `paidOutAt` has accrued by `now`: one per UTC midnight
 * passed, never more than the term (interest stops at the end of the term; an overdue amount
 * accrues no more interest). A loan paid out at 15:00 has accrued one day at the next 00:00.
 */
export function computeAccruedDays(paidOutAt: Date, now: Date, termDays: number): number {
  const days = utcDayNumber(now) - utcDayNumber(paidOutAt);
  return Math.max(0, Math.min(days, termDays));
}

/** When a loan paid out at `paidOutAt` with a term of `termDays` falls due. */
export function computeLoanDueAt(paidOutAt: Date, termDays: number): Date {
  if (!Number.isInteger(termDays) || termDays <= 0) throw new Error('a term is a whole number of days');
  return new Date(paidOutAt.getTime() + termDays * DAY_MS);
}

/** What a loan still owes: the principal outstanding and the interest accrued and not yet repaid. */
export type LoanBalance = { principal: bigint; interest: bigint };

export function owedOf(balance: LoanBalance): bigint {
  return balance.principal + balance.interest;
}

/**
 * A repayment applies to the unpaid interest first, then to the principal. It can never exceed
 * what is owed (a loan account never goes above zero): VALIDATION_FAILED otherwise.
 */
export function applyRepayment(
  balance: LoanBalance,
  amount: bigint,
): Result<
  LoanBalance & { toInterest: bigint; toPrincipal: bigint },
  { code: 'VALIDATION_FAILED'; message: string }
> {
  if (amount <= 0n) return err({ code: 'VALIDATION_FAILED', message: 'Please enter an amount' });
  if (amount > owedOf(balance)) {
    return err({ code: 'VALIDATION_FAILED', message: 'A repayment cannot be more than what is owed' });
  }
  const toInterest = amount < balance.interest ? amount : balance.interest;
  const toPrincipal = amount - toInterest;
  return ok({
    principal: balance.principal - toPrincipal,
    interest: balance.interest - toInterest,
    toInterest,
    toPrincipal,
  });
}

/**
 * What the end of the term (and every later run, while overdue) collects from the available cash:
 * min(owed, cash), and what stays overdue after it.
 */
export function computeCollection(
  owedCents: bigint,
  cashCents: bigint,
): { collect: bigint; overdue: bigint } {
  const cash = cashCents > 0n ? cashCents : 0n;
  const collect = owedCents < cash ? owedCents : cash;
  return { collect, overdue: owedCents - collect };
}

/** Borrowed money can be traded but not withdrawn: the withdrawable amount is max(0, available cash − owed). */
export function computeWithdrawable(availableCents: bigint, owedCents: bigint): bigint {
  const rest = availableCents - owedCents;
  return rest > 0n ? rest : 0n;
}
