import { LOAN_APPLICATION_STATUSES, LOAN_STATUSES } from '@candor/domain/loans/loan-status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';
import { journalEntries } from './ledger.ts';
import { plans } from './plans.ts';

/**
 * A loan application (issue 13, item 5): pending → approved | declined (final). It keeps a copy of
 * the loan plan's terms as they were when the customer applied, and the portfolio (cash + reserved)
 * they held then. One pending application per customer.
 */
export const loanApplications = pgTable(
  'loan_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    planName: text('plan_name').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** Percent a year in basis points (12.17 % = 1217). */
    annualRateBps: integer('annual_rate_bps').notNull(),
    termDays: integer('term_days').notNull(),
    minimumPortfolioMinor: bigint('minimum_portfolio_minor', { mode: 'bigint' }).notNull(),
    fullName: text('full_name').notNull(),
    monthlyIncomeMinor: bigint('monthly_income_minor', { mode: 'bigint' }).notNull(),
    goal: text('goal').notNull(),
    portfolioMinor: bigint('portfolio_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: LOAN_APPLICATION_STATUSES }).notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_applications_user_idx').on(t.userId, t.createdAt),
    index('loan_applications_status_idx').on(t.status, t.createdAt),
    uniqueIndex('loan_applications_one_pending_idx').on(t.userId).where(sql`${t.status} = 'pending'`),
    checkOneOf('loan_applications_status', t.status, LOAN_APPLICATION_STATUSES),
    check(
      'loan_applications_amount',
      sql`${t.amountMinor} > 0 and ${t.termDays} > 0 and ${t.annualRateBps} >= 0`,
    ),
  ],
);

/**
 * A loan paid out on approval: active → repaid | overdue → repaid. What it owes is
 * principal_outstanding + interest_outstanding (the customer's loan account is −that); interest
 * accrues once a day on the principal outstanding until the due date (`interest_days` counts the
 * days accrued, so the daily job is idempotent per loan and day). One open loan per customer.
 */
export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .unique()
      .references(() => loanApplications.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    planName: text('plan_name').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    annualRateBps: integer('annual_rate_bps').notNull(),
    termDays: integer('term_days').notNull(),
    paidOutAt: timestamp('paid_out_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    principalOutstandingMinor: bigint('principal_outstanding_minor', { mode: 'bigint' }).notNull(),
    interestOutstandingMinor: bigint('interest_outstanding_minor', { mode: 'bigint' }).notNull(),
    interestAccruedMinor: bigint('interest_accrued_minor', { mode: 'bigint' }).notNull(),
    interestDays: integer('interest_days').notNull().default(0),
    repaidMinor: bigint('repaid_minor', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('active'),
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    repaidAt: timestamp('repaid_at', { withTimezone: true }),
    payoutEntryId: bigint('payout_entry_id', { mode: 'bigint' })
      .notNull()
      .references(() => journalEntries.id),
  },
  (t) => [
    index('loans_user_idx').on(t.userId, t.paidOutAt),
    index('loans_open_idx').on(t.status).where(sql`${t.status} <> 'repaid'`),
    uniqueIndex('loans_one_open_idx').on(t.userId).where(sql`${t.status} <> 'repaid'`),
    checkOneOf('loans_status', t.status, LOAN_STATUSES),
    check(
      'loans_amounts',
      sql`${t.principalOutstandingMinor} >= 0 and ${t.interestOutstandingMinor} >= 0 and ${t.interestDays} between 0 and ${t.termDays}`,
    ),
    check(
      'loans_repaid_owes_nothing',
      sql`${t.status} <> 'repaid' or (${t.principalOutstandingMinor} = 0 and ${t.interestOutstandingMinor} = 0)`,
    ),
  ],
);
