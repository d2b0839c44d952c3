import { LOAN_MESSAGES } from '@candor/contracts/loans';
import { loanInterestEntry, loanRepaymentEntry } from '@candor/domain/ledger/entries';
import {
  applyRepayment,
  computeAccruedDays,
  computeCollection,
  computeInterestForDays,
  owedOf,
} from '@candor/domain/loans/loan-interest';
import { LOAN_NEXT, type LoanStatus } from '@candor/domain/loans/loan-status';
import { formatPercentBps, formatUsd } from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import type { Actor } from '../../lib/actor.ts';
import { requireTransition, type Transitions } from '../../lib/require-transition.ts';
import { expectPosted, lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { loanBalanceOf } from './loan-rows.ts';
import { type LoanRow, updateLoan } from './loans.repository.ts';

const LOAN_TRANSITIONS: Transitions<LoanStatus> = {
  next: LOAN_NEXT,
  alreadyDecided: () => LOAN_MESSAGES.alreadyRepaid,
  invalid: (from, to) => `A ${from} loan cannot become ${to}`,
};

function plural(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/**
 * Posts the interest of the whole UTC days the loan has accrued by `now` and not yet posted (at most
 * its term: interest stops at the due date), as ONE loan_interest entry naming the days, on the
 * principal outstanding (simple interest, `computeDailyInterest` per day). `interest_days` records
 * how far it got, so running it again the same day posts nothing. The caller holds the loan's lock.
 */
export async function accrueLoanInterest(tx: Db, row: LoanRow, now: Date, actor: Actor): Promise<LoanRow> {
  if (row.status === 'repaid') return row;
  const target = computeAccruedDays(row.paidOutAt, now, row.termDays);
  if (target <= row.interestDays) return row;
  const days = target - row.interestDays;
  const interest = computeInterestForDays(row.principalOutstandingMinor, row.annualRateBps, days);
  if (interest > 0n) {
    const first = row.interestDays + 1;
    const span = first === target ? `day ${target}` : `days ${first}–${target}`;
    expectPosted(
      await postEntries(
        tx,
        [
          loanInterestEntry({
            userId: row.userId,
            interest,
            loanId: row.id,
            description: `Loan interest: ${row.planName}, ${plural(days)} at ${formatPercentBps(row.annualRateBps)}% a year (${span} of ${row.termDays})`,
          }),
        ],
        actor,
      ),
    );
  }
  return updateLoan(tx, row.id, {
    interestDays: target,
    interestOutstandingMinor: row.interestOutstandingMinor + interest,
    interestAccruedMinor: row.interestAccruedMinor + interest,
  });
}

/** Marks a loan that owes nothing any more as repaid. */
export async function closeIfRepaid(tx: Db, row: LoanRow, now: Date): Promise<LoanRow> {
  if (owedOf(loanBalanceOf(row)) !== 0n || row.status === 'repaid') return row;
  const status = requireTransition(LOAN_TRANSITIONS, row.status, 'repaid');
  return updateLoan(tx, row.id, { status, repaidAt: now });
}

export type Collection = { row: LoanRow; collected: bigint; mail?: MailMessage };

/**
 * At the end of the term (and on every later run while overdue): repays min(owed, available cash)
 * with a loan_repayment entry; a loan that then owes nothing is repaid, one that still owes becomes
 * overdue (the customer is told by mail once). Before its due date it does nothing.
 */
export async function collectDueLoan(tx: Db, row: LoanRow, now: Date, actor: Actor): Promise<Collection> {
  if (row.status === 'repaid' || (row.status === 'active' && now < row.dueAt)) return { row, collected: 0n };
  const accounts = await lockCustomerAccounts(tx, [row.userId]);
  const cash = accounts.find((account) => account.kind === 'customer_cash')?.balanceMinor ?? 0n;
  const balance = loanBalanceOf(row);
  const { collect, overdue } = computeCollection(owedOf(balance), cash);
  let current = row;
  if (collect > 0n) {
    const applied = applyRepayment(balance, collect);
    if (!applied.ok) throw new Error('a collection never exceeds what is owed');
    expectPosted(
      await postEntries(
        tx,
        [
          loanRepaymentEntry({
            userId: row.userId,
            amount: collect,
            loanId: row.id,
            description:
              row.status === 'overdue'
                ? `Overdue loan collected from cash: ${row.planName}`
                : `Loan repaid from cash at the end of the term: ${row.planName}`,
          }),
        ],
        actor,
      ),
    );
    current = await updateLoan(tx, row.id, {
      principalOutstandingMinor: applied.value.principal,
      interestOutstandingMinor: applied.value.interest,
      repaidMinor: row.repaidMinor + collect,
    });
  }
  const [customer] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  const siteName = await readSiteName(tx);
  if (overdue === 0n) {
    current = await closeIfRepaid(tx, current, now);
    const mail: MailMessage | undefined = customer && {
      to: customer.email,
      userId: row.userId,
      subject: `${siteName}: your loan is repaid`,
      text: `Hello ${customer.name},\n\nYour ${row.planName} loan is repaid: ${formatUsd(collect)} was collected from your cash balance.`,
    };
    return { row: current, collected: collect, ...(mail ? { mail } : {}) };
  }
  if (current.status === 'active') {
    const status = requireTransition(LOAN_TRANSITIONS, current.status, 'overdue');
    current = await updateLoan(tx, row.id, { status, overdueAt: now });
    const mail: MailMessage | undefined = customer && {
      to: customer.email,
      userId: row.userId,
      subject: `${siteName}: your loan is overdue`,
      text:
        `Hello ${customer.name},\n\nYour ${row.planName} loan reached its due date. ${formatUsd(collect)} was repaid from your cash balance ` +
        `and ${formatUsd(overdue)} is still owed. It is collected from your cash balance as money arrives; you can also repay it on the Loans page. ` +
        'An overdue amount carries no further interest.',
    };
    return { row: current, collected: collect, ...(mail ? { mail } : {}) };
  }
  return { row: current, collected: collect };
}
