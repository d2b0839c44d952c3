import {
  type AdminLoanApplication,
  type AdminLoanApplicationListQuery,
  type AdminLoanApplicationPage,
  type CreateLoanApplicationRequest,
  LOAN_APPLICATIONS_PAGE_SIZE,
  LOAN_MESSAGES,
  type Loan,
  type LoanApplication,
  type MyLoans,
  type RepayLoanRequest,
} from '@candor/contracts/loans';
import { toMinorUnits } from '@candor/contracts/money';
import { loanPayoutEntry, loanRepaymentEntry } from '@candor/domain/ledger/entries';
import {
  applyRepayment,
  computeLoanDueAt,
  owedOf,
  parseAnnualRateBps,
} from '@candor/domain/loans/loan-interest';
import { LOAN_APPLICATION_NEXT, type LoanApplicationStatus } from '@candor/domain/loans/loan-status';
import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { expectPosted, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { formatMailDay } from '../mail/mail-day.ts';
import { findPlan } from '../plans/plans.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { lockUserForShare } from '../users/users.repository.ts';
import { requireActiveAccount, requireCustomerAccount } from '../users/users.service.ts';
import { accrueLoanInterest, closeIfRepaid } from './loan-accrual.ts';
import { loanBalanceOf, toAdminLoanApplication, toLoan, toLoanApplication } from './loan-rows.ts';
import {
  findApplicationWithPeople,
  findLoanByApplication,
  findOpenLoan,
  findPendingApplication,
  insertLoan,
  insertLoanApplication,
  type LoanApplicationRow,
  lockLoan,
  lockLoanApplication,
  selectApplicationPage,
  selectOwnLoans,
  updateLoan,
  updateLoanApplication,
} from './loans.repository.ts';

/** How many applications and loans the customer's page lists. */
const OWN_LOANS_LIMIT = 20;

async function requireCustomer(db: Db, userId: string): Promise<{ name: string; email: string }> {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} vanished`);
  return row;
}

/**
 * Locks the customer's accounts (so applications, approvals and money movements of one customer take
 * turns) and answers their portfolio: available cash + reserved funds, from the ledger.
 */
async function lockPortfolio(tx: Db, userId: string): Promise<bigint> {
  const accounts = await lockCustomerAccounts(tx, [userId]);
  return accounts
    .filter((account) => account.kind === 'customer_cash' || account.kind === 'customer_reserved')
    .reduce((sum, account) => sum + account.balanceMinor, 0n);
}

/** The loan requirement, checked when applying and again when approving: LOAN_REQUIREMENTS_NOT_MET. */
function requirePortfolio(portfolio: bigint, minimum: bigint): void {
  if (portfolio < minimum) {
    throw new AppError(
      'LOAN_REQUIREMENTS_NOT_MET',
      LOAN_MESSAGES.portfolioTooSmall(formatUsd(minimum), formatUsd(portfolio)),
    );
  }
}

/**
 * APPLY FOR LOAN: records an application for a loan plan on sale, with a copy of its terms. The
 * portfolio (cash + reserved) must reach the plan's minimum; a customer has one pending application
 * or open loan at a time (LOAN_ALREADY_OPEN), checked under the lock of their accounts.
 */
export async function applyForLoan({
  tx,
  actor,
  now,
  input,
}: Command<{ input: CreateLoanApplicationRequest }>): Promise<LoanApplication> {
  const plan = isUuid(input.planId) ? await findPlan(tx, input.planId) : undefined;
  if (plan?.features.kind !== 'loan' || plan.durationDays === null) {
    throw new AppError('NOT_FOUND', LOAN_MESSAGES.notALoanPlan);
  }
  if (!plan.onSale) throw new AppError('PLAN_NOT_ON_SALE', 'This plan is not on sale.');
  // The user row first, as a close and a staff role take it (docs/decisions/055): one committed
  // meanwhile is seen (no application left on a closed account), and one under way waits for this.
  // A staff account borrows nothing: it holds no money (decision 062), its role read under that lock.
  requireCustomerAccount(await requireActiveAccount(tx, actor.id));
  const portfolio = await lockPortfolio(tx, actor.id);
  if ((await findPendingApplication(tx, actor.id)) || (await findOpenLoan(tx, actor.id))) {
    throw new AppError('LOAN_ALREADY_OPEN', LOAN_MESSAGES.alreadyOpen);
  }
  const minimum = toMinorUnits(plan.features.minimumPortfolio);
  requirePortfolio(portfolio, minimum);
  const row = await insertLoanApplication(tx, {
    userId: actor.id,
    planId: plan.id,
    planName: plan.name,
    amountMinor: toMinorUnits(plan.features.amount),
    annualRateBps: parseAnnualRateBps(plan.features.annualInterestPercent),
    termDays: plan.durationDays,
    minimumPortfolioMinor: minimum,
    fullName: input.fullName,
    monthlyIncomeMinor: toMinorUnits(input.monthlyIncome),
    goal: input.goal,
    portfolioMinor: portfolio,
    status: 'pending',
    createdAt: now,
  });
  return toLoanApplication(row, null);
}

/** GET /api/loans/mine: the customer's applications and loans, newest first. */
export async function listOwnLoans(db: Db, userId: string): Promise<MyLoans> {
  const found = await selectOwnLoans(db, userId, OWN_LOANS_LIMIT);
  const loanByApplication = new Map(found.loans.map((loan) => [loan.applicationId, loan.id]));
  return {
    applications: found.applications.map((row) =>
      toLoanApplication(row, loanByApplication.get(row.id) ?? null),
    ),
    loans: found.loans.map(toLoan),
  };
}

// ---------- staff ----------

export async function listLoanApplications(
  db: Db,
  { page, status, userId }: AdminLoanApplicationListQuery,
): Promise<AdminLoanApplicationPage> {
  const found = await selectApplicationPage(db, {
    page,
    pageSize: LOAN_APPLICATIONS_PAGE_SIZE,
    status,
    userId,
  });
  const loans = new Map<string, Awaited<ReturnType<typeof findLoanByApplication>>>();
  for (const item of found.items) {
    if (item.application.status === 'approved') {
      loans.set(item.application.id, await findLoanByApplication(db, item.application.id));
    }
  }
  return mapPage(found, (item) => toAdminLoanApplication(item, loans.get(item.application.id)));
}

export async function requireAdminLoanApplication(db: Db, id: string): Promise<AdminLoanApplication> {
  const found = isUuid(id) ? await findApplicationWithPeople(db, id) : undefined;
  if (!found) throw new AppError('NOT_FOUND', LOAN_MESSAGES.notFound);
  return toAdminLoanApplication(found, await findLoanByApplication(db, id));
}

const APPLICATION_TRANSITIONS: Transitions<LoanApplicationStatus> = {
  next: LOAN_APPLICATION_NEXT,
  alreadyDecided: (from) => LOAN_MESSAGES.alreadyDecided(from),
  invalid: (from, to) => `A ${from} application cannot be ${to}`,
};

type DecisionInput = { tx: Db; actor: Actor; now: Date; outbox: Outbox; id: string };

/** Locks the application and checks it may move to `to`: NOT_FOUND, or ALREADY_DECIDED once decided. */
async function lockForDecision(tx: Db, id: string, to: LoanApplicationStatus): Promise<LoanApplicationRow> {
  const row = isUuid(id) ? await lockLoanApplication(tx, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', LOAN_MESSAGES.notFound);
  requireTransition(APPLICATION_TRANSITIONS, row.status, to);
  return row;
}

/**
 * Approves a pending application: re-checks the portfolio requirement (under the customer's account
 * lock), pays the amount out with a loan_payout entry (cash up, loan account down), records the loan
 * with its due date, audits it and tells the customer by mail, all in one transaction. The staff
 * member's reason is required (docs/decisions/044): it is the audit row's reason and the decision's,
 * which the approval mail quotes. The row lock makes a second (or simultaneous) decision find the
 * first and refuse: one payout.
 */
export async function approveLoanApplication({
  tx,
  actor,
  now,
  outbox,
  id,
  reason,
}: DecisionInput & { reason: string }): Promise<AdminLoanApplication> {
  const row = await lockForDecision(tx, id, 'approved');
  // A suspension or a close committed meanwhile is seen: no money is paid out to such an account.
  const account = await lockUserForShare(tx, row.userId);
  if (account?.status !== 'active') throw new AppError('CONFLICT', LOAN_MESSAGES.accountNotActive);
  // Nor to a staff account, whose application was recorded before staff were refused (decision 062).
  requireCustomerAccount(account);
  const portfolio = await lockPortfolio(tx, row.userId);
  requirePortfolio(portfolio, row.minimumPortfolioMinor);
  const loanId = crypto.randomUUID();
  const [payout] = expectPosted(
    await postEntries(
      tx,
      [loanPayoutEntry({ userId: row.userId, amount: row.amountMinor, loanId, planName: row.planName })],
      actor,
    ),
  );
  if (!payout) throw new Error('the loan payout was not posted');
  const dueAt = computeLoanDueAt(now, row.termDays);
  await insertLoan(tx, {
    id: loanId,
    applicationId: row.id,
    userId: row.userId,
    planName: row.planName,
    amountMinor: row.amountMinor,
    annualRateBps: row.annualRateBps,
    termDays: row.termDays,
    paidOutAt: now,
    dueAt,
    principalOutstandingMinor: row.amountMinor,
    interestOutstandingMinor: 0n,
    interestAccruedMinor: 0n,
    interestDays: 0,
    repaidMinor: 0n,
    status: 'active',
    payoutEntryId: payout.id,
  });
  await updateLoanApplication(tx, row.id, {
    status: 'approved',
    decisionReason: reason,
    decidedBy: actor.id,
    decidedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'loans.approve',
    targetType: 'loan_application',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: { status: row.status },
    after: {
      status: 'approved',
      loanId,
      amount: formatDecimal(row.amountMinor),
      entryId: payout.id.toString(),
      portfolio: formatDecimal(portfolio),
    },
  });
  const customer = await requireCustomer(tx, row.userId);
  outbox.queue({
    to: customer.email,
    userId: row.userId,
    subject: `${await readSiteName(tx)}: your loan application was approved`,
    text:
      `Hello ${customer.name},\n\nYour application for the ${row.planName} loan was approved and ` +
      `${formatUsd(row.amountMinor)} was paid out to your cash balance. Borrowed money can be traded but not withdrawn. ` +
      `Interest of ${formatDecimal(BigInt(row.annualRateBps), 2)}% a year accrues daily until the due date, ` +
      `${formatMailDay(dueAt)}, when what is owed is repaid from your cash balance. ` +
      'You can repay at any time on the Loans page.' +
      `\n\nNote: ${reason}`,
  });
  return requireAdminLoanApplication(tx, row.id);
}

/** Declines a pending application with a reason the customer reads; no money moves. Audited, mailed. */
export async function declineLoanApplication({
  tx,
  actor,
  now,
  outbox,
  id,
  reason,
}: DecisionInput & { reason: string }): Promise<AdminLoanApplication> {
  const row = await lockForDecision(tx, id, 'declined');
  await updateLoanApplication(tx, row.id, {
    status: 'declined',
    decisionReason: reason,
    decidedBy: actor.id,
    decidedAt: now,
  });
  await recordAudit(tx, {
    actor,
    action: 'loans.decline',
    targetType: 'loan_application',
    targetId: row.id,
    subjectUserId: row.userId,
    reason,
    before: { status: row.status },
    after: { status: 'declined' },
  });
  const customer = await requireCustomer(tx, row.userId);
  outbox.queue({
    to: customer.email,
    userId: row.userId,
    subject: `${await readSiteName(tx)}: your loan application was declined`,
    text: `Hello ${customer.name},\n\nYour application for the ${row.planName} loan was declined.\n\nReason: ${reason}`,
  });
  return requireAdminLoanApplication(tx, row.id);
}

// ---------- repayments ----------

/**
 * The customer repays from available cash: an amount, or everything owed. Interest due so far is
 * accrued first (the loan is locked), so "all" is exactly what is owed now; the amount may not
 * exceed what is owed (VALIDATION_FAILED) nor the available cash (INSUFFICIENT_FUNDS). It applies to
 * unpaid interest first, then to the principal; when nothing is owed the loan is repaid.
 */
export async function repayLoan({
  tx,
  actor,
  now,
  id,
  input,
}: Command<{ id: string; input: RepayLoanRequest }>): Promise<Loan> {
  const locked = isUuid(id) ? await lockLoan(tx, id, actor.id) : undefined;
  if (!locked) throw new AppError('NOT_FOUND', LOAN_MESSAGES.loanNotFound);
  if (locked.status === 'repaid') throw new AppError('INVALID_TRANSITION', LOAN_MESSAGES.alreadyRepaid);
  const row = await accrueLoanInterest(tx, locked, now, actor);
  const balance = loanBalanceOf(row);
  const owed = owedOf(balance);
  const amount = input.all ? owed : toMinorUnits(input.amount ?? '0');
  const applied = applyRepayment(balance, amount);
  if (!applied.ok) {
    throw new AppError('VALIDATION_FAILED', LOAN_MESSAGES.moreThanOwed(formatUsd(owed)));
  }
  const posted = await postEntries(
    tx,
    [
      loanRepaymentEntry({
        userId: row.userId,
        amount,
        loanId: row.id,
        description: `Loan repayment: ${row.planName}`,
      }),
    ],
    actor,
  );
  if (!posted.ok) throw new AppError('INSUFFICIENT_FUNDS', LOAN_MESSAGES.insufficient);
  const updated = await updateLoan(tx, row.id, {
    principalOutstandingMinor: applied.value.principal,
    interestOutstandingMinor: applied.value.interest,
    repaidMinor: row.repaidMinor + amount,
  });
  return toLoan(await closeIfRepaid(tx, updated, now));
}
