import {
  LOAN_APPLICATION_STATUS_LABELS,
  LOAN_MESSAGES,
  LOAN_STATUS_LABELS,
  type Loan,
  type LoanApplication,
  type MyLoans,
} from '@candor/contracts/loans';
import { toMinorUnits } from '@candor/contracts/money';
import type { Plan } from '@candor/contracts/plans';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { balancesQuery } from '../../lib/balances-api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { plansQuery } from '../../lib/plans-api.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { ApplyLoanDialog } from './apply-loan-dialog.tsx';
import { ownLoansQuery } from './loans-api.ts';
import { RepayLoanDialog } from './repay-loan-dialog.tsx';

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * /trading-plans: the loan plans, APPLY FOR LOAN, and the customer's applications and loans. A staff
 * account sees the plans only: it borrows nothing (decision 062).
 */
export function TradingPlansPage() {
  useDocumentBranding('Trading loan plans');
  const isStaff = useIsStaff();
  const plans = useQuery(plansQuery('loan'));
  // A staff account has no loans or portfolio to show: neither is asked for.
  const mine = useQuery({ ...ownLoansQuery, enabled: !isStaff });
  const balances = useQuery({ ...balancesQuery, enabled: !isStaff });
  const [applying, setApplying] = useState<Plan | null>(null);
  const open =
    mine.data?.applications.some((a) => a.status === 'pending') ||
    mine.data?.loans.some((l) => l.status !== 'repaid');

  return (
    <div className="space-y-8">
      <PageHeader
        title="Trading loan plans"
        description="Borrow to trade larger positions. Borrowed money can be traded but not withdrawn, and is repaid from your cash balance."
      />
      {isStaff ? <StaffAccountNotice className="p-4 text-sm" /> : null}
      <section aria-label="Loan plans">
        {plans.isPending ? (
          <LoadingState>Loading loan plans...</LoadingState>
        ) : plans.isError ? (
          <LoadError onRetry={() => void plans.refetch()}>The loan plans could not be loaded.</LoadError>
        ) : plans.data.items.length === 0 ? (
          <EmptyState title="No loan plans are on offer right now." />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            {plans.data.items.map((plan) => (
              <LoanPlanCard
                key={plan.id}
                plan={plan}
                portfolio={isStaff ? undefined : balances.data?.total}
                borrowed={isStaff ? undefined : balances.data?.owed}
                blocked={!!open}
                onApply={isStaff ? undefined : () => setApplying(plan)}
              />
            ))}
          </div>
        )}
      </section>
      {isStaff ? null : (
        <section aria-labelledby="my-loans">
          <h2 id="my-loans" className="mb-3 text-lg font-semibold text-slate-900">
            My loans
          </h2>
          {mine.isPending ? (
            <LoadingState>Loading your loans...</LoadingState>
          ) : mine.isError ? (
            <LoadError onRetry={() => void mine.refetch()}>Your loans could not be loaded.</LoadError>
          ) : (
            <MyLoansList data={mine.data} />
          )}
        </section>
      )}
      {applying ? <ApplyLoanDialog plan={applying} onClose={() => setApplying(null)} /> : null}
    </div>
  );
}

/**
 * Whether a portfolio (cash + reserved funds, the Balances' total) falls short of a loan's minimum:
 * the server checks it again when the customer applies and when staff approve.
 */
function portfolioShortOf(minimum: string, portfolio: string | undefined): boolean {
  return portfolio !== undefined && toMinorUnits(portfolio) < toMinorUnits(minimum);
}

function LoanPlanCard({
  plan,
  portfolio,
  borrowed,
  blocked,
  onApply,
}: {
  plan: Plan;
  /** The customer's portfolio, once their balances are read. */
  portfolio: string | undefined;
  /** What the customer owes on a loan: the part of the portfolio that is borrowed. */
  borrowed: string | undefined;
  blocked: boolean;
  /** Absent for a staff account: no APPLY FOR LOAN. */
  onApply: (() => void) | undefined;
}) {
  const features = plan.features;
  if (features.kind !== 'loan') return null;
  const short = portfolioShortOf(features.minimumPortfolio, portfolio);
  return (
    <Card className="flex flex-col p-5 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
        <span className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Trading loan</span>
      </div>
      <p className="mt-3 text-3xl font-semibold tracking-tight text-slate-900 tabular-nums">
        {formatUsdDecimal(features.amount)}
      </p>
      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        <li>Term: {plan.durationDays} days</li>
        <li>Interest {features.annualInterestPercent}% a year, accrued daily</li>
        <li>Requirement: Portfolio of at least {formatUsdDecimal(features.minimumPortfolio)}</li>
        {portfolio !== undefined ? (
          <li>
            Your portfolio: {formatUsdDecimal(portfolio)}
            {borrowed !== undefined && toMinorUnits(borrowed) > 0n
              ? `, including ${formatUsdDecimal(borrowed)} borrowed, owed on a loan`
              : null}
          </li>
        ) : null}
      </ul>
      {plan.description ? <p className="mt-3 text-sm text-slate-500">{plan.description}</p> : null}
      {onApply ? (
        <div className="mt-auto pt-5">
          <Button className="w-full" disabled={blocked || short} onClick={onApply}>
            APPLY FOR LOAN
          </Button>
          {short && portfolio !== undefined ? (
            <p className="mt-2 text-xs text-slate-500">
              {LOAN_MESSAGES.portfolioTooSmall(
                formatUsdDecimal(features.minimumPortfolio),
                formatUsdDecimal(portfolio),
              )}
            </p>
          ) : blocked ? (
            <p className="mt-2 text-xs text-slate-500">
              You can apply again once your application is decided and your loan is repaid.
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function MyLoansList({ data }: { data: MyLoans }) {
  const balances = useQuery(balancesQuery);
  const [repaying, setRepaying] = useState<Loan | null>(null);
  const undecided = data.applications.filter((a) => a.status !== 'approved');
  if (data.loans.length === 0 && data.applications.length === 0) {
    return <EmptyState title="You have no loans yet.">Apply for a loan plan above.</EmptyState>;
  }
  return (
    <div className="space-y-4">
      {data.loans.map((loan) => (
        <LoanCard key={loan.id} loan={loan} onRepay={() => setRepaying(loan)} />
      ))}
      {undecided.length > 0 ? (
        <div className="space-y-3">
          <h3 className="text-sm font-semibold text-slate-700">Applications</h3>
          {undecided.map((application) => (
            <ApplicationRow key={application.id} application={application} />
          ))}
        </div>
      ) : null}
      <p className="text-xs text-slate-500">{LOAN_MESSAGES.interestAfterDue}</p>
      {repaying ? (
        <RepayLoanDialog
          loan={repaying}
          available={balances.data?.available}
          onClose={() => setRepaying(null)}
        />
      ) : null}
    </div>
  );
}

function LoanCard({ loan, onRepay }: { loan: Loan; onRepay: () => void }) {
  const overdue = loan.status === 'overdue';
  return (
    <Card className={`p-5 sm:p-6 ${overdue ? 'border-red-300' : ''}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {loan.planName} loan of {formatUsdDecimal(loan.amount)}
        </h3>
        <StatusBadge label={LOAN_STATUS_LABELS[loan.status]} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label="Paid out">{formatDay(loan.paidOutAt)}</Fact>
        <Fact label="Due date">
          <span className={overdue ? 'font-semibold text-red-700' : ''}>{formatDay(loan.dueAt)}</span>
        </Fact>
        <Fact label="Interest accrued">
          {formatUsdDecimal(loan.interestAccrued)}{' '}
          <span className="text-xs text-slate-500">
            ({loan.interestDays} of {loan.termDays} days at {loan.annualInterestPercent}%)
          </span>
        </Fact>
        <Fact label="Repaid">{formatUsdDecimal(loan.repaid)}</Fact>
        <Fact label="Owed now">
          <span className={`font-semibold ${overdue ? 'text-red-700' : 'text-slate-900'}`}>
            {formatUsdDecimal(loan.owed)}
          </span>
        </Fact>
      </dl>
      {overdue ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          This loan is overdue: {formatUsdDecimal(loan.owed)} is still owed. It is collected from your cash
          balance as money arrives, or repay it now.
        </p>
      ) : null}
      {loan.status !== 'repaid' ? (
        <div className="mt-4 flex justify-end">
          <Button onClick={onRepay}>Repay</Button>
        </div>
      ) : loan.repaidAt ? (
        <p className="mt-4 text-sm text-emerald-700">Repaid on {formatDay(loan.repaidAt)}.</p>
      ) : null}
    </Card>
  );
}

function ApplicationRow({ application }: { application: LoanApplication }) {
  return (
    <Card className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {application.planName}: {formatUsdDecimal(application.amount)}
        </p>
        <p className="text-xs text-slate-500">Applied {formatDateTime(application.createdAt)}</p>
        {application.decisionReason ? (
          <p className="mt-1 text-sm wrap-anywhere text-slate-600">Reason: {application.decisionReason}</p>
        ) : null}
      </div>
      <StatusBadge
        label={LOAN_APPLICATION_STATUS_LABELS[application.status]}
        className="self-start sm:self-center"
      />
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
