import { DEPOSIT_MESSAGES, type Deposit, depositStatusLabel } from '@candor/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { DateBadge } from '../../components/ui/date-badge.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { DepositDetailsDialog } from './deposit-details-dialog.tsx';
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

/** A deposit in the list: the whole row is a button that opens its details. */
function DepositRow({ deposit }: { deposit: Deposit }) {
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="flex w-full items-start gap-4 p-4 text-left transition hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <DateBadge iso={deposit.createdAt} />
        <span className="block min-w-0 flex-1">
          <span className="block font-semibold text-slate-900 tabular-nums">
            FUND {formatUsdDecimal(deposit.amount)}
          </span>
          <span className="block text-xs font-medium tracking-wide text-slate-500">
            {DEPOSIT_MESSAGES.historyLabel}
          </span>
          <span className="mt-1 block text-xs text-slate-500 tabular-nums">
            {formatCoin(deposit.cryptoAmount, deposit.coin)}
          </span>
          {deposit.status === 'rejected' && deposit.decisionReason ? (
            <span className="mt-1 block text-sm wrap-anywhere text-red-700">
              Reason: {deposit.decisionReason}
            </span>
          ) : null}
        </span>
        <span className="flex shrink-0 items-center gap-2 self-center">
          <StatusBadge label={depositStatusLabel(deposit.status)} />
          <Icon name="chevron" className="h-4 w-4 text-slate-400" />
        </span>
      </button>
      {open ? <DepositDetailsDialog deposit={deposit} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}
