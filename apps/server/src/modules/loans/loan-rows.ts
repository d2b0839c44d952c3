import type { AdminLoanApplication, Loan, LoanApplication } from '@candor/contracts/loans';
import { owedOf } from '@candor/domain/loans/loan-interest';
import { formatDecimal, formatPercentBps } from '@candor/domain/money/money';
import type { ApplicationWithPeople, LoanApplicationRow, LoanRow } from './loans.repository.ts';

export function loanBalanceOf(row: LoanRow): { principal: bigint; interest: bigint } {
  return { principal: row.principalOutstandingMinor, interest: row.interestOutstandingMinor };
}

export function toLoan(row: LoanRow): Loan {
  return {
    id: row.id,
    applicationId: row.applicationId,
    planName: row.planName,
    amount: formatDecimal(row.amountMinor),
    annualInterestPercent: formatPercentBps(row.annualRateBps),
    termDays: row.termDays,
    paidOutAt: row.paidOutAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    interestDays: row.interestDays,
    interestAccrued: formatDecimal(row.interestAccruedMinor),
    repaid: formatDecimal(row.repaidMinor),
    principalOutstanding: formatDecimal(row.principalOutstandingMinor),
    interestOutstanding: formatDecimal(row.interestOutstandingMinor),
    owed: formatDecimal(owedOf(loanBalanceOf(row))),
    status: row.status,
    overdueAt: row.overdueAt?.toISOString() ?? null,
    repaidAt: row.repaidAt?.toISOString() ?? null,
  };
}

export function toLoanApplication(row: LoanApplicationRow, loanId: string | null): LoanApplication {
  return {
    id: row.id,
    planId: row.planId,
    planName: row.planName,
    amount: formatDecimal(row.amountMinor),
    annualInterestPercent: formatPercentBps(row.annualRateBps),
    termDays: row.termDays,
    fullName: row.fullName,
    monthlyIncome: formatDecimal(row.monthlyIncomeMinor),
    goal: row.goal,
    portfolioAtApplication: formatDecimal(row.portfolioMinor),
    status: row.status,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    loanId,
  };
}

export function toAdminLoanApplication(
  found: ApplicationWithPeople,
  loan: LoanRow | undefined,
): AdminLoanApplication {
  const { application, customer, decider } = found;
  return {
    ...toLoanApplication(application, loan?.id ?? null),
    userId: application.userId,
    customerName: customer.name,
    customerEmail: customer.email,
    decidedBy:
      application.decidedBy === null
        ? null
        : { id: application.decidedBy, name: decider?.name ?? application.decidedBy },
    loan: loan ? toLoan(loan) : null,
  };
}
