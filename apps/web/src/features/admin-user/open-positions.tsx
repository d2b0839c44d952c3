import { AdminTradePageSchema } from '@candor/contracts/admin-trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CopiedFromBadge, CopyGap } from '../../components/copied-from-mark.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { apiRequest } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { DIRECTION_LABELS, directionToneClass } from '../../lib/trade-format.ts';

/** The customer's open trades (first 10), for the /user/{id} page. */
export function openPositionsQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminOpenPositions(userId),
    queryFn: () =>
      apiRequest(`/api/admin/trades?userId=${encodeURIComponent(userId)}&status=open`, AdminTradePageSchema),
  });
}

const COLUMNS = [
  { label: 'Asset' },
  { label: 'Direction' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Amount traded', className: 'hidden text-right sm:table-cell' },
  { label: 'Open price', className: 'hidden text-right md:table-cell' },
  { label: 'Opened', className: 'hidden text-right lg:table-cell' },
];

export function OpenPositions({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery(openPositionsQuery(userId));
  return (
    <section aria-labelledby="open-positions" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="open-positions" className="text-base font-semibold text-slate-900">
          Open positions
        </h2>
        {data && data.total > data.items.length ? (
          <p className="text-xs text-slate-500">
            {data.items.length} of {data.total}: all of them in Manage → Trades
          </p>
        ) : null}
      </div>
      {isPending ? (
        <LoadingState>Loading open positions...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The open positions could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No open positions." />
      ) : (
        <DataTable columns={COLUMNS}>
          {data.items.map((trade) => (
            <tr key={trade.id}>
              <td className="px-4 py-3">
                <span className="font-medium text-slate-900">{trade.symbol}</span>
                {trade.copiedFrom ? (
                  <>
                    <span className="mt-1 block">
                      <CopiedFromBadge trade={trade} />
                    </span>
                    <CopyGap trade={trade} className="mt-1 max-w-64" />
                  </>
                ) : null}
              </td>
              <td className={`px-4 py-3 font-semibold ${directionToneClass(trade.direction)}`}>
                {DIRECTION_LABELS[trade.direction]}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{formatUsdDecimal(trade.amount)}</td>
              <td className="hidden px-4 py-3 text-right tabular-nums sm:table-cell">
                {formatUsdDecimal(trade.exposure)}
              </td>
              <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">
                {formatPrice(trade.openPrice)}
              </td>
              <td className="hidden px-4 py-3 text-right text-slate-500 lg:table-cell">
                <time dateTime={trade.openedAt}>{formatDateTime(trade.openedAt)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
