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
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { formatMonthDay, STATUS_STYLES, usd } from './withdrawal-format.ts';
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
        <div
          role="status"
          className="flex items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white py-16 text-sm text-slate-500"
        >
          <Spinner className="h-5 w-5 text-brand-600" /> Loading withdrawals...
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
          Your withdrawals could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState title="No withdrawals yet." />
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {data.items.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
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

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const { month, day } = formatMonthDay(withdrawal.createdAt);
  const label = withdrawalStatusLabel(withdrawal.status);
  return (
    <li className="flex items-start gap-4 p-4">
      <time
        dateTime={withdrawal.createdAt}
        className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-slate-100 py-1.5 text-slate-700"
      >
        <span className="text-xs font-semibold uppercase">{month}</span>
        <span className="text-lg leading-tight font-semibold tabular-nums">{day}</span>
      </time>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">AMOUNT {usd(withdrawal.amount)}</p>
        <p className="text-xs font-medium tracking-wide text-slate-500">TRADING BALANCE WITHDRAWAL</p>
        <p className="mt-1 truncate text-sm text-slate-700" title={summarizePayout(withdrawal)}>
          {payoutMethodLabel(withdrawal)} · {summarizePayout(withdrawal)}
        </p>
        <p className="text-xs text-slate-500 tabular-nums">
          Fee {usd(withdrawal.fee)} ({formatFeePercent(withdrawal.feePercent)}%) · You receive{' '}
          {usd(withdrawal.net)}
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
      <span
        className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
      >
        {label}
      </span>
    </li>
  );
}
