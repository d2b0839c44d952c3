import {
  formatFeePercent,
  payoutMethodLabel,
  summarizePayout,
  type Withdrawal,
  withdrawalStatusLabel,
} from '@candor/contracts/withdrawals';
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
import { withdrawalsPageQuery } from './withdrawals-api.ts';

const primaryLink =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700';

/** /withdrawals: the customer's withdrawals, newest first, five a page (seed §2). */
export function WithdrawalsPage() {
  useDocumentBranding('Withdrawals');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(withdrawalsPageQuery(page));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        description="Every withdrawal you requested and where it stands."
        actions={
          <Link to="/select-withdrawal" className={primaryLink}>
            Make withdrawal
          </Link>
        }
      />
      {isPending ? (
        <LoadingState>Loading withdrawals...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your withdrawals could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No withdrawals yet." />
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {data.items.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </ul>
          {data.pageCount > 1 ? <Pagination page={page} loaded={data} onPage={setPage} /> : null}
        </div>
      )}
    </div>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  return (
    <li className="flex items-start gap-4 p-4">
      <DateBadge iso={withdrawal.createdAt} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">
          AMOUNT {formatUsdDecimal(withdrawal.amount)}
        </p>
        <p className="text-xs font-medium tracking-wide text-slate-500">TRADING BALANCE WITHDRAWAL</p>
        <p className="mt-1 truncate text-sm text-slate-700" title={summarizePayout(withdrawal)}>
          {payoutMethodLabel(withdrawal)} · {summarizePayout(withdrawal)}
        </p>
        <p className="text-xs text-slate-500 tabular-nums">
          Fee {formatUsdDecimal(withdrawal.fee)} ({formatFeePercent(withdrawal.feePercent)}%) · You receive{' '}
          {formatUsdDecimal(withdrawal.net)}
        </p>
        {withdrawal.status === 'on_hold' && withdrawal.holdReason ? (
          <p className="mt-1 text-sm text-orange-800">Reason: {withdrawal.holdReason}</p>
        ) : null}
        {withdrawal.status === 'rejected' && withdrawal.rejectionReason ? (
          <p className="mt-1 text-sm text-red-700">Reason: {withdrawal.rejectionReason}</p>
        ) : null}
        {withdrawal.status === 'awaiting_confirmation' ? (
          <Link
            to="/select-withdrawal"
            search={{ confirm: withdrawal.id }}
            className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            Enter the confirmation code
          </Link>
        ) : null}
      </div>
      <StatusBadge label={withdrawalStatusLabel(withdrawal.status)} className="shrink-0" />
    </li>
  );
}
