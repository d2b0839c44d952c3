import { DEPOSIT_MESSAGES, type Deposit, depositStatusLabel } from '@candor/contracts/deposits';
import { toMinorUnits } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { formatCoin, formatMonthDay, STATUS_STYLES } from './deposit-format.ts';
import { depositHistoryQuery } from './deposits-api.ts';

const depositLink =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700';

/** /deposit-history: the customer's deposits, newest first, ten a page (seed §2 Deposit history). */
export function DepositHistoryPage() {
  useDocumentBranding('Deposits');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(depositHistoryQuery(page));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Deposits"
        description="Every deposit you made and where it stands."
        actions={
          <Link to="/deposit" className={depositLink}>
            Deposit
          </Link>
        }
      />
      {isPending ? (
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" /> Loading deposits...
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Your deposits could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState title={DEPOSIT_MESSAGES.empty}>
          <Link to="/deposit" className="font-semibold text-brand-700 hover:underline">
            Make a deposit
          </Link>
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {data.items.map((deposit) => (
              <DepositRow key={deposit.id} deposit={deposit} />
            ))}
          </ul>
          {data.pageCount > 1 ? (
            <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <p className="text-sm text-slate-600">
                Page {data.page} of {data.pageCount}
              </p>
              <Button variant="secondary" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </div>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  const { month, day } = formatMonthDay(deposit.createdAt);
  const label = depositStatusLabel(deposit.status);
  return (
    <li className="flex items-start gap-4 p-4">
      <time
        dateTime={deposit.createdAt}
        className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-slate-100 py-1.5 text-slate-700"
      >
        <span className="text-xs font-semibold uppercase">{month}</span>
        <span className="text-lg leading-tight font-semibold tabular-nums">{day}</span>
      </time>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">
          FUND {formatUsd(toMinorUnits(deposit.amount))}
        </p>
        <p className="text-xs font-medium tracking-wide text-slate-500">{DEPOSIT_MESSAGES.historyLabel}</p>
        <p className="mt-1 text-xs text-slate-500 tabular-nums">
          {formatCoin(deposit.cryptoAmount, deposit.coin)}
        </p>
        {deposit.status === 'rejected' && deposit.decisionReason ? (
          <p className="mt-1 text-sm text-red-700">Reason: {deposit.decisionReason}</p>
        ) : null}
      </div>
      <span
        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
      >
        {label}
      </span>
    </li>
  );
}
