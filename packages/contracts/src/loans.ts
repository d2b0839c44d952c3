import { LOAN_APPLICATION_STATUSES, LOAN_STATUSES } from '@candor/domain/loans/loan-status';
import { formatUsd } from '@candor/domain/money/money';
import { z } from 'zod';
import { DecimalAmountSchema, PageQuerySchema, pageOf, usdAmountSchema } from './money.ts';
import { REASON_REQUIRED, reasonBodySchema } from './reasons.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Loans (issue 13, item 5): applied for on /trading-plans, decided by staff, paid out and repaid through the ledger. */
export const LoanApplicationStatusSchema = z.enum(LOAN_APPLICATION_STATUSES);
export type LoanApplicationStatus = z.infer<typeof LoanApplicationStatusSchema>;
export const LoanStatusSchema = z.enum(LOAN_STATUSES);
export type LoanStatus = z.infer<typeof LoanStatusSchema>;

export const LOAN_APPLICATION_STATUS_LABELS = {
  pending: 'Under review',
  approved: 'Approved',
  declined: 'Declined',
} as const satisfies Record<LoanApplicationStatus, string>;

export const LOAN_STATUS_LABELS = {
  active: 'Active',
  overdue: 'Overdue',
  repaid: 'Repaid',
} as const satisfies Record<LoanStatus, string>;

export const LOAN_FULL_NAME_MAX_LENGTH = 100;
export const LOAN_GOAL_MAX_LENGTH = 1000;
export const LOAN_REASON_MAX_LENGTH = 500;
export const LOAN_APPLICATIONS_PAGE_SIZE = 10;

export const LOAN_MESSAGES = {
  fullNameRequired: 'Enter your full name',
  fullNameTooLong: `At most ${LOAN_FULL_NAME_MAX_LENGTH} characters`,
  incomeRequired: 'Enter your total monthly income',
  goalRequired: 'Tell us what the loan is for',
  goalTooLong: `At most ${LOAN_GOAL_MAX_LENGTH} characters`,
  reasonTooLong: `At most ${LOAN_REASON_MAX_LENGTH} characters`,
  amountRequired: 'Enter an amount',
  applied: 'Your loan application was sent. You will be told in your Messages when it is decided.',
  notFound: 'Loan application not found',
  loanNotFound: 'Loan not found',
  notALoanPlan: 'This is not a loan plan',
  alreadyOpen: 'You already have a loan application under review or a loan that is not repaid.',
  portfolioTooSmall: (minimum: string, portfolio: string) =>
    `This loan requires a portfolio of at least ${minimum}; yours is ${portfolio}.`,
  alreadyDecided: (status: string) => `This application was already ${status}.`,
  alreadyRepaid: 'This loan is already repaid.',
  accountNotActive: 'The account is suspended or closed: a loan cannot be paid out to it.',
  moreThanOwed: (owed: string) => `A repayment cannot be more than what is owed (${owed}).`,
  insufficient: 'Insufficient balance!',
  repaid: 'Your loan is repaid.',
  interestAfterDue:
    'Interest accrues daily until the due date only; an overdue amount carries no further interest and is collected from your cash as it arrives.',
  borrowedNotWithdrawable: (withdrawable: bigint) =>
    `Borrowed money cannot be withdrawn: you can withdraw up to ${formatUsd(withdrawable)}`,
} as const;

/** POST /api/loan-applications: seed §2 APPLY FOR LOAN (FullName, Total Monthly Income, goal, Proceed). */
export const CreateLoanApplicationRequestSchema = z.object({
  planId: z.string().min(1).max(100),
  fullName: readInvisibleAsEmpty(
    z
      .string({ error: LOAN_MESSAGES.fullNameRequired })
      .trim()
      .min(1, LOAN_MESSAGES.fullNameRequired)
      .max(LOAN_FULL_NAME_MAX_LENGTH, LOAN_MESSAGES.fullNameTooLong),
  ),
  monthlyIncome: usdAmountSchema(LOAN_MESSAGES.incomeRequired),
  goal: readInvisibleAsEmpty(
    z
      .string({ error: LOAN_MESSAGES.goalRequired })
      .trim()
      .min(1, LOAN_MESSAGES.goalRequired)
      .max(LOAN_GOAL_MAX_LENGTH, LOAN_MESSAGES.goalTooLong),
  ),
});
export type CreateLoanApplicationRequest = z.infer<typeof CreateLoanApplicationRequestSchema>;

/** A loan: the amount lent, its terms, and what has accrued, been repaid and is owed now. */
export const LoanSchema = z
  .object({
    id: z.string(),
    applicationId: z.string(),
    planName: z.string(),
    /** The amount lent. */
    amount: DecimalAmountSchema,
    /** Percent a year, e.g. "12.17". */
    annualInterestPercent: z.string(),
    termDays: z.number().int(),
    paidOutAt: z.iso.datetime(),
    dueAt: z.iso.datetime(),
    /** Whole days of interest accrued so far (at most the term). */
    interestDays: z.number().int(),
    /** Interest accrued so far, in total. */
    interestAccrued: DecimalAmountSchema,
    /** Repaid so far, in total (interest first, then principal). */
    repaid: DecimalAmountSchema,
    principalOutstanding: DecimalAmountSchema,
    interestOutstanding: DecimalAmountSchema,
    /** What is owed now: principal outstanding + unpaid interest. */
    owed: DecimalAmountSchema,
    status: LoanStatusSchema,
    overdueAt: z.iso.datetime().nullable(),
    repaidAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Loan' });
export type Loan = z.infer<typeof LoanSchema>;

/** An application as its customer follows it. */
export const LoanApplicationSchema = z
  .object({
    id: z.string(),
    planId: z.string(),
    planName: z.string(),
    amount: DecimalAmountSchema,
    annualInterestPercent: z.string(),
    termDays: z.number().int(),
    fullName: z.string(),
    monthlyIncome: DecimalAmountSchema,
    goal: z.string(),
    /** Cash + reserved funds when the customer applied. */
    portfolioAtApplication: DecimalAmountSchema,
    status: LoanApplicationStatusSchema,
    /** Why staff declined or approved it (an approval's reason is required: docs/decisions/044). */
    decisionReason: z.string().nullable(),
    createdAt: z.iso.datetime(),
    decidedAt: z.iso.datetime().nullable(),
    loanId: z.string().nullable(),
  })
  .meta({ id: 'LoanApplication' });
export type LoanApplication = z.infer<typeof LoanApplicationSchema>;

/** GET /api/loans/mine */
export const MyLoansSchema = z
  .object({ applications: z.array(LoanApplicationSchema), loans: z.array(LoanSchema) })
  .meta({ id: 'MyLoans' });
export type MyLoans = z.infer<typeof MyLoansSchema>;

/** POST /api/loans/:id/repayments: an amount, or everything owed ("Repay all"). */
export const RepayLoanRequestSchema = z
  .object({
    amount: usdAmountSchema(LOAN_MESSAGES.amountRequired).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => (body.amount === undefined) !== (body.all === undefined), {
    message: 'Give an amount or repay all',
    path: ['amount'],
  });
export type RepayLoanRequest = z.infer<typeof RepayLoanRequestSchema>;

// ---------- staff ----------

export const AdminLoanApplicationListQuerySchema = PageQuerySchema.extend({
  status: LoanApplicationStatusSchema.optional(),
  /** Only one customer's applications (the customer's page, /user/{id}). */
  userId: z.string().min(1).max(100).optional(),
});
export type AdminLoanApplicationListQuery = z.infer<typeof AdminLoanApplicationListQuerySchema>;

export const AdminLoanApplicationSchema = LoanApplicationSchema.extend({
  userId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The loan paid out on approval, with what it owes now. */
  loan: LoanSchema.nullable(),
}).meta({ id: 'AdminLoanApplication' });
export type AdminLoanApplication = z.infer<typeof AdminLoanApplicationSchema>;

export const AdminLoanApplicationPageSchema = pageOf(AdminLoanApplicationSchema, 'AdminLoanApplicationPage');
export type AdminLoanApplicationPage = z.infer<typeof AdminLoanApplicationPageSchema>;

/** How the loan decisions ask for a reason (an approval's and a decline's: the customer reads both). */
/** Both decisions' reasons are mailed to the customer (decision 044). */
const LOAN_REASON_RULES = {
  maxLength: LOAN_REASON_MAX_LENGTH,
  required: REASON_REQUIRED,
  tooLong: LOAN_MESSAGES.reasonTooLong,
  readBy: 'customer',
} as const;

/** POST /api/admin/loan-applications/:id/approve: the payout's reason is required (decision 044). */
export const ApproveLoanApplicationRequestSchema = reasonBodySchema(LOAN_REASON_RULES).meta({
  id: 'ApproveLoanApplicationRequest',
});
export type ApproveLoanApplicationRequest = z.infer<typeof ApproveLoanApplicationRequestSchema>;

export const DeclineLoanApplicationRequestSchema = reasonBodySchema(LOAN_REASON_RULES).meta({
  id: 'DeclineLoanApplicationRequest',
});
export type DeclineLoanApplicationRequest = z.infer<typeof DeclineLoanApplicationRequestSchema>;
