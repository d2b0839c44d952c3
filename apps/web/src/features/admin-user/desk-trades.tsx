import { AdminTradePageSchema } from '@candor/contracts/trades';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { apiRequest } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import {
  DIRECTION_LABELS,
  describeDeskState,
  deskStateToneClass,
  directionToneClass,
  resultToneClass,
} from '../../lib/trade-format.ts';

/** The customer's trades booked by the desk (latest 10), with where each proposal stands. */
export function deskTradesQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminDeskTrades(userId),
    queryFn: () =>
      apiRequest(`/api/admin/trades?userId=${encodeURIComponent(userId)}&origin=desk`, AdminTradePageSchema),
  });
}

const COLUMNS = [
  { label: 'Asset' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Prices', className: 'hidden text-right md:table-cell' },
  { label: 'Result', className: 'text-right' },
  { label: 'Reason', className: 'hidden lg:table-cell' },
  { label: 'State' },
];

/**
 * Desk trades on /user/{id}: each booking is a proposal the customer accepts (only then is it
 * posted), rejects, or lets expire; staff see which, and when.
 */
export function DeskTrades({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery(deskTradesQuery(userId));
  return (
    <section aria-labelledby="desk-trades" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="desk-trades" className="text-base font-semibold text-slate-900">
          Desk trades
        </h2>
        {data && data.total > data.items.length ? (
          <p className="text-xs text-slate-500">
            The {data.items.length} latest of {data.total}: all of them in Manage → Trades
          </p>
        ) : null}
      </div>
      {isPending ? (
        <LoadingState>Loading desk trades...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The desk trades could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No trades booked by the desk." />
      ) : (
        <DataTable columns={COLUMNS}>
          {data.items.map((trade) => (
            <tr key={trade.id}>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">{trade.symbol}</span>{' '}
                <span className={`text-xs font-semibold ${directionToneClass(trade.direction)}`}>
                  {DIRECTION_LABELS[trade.direction]}
                </span>
                <time dateTime={trade.openedAt} className="block text-xs text-slate-500">
                  {formatDateTime(trade.openedAt)}
                </time>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {formatUsdDecimal(trade.amount)}
                <span className="block text-xs text-slate-500">×{trade.lotSize}</span>
              </td>
              <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">
                {formatPrice(trade.openPrice)}
                <span className="block text-slate-500">
                  → {trade.closePrice ? formatPrice(trade.closePrice) : '—'}
                </span>
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {trade.result === null ? (
                  '—'
                ) : (
                  <span className={`font-semibold ${resultToneClass(toSignedCents(trade.result))}`}>
                    {formatSignedUsd(toSignedCents(trade.result))}
                  </span>
                )}
              </td>
              <td className="hidden max-w-xs px-4 py-3 text-sm break-words text-slate-600 lg:table-cell">
                {trade.desk?.reason}
              </td>
              <td className="px-4 py-3 text-sm">
                {trade.desk ? (
                  <span className={`font-semibold ${deskStateToneClass(trade.desk.status)}`}>
                    {describeDeskState(trade.desk)}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
