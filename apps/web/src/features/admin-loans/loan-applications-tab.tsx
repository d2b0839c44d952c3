import {
  type AdminLoanApplication,
  LOAN_APPLICATION_STATUS_LABELS,
  LOAN_REASON_MAX_LENGTH,
  LOAN_STATUS_LABELS,
  type LoanApplicationStatus,
  LoanApplicationStatusSchema,
} from '@candor/contracts/loans';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState } from '../../components/ui/card.tsx';
import { DataTable, OpeningRow, PHONE_WRAPPING_LINK_CLASS } from '../../components/ui/data-table.tsx';
import { CustomerRow, DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { EmailText } from '../../components/ui/email-text.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import {
  adminLoanApplicationQuery,
  adminLoanApplicationsPageQuery,
  decideLoanApplication,
  type LoanDecision,
} from './admin-loans-api.ts';

/**
 * On a phone only the customer and the amount have columns: the plan and the date stand under the
 * customer, the status under the amount (as the deposit and withdrawal rows do), so the row fits the
 * card and nothing of it is cut off.
 */
const COLUMNS = [
  { label: 'Customer', className: 'sm:w-2/5 lg:w-1/5' },
  { label: 'Plan', className: 'hidden sm:table-cell' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Portfolio', className: 'hidden lg:table-cell text-right' },
  { label: 'Monthly income', className: 'hidden lg:table-cell text-right' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Date', className: 'hidden md:table-cell' },
] as const;

/** The Loan applications tab of /all-user: a list, filtered by status, and each application's details. */
export function LoanApplicationsTab() {
  const [status, setStatus] = useState<LoanApplicationStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery(adminLoanApplicationsPageQuery(page, status));

  if (selected) return <LoanApplicationDetails id={selected} onBack={() => setSelected(null)} />;

  return (
    <div className="space-y-4">
      <label className="flex max-w-xs flex-col gap-1.5 text-sm font-medium text-slate-700">
        Status
        <select
          className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as LoanApplicationStatus | '');
            setPage(1);
          }}
        >
          <option value="">All applications</option>
          {LoanApplicationStatusSchema.options.map((value) => (
            <option key={value} value={value}>
              {LOAN_APPLICATION_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      {list.isPending ? (
        <LoadingState>Loading loan applications...</LoadingState>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>The loan applications could not be loaded.</LoadError>
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No loan applications." />
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <DataTable columns={COLUMNS}>
            {list.data.items.map((item) => (
              <OpeningRow key={item.id} onOpen={() => setSelected(item.id)}>
                <td className="w-full max-w-0 px-4 py-3 sm:w-auto">
                  <button
                    type="button"
                    className={`${PHONE_WRAPPING_LINK_CLASS} w-full text-left`}
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelected(item.id);
                    }}
                  >
                    {item.customerName}
                  </button>
                  {/* On a phone the e-mail wraps after its "@" and before its dots; wider, it is cut to
                      the column (two spans: Chrome breaks at <wbr> even in a line that may not wrap). */}
                  <span className="block text-xs wrap-anywhere text-slate-500 sm:hidden">
                    <EmailText email={item.customerEmail} />
                  </span>
                  <span className="hidden truncate text-xs text-slate-500 sm:block">
                    {item.customerEmail}
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">{item.planName} loan</span>
                  <span className="mt-0.5 block text-xs text-slate-500 tabular-nums md:hidden">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </span>
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">{item.planName}</td>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                  {formatUsdDecimal(item.amount)}
                  <span data-testid="status-under-amount" className="mt-1 block sm:hidden">
                    <StatusBadge label={applicationLabel(item)} />
                  </span>
                </td>
                <td className="hidden px-4 py-3 text-right tabular-nums lg:table-cell">
                  {formatUsdDecimal(item.portfolioAtApplication)}
                </td>
                <td className="hidden px-4 py-3 text-right tabular-nums lg:table-cell">
                  {formatUsdDecimal(item.monthlyIncome)}
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
                  <StatusBadge label={applicationLabel(item)} />
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-slate-500 md:table-cell">
                  {formatDateTime(item.createdAt)}
                </td>
              </OpeningRow>
            ))}
          </DataTable>
          <Pagination page={page} loaded={list.data} onPage={setPage} loading={list.isPlaceholderData} />
        </div>
      )}
    </div>
  );
}

/** "Under review", "Declined", or the loan's own status once approved (Active, Overdue, Repaid). */
function applicationLabel(application: AdminLoanApplication): string {
  if (application.loan) return `${LOAN_STATUS_LABELS[application.loan.status]}`;
  return LOAN_APPLICATION_STATUS_LABELS[application.status];
}

function LoanApplicationDetails({ id, onBack }: { id: string; onBack: () => void }) {
  const query = useQuery(adminLoanApplicationQuery(id));
  const canDecide = useCan('loans.decide');
  const [asking, setAsking] = useState<LoanDecision['kind'] | null>(null);
  const { decide, deciding } = useDecisionMutation({
    send: decideLoanApplication,
    recordKey: queryKeys.adminLoanApplications.one,
    // Every staff view: an approval pays out to the customer's balance (the Users tab, their page)
    // and the audit log has a new row, as the deposit and withdrawal decisions refresh them.
    allKey: queryKeys.admin,
    doneMessage: (decision: LoanDecision) =>
      decision.kind === 'approve' ? 'Loan approved and paid out' : 'Application declined',
    notifyFailure: (error) => notify.error(errorMessage(error)),
  });
  const busy = deciding !== null;

  return (
    <div className="space-y-4">
      <BackLinkButton onBack={onBack} />
      {query.isPending ? (
        <LoadingState plain>Loading the application...</LoadingState>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()}>The application could not be loaded.</LoadError>
      ) : (
        <Card>
          <div className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">
                {query.data.planName} loan of {formatUsdDecimal(query.data.amount)}
              </h2>
              <p className="text-sm text-slate-500">Applied {formatDateTime(query.data.createdAt)}</p>
            </div>
            {query.data.status === 'pending' && canDecide ? (
              <div className="flex gap-2">
                <Button className="flex-1 sm:flex-none" disabled={busy} onClick={() => setAsking('approve')}>
                  Approve
                </Button>
                <Button
                  variant="danger"
                  className="flex-1 sm:flex-none"
                  disabled={busy}
                  onClick={() => setAsking('decline')}
                >
                  Decline
                </Button>
              </div>
            ) : (
              <StatusBadge label={applicationLabel(query.data)} className="self-start" />
            )}
          </div>
          <DetailList>
            <CustomerRow
              userId={query.data.userId}
              name={query.data.customerName}
              email={query.data.customerEmail}
            />
            <DetailRow label="Full name given">{query.data.fullName}</DetailRow>
            <DetailRow label="Total monthly income">{formatUsdDecimal(query.data.monthlyIncome)}</DetailRow>
            <DetailRow label="Goal">
              <span className="whitespace-pre-wrap">{query.data.goal}</span>
            </DetailRow>
            <DetailRow label="Portfolio when applying">
              {formatUsdDecimal(query.data.portfolioAtApplication)}
            </DetailRow>
            <DetailRow label="Terms">
              {query.data.termDays} days, interest {query.data.annualInterestPercent}% a year, accrued daily
            </DetailRow>
            <DetailRow label="Status">{LOAN_APPLICATION_STATUS_LABELS[query.data.status]}</DetailRow>
            {query.data.decidedAt ? (
              <DetailRow label="Decided">
                {formatDateTime(query.data.decidedAt)}
                {query.data.decidedBy ? ` by ${query.data.decidedBy.name}` : ''}
              </DetailRow>
            ) : null}
            {query.data.decisionReason ? (
              <DetailRow label="Reason">{query.data.decisionReason}</DetailRow>
            ) : null}
            {query.data.loan ? (
              <>
                <DetailRow label="Loan">
                  <span className={query.data.loan.status === 'overdue' ? 'font-semibold text-red-700' : ''}>
                    {LOAN_STATUS_LABELS[query.data.loan.status]}
                  </span>
                  , due {formatDateTime(query.data.loan.dueAt)}
                </DetailRow>
                <DetailRow label="Interest accrued">
                  {formatUsdDecimal(query.data.loan.interestAccrued)}
                </DetailRow>
                <DetailRow label="Repaid">{formatUsdDecimal(query.data.loan.repaid)}</DetailRow>
                <DetailRow label="Owed now">{formatUsdDecimal(query.data.loan.owed)}</DetailRow>
              </>
            ) : null}
          </DetailList>
        </Card>
      )}
      {asking && query.data ? (
        // Both decisions need a reason (an approval's since decision 044); the customer is mailed either.
        <ReasonDialog
          title={asking === 'approve' ? 'Approve loan' : 'Decline application'}
          readBy="customer"
          confirmLabel={asking === 'approve' ? 'Approve' : 'Decline application'}
          description={
            asking === 'approve'
              ? `${formatUsdDecimal(query.data.amount)} is paid out to ${query.data.customerName}'s cash balance at once. The portfolio requirement is checked again.`
              : `${query.data.customerName} is told the reason by e-mail.`
          }
          busyLabel={asking === 'approve' ? 'Approving...' : 'Declining...'}
          requiredMessage={REASON_REQUIRED}
          hint={
            asking === 'approve'
              ? 'Mailed to the customer with the approval, and recorded in the audit log.'
              : 'Shown to the customer and mailed to them.'
          }
          maxLength={LOAN_REASON_MAX_LENGTH}
          variant={asking === 'approve' ? 'primary' : 'danger'}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={(reason) => {
            void decide(id, { kind: asking, reason }).then(() => setAsking(null));
          }}
        />
      ) : null}
    </div>
  );
}

function BackLinkButton({ onBack }: { onBack: () => void }) {
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 transition hover:text-slate-800"
      onClick={onBack}
    >
      <Icon name="back" className="h-4 w-4" strokeWidth={2} />
      All loan applications
    </button>
  );
}
