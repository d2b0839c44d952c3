import { LOAN_APPLICATION_STATUS_LABELS, LOAN_STATUS_LABELS } from '@candor/contracts/loans';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { customerLoanApplicationsQuery } from './admin-loans-api.ts';

/** The customer's loan applications and loans on /user/{id} (staff with loans.read); nothing when there are none. */
export function CustomerLoans({ userId }: { userId: string }) {
  const query = useQuery(customerLoanApplicationsQuery(userId));
  if (query.isPending) return <LoadingState>Loading loans...</LoadingState>;
  if (query.isError)
    return <LoadError onRetry={() => void query.refetch()}>The loans could not be loaded.</LoadError>;
  if (query.data.items.length === 0) return null;
  return (
    <Card>
      <h2 className="border-b border-slate-200 px-5 py-4 text-base font-semibold text-slate-900 sm:px-6">
        Loans
      </h2>
      <ul className="divide-y divide-slate-100">
        {query.data.items.map((item) => (
          <li
            key={item.id}
            className="flex flex-col gap-2 px-5 py-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {item.planName}: {formatUsdDecimal(item.amount)}
              </p>
              <p className="text-xs text-slate-500">
                Applied {formatDateTime(item.createdAt)}
                {item.loan ? `, due ${formatDateTime(item.loan.dueAt)}` : ''}
              </p>
              {item.loan ? (
                <p
                  className={item.loan.status === 'overdue' ? 'font-semibold text-red-700' : 'text-slate-700'}
                >
                  Owed {formatUsdDecimal(item.loan.owed)} (interest accrued{' '}
                  {formatUsdDecimal(item.loan.interestAccrued)}, repaid {formatUsdDecimal(item.loan.repaid)})
                </p>
              ) : null}
            </div>
            <StatusBadge
              className="self-start sm:self-center"
              label={
                item.loan ? LOAN_STATUS_LABELS[item.loan.status] : LOAN_APPLICATION_STATUS_LABELS[item.status]
              }
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}
