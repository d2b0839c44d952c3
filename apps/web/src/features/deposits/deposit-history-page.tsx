import { DEPOSIT_MESSAGES, type Deposit, depositStatusLabel } from '@candor/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { DateBadge } from '../../components/ui/date-badge.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { formatCoin } from './deposit-format.ts';
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
        <LoadingState>Loading deposits...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your deposits could not be loaded.</LoadError>
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
          {data.pageCount > 1 ? <Pagination page={page} loaded={data} onPage={setPage} /> : null}
        </div>
      )}
    </div>
  );
}

function DepositRow({ deposit }: { deposit: Deposit }) {
  return (
    <li className="flex items-start gap-4 p-4">
      <DateBadge iso={deposit.createdAt} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">FUND {formatUsdDecimal(deposit.amount)}</p>
        <p className="text-xs font-medium tracking-wide text-slate-500">{DEPOSIT_MESSAGES.historyLabel}</p>
        <p className="mt-1 text-xs text-slate-500 tabular-nums">
          {formatCoin(deposit.cryptoAmount, deposit.coin)}
        </p>
        {deposit.status === 'rejected' && deposit.decisionReason ? (
          <p className="mt-1 text-sm wrap-anywhere text-red-700">Reason: {deposit.decisionReason}</p>
        ) : null}
      </div>
      <StatusBadge label={depositStatusLabel(deposit.status)} className="shrink-0" />
    </li>
  );
}
