import { AdminTradePageSchema } from '@candor/contracts/admin-trades';
import {
  APPROVAL_MESSAGES,
  APPROVAL_STATUS_LABELS,
  type Approval,
  WaitingDeskTradesSchema,
} from '@candor/contracts/approvals';
import { formatPrice } from '@candor/domain/money/decimal';
import { BOOKING_WINDOW_DAYS } from '@candor/domain/trading/booking-times';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/ui/card.tsx';
import { DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { apiRequest } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
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

/**
 * The customer's desk bookings above the four-eyes threshold that never reached them: waiting for a
 * second staff member, then the latest that expired waiting.
 */
export function waitingDeskTradesQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.adminWaitingDeskTrades(userId),
    queryFn: () =>
      apiRequest(
        `/api/admin/users/${encodeURIComponent(userId)}/waiting-desk-trades`,
        WaitingDeskTradesSchema,
      ),
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
 * posted), rejects, or lets expire; staff see which, and when. A booking above the four-eyes
 * threshold is listed first, awaiting a second approval: the customer has not been told of it. One
 * that expired waiting (its open left the booking window) is listed as expired: staff only, the
 * customer never learned of it.
 */
export function DeskTrades({ userId }: { userId: string }) {
  const { data, isPending, isError, refetch } = useQuery(deskTradesQuery(userId));
  const waiting = useQuery(waitingDeskTradesQuery(userId));
  const bookings = waiting.data?.items ?? [];
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
      {waiting.isError ? (
        <LoadError onRetry={() => void waiting.refetch()}>
          The bookings awaiting a second approval could not be loaded.
        </LoadError>
      ) : null}
      {isPending ? (
        <LoadingState>Loading desk trades...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The desk trades could not be loaded.</LoadError>
      ) : data.items.length === 0 && bookings.length === 0 ? (
        <EmptyState title="No trades booked by the desk." />
      ) : (
        <DataTable columns={COLUMNS} scroll>
          {bookings.map((approval) => (
            <WaitingBookingRow key={approval.id} approval={approval} />
          ))}
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

/**
 * A booking waiting for a second staff member (not yet proposed, the customer not yet told), or one
 * that expired waiting (never proposed, the customer never told).
 */
function WaitingBookingRow({ approval }: { approval: Approval }) {
  const booking = approval.deskTrade;
  if (!booking) return null;
  const expired = approval.status === 'expired';
  return (
    <tr className={expired ? undefined : 'bg-amber-50/40'}>
      <td className="px-4 py-3">
        <span className="font-medium text-slate-900">{booking.symbol}</span>{' '}
        <span className={`text-xs font-semibold ${directionToneClass(booking.direction)}`}>
          {DIRECTION_LABELS[booking.direction]}
        </span>
        <time dateTime={booking.openedAt} className="block text-xs text-slate-500">
          {formatDateTime(booking.openedAt)}
        </time>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        {formatUsdDecimal(booking.amount)}
        <span className="block text-xs text-slate-500">×{booking.lotSize}</span>
      </td>
      <td className="hidden px-4 py-3 text-right tabular-nums md:table-cell">
        {formatPrice(booking.openPrice)}
        <span className="block text-slate-500">→ {formatPrice(booking.closePrice)}</span>
      </td>
      <td className="px-4 py-3 text-right tabular-nums">
        <span className={`font-semibold ${resultToneClass(toSignedCents(booking.result))}`}>
          {formatSignedUsd(toSignedCents(booking.result))}
        </span>
      </td>
      <td className="hidden max-w-xs px-4 py-3 text-sm break-words text-slate-600 lg:table-cell">
        {approval.makerReason}
      </td>
      <td className="px-4 py-3 text-sm">
        {expired ? (
          <>
            <span className="font-semibold text-slate-600">{APPROVAL_STATUS_LABELS.expired}</span>
            <span className="hidden text-xs text-slate-500 sm:block">
              Booked by {approval.maker.name}; its open left the {BOOKING_WINDOW_DAYS}-day booking window
              before it was approved. The customer was never told.
            </span>
          </>
        ) : (
          <>
            <span className="font-semibold text-amber-700">{APPROVAL_MESSAGES.awaiting}</span>
            <span className="hidden text-xs text-slate-500 sm:block">
              Booked by {approval.maker.name}; the customer is not told until it is approved
            </span>
          </>
        )}
      </td>
    </tr>
  );
}
