import type { Quote } from '@candor/contracts/market';
import { toMinorUnits } from '@candor/contracts/money';
import { CLOSED_BY_LABELS, type Trade } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { CopiedFromBadge, CopyGap } from '../../components/copied-from-mark.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { DIRECTION_LABELS, directionToneClass, resultToneClass } from '../../lib/trade-format.ts';
import { usePriceStream } from '../../lib/use-price-stream.ts';
import { CloseTradeDialog } from './close-trade-dialog.tsx';
import {
  closingPriceNow,
  computeUnrealizedResult,
  describeTradeSpread,
  describeTradeStatus,
} from './trade-figures.ts';
import { ownTradesPageQuery, type TradeListStatus } from './trade-list-api.ts';
import { useCloseTrade } from './use-close-trade.ts';

const TABS = [
  { id: 'closed', label: 'Closed' },
  { id: 'open', label: 'Active' },
] as const satisfies readonly { id: TradeListStatus; label: string }[];

/**
 * The customer's own trades (seed §2 Dashboard): tabs Closed (the default) and Active, five a
 * page, with open and close prices and results. Active trades show their unrealized result at the
 * live price and a Close button.
 */
export function TradeList({ initialTab = 'closed' }: { initialTab?: TradeListStatus }) {
  const headingId = useId();
  const [tab, setTab] = useState<TradeListStatus>(initialTab);
  const [pages, setPages] = useState<Record<TradeListStatus, number>>({ closed: 1, open: 1 });

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Your trades
      </h2>
      <Tabs label="Your trades" tabs={TABS} selected={tab} onSelect={setTab}>
        <TradesPanel
          key={tab}
          status={tab}
          page={pages[tab]}
          onPage={(page) => setPages((previous) => ({ ...previous, [tab]: page }))}
        />
      </Tabs>
    </section>
  );
}

function TradesPanel({
  status,
  page,
  onPage,
}: {
  status: TradeListStatus;
  page: number;
  onPage: (page: number) => void;
}) {
  const queryClient = useQueryClient();
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(ownTradesPageQuery(status, page));
  const items = data?.items;
  const symbols = useMemo(
    () => (status === 'open' && items ? [...new Set(items.map((trade) => trade.symbol))] : []),
    [status, items],
  );
  const { quotes } = usePriceStream(symbols);

  // Closing the last trade of a page empties it: go back to the last page that still has trades.
  useEffect(() => {
    if (!data || isPlaceholderData || data.items.length > 0 || page === 1) return;
    onPage(Math.max(1, Math.min(page - 1, data.pageCount)));
  }, [data, isPlaceholderData, page, onPage]);

  // A trade whose loss reached its amount is closed by the server (stop-out): show it closed.
  const stoppedOut =
    status === 'open' &&
    (items ?? []).some((trade) => {
      const quote = quotes[trade.symbol];
      const result = quote ? computeUnrealizedResult(trade, quote.price) : null;
      return result !== null && result <= -toMinorUnits(trade.amount);
    });
  useEffect(() => {
    if (!stoppedOut) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.me }), 1000);
    return () => clearTimeout(timer);
  }, [stoppedOut, queryClient]);

  if (isPending) return <LoadingState>Loading trades...</LoadingState>;
  if (isError) return <LoadError onRetry={() => void refetch()}>Your trades could not be loaded.</LoadError>;
  if (data.items.length === 0) {
    return status === 'open' ? (
      <EmptyState title="No active trades.">Trades you open on the Market page show here.</EmptyState>
    ) : (
      <EmptyState title="No closed trades yet.">Your trades show here once they are closed.</EmptyState>
    );
  }
  return (
    <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <TradesTable status={status} items={data.items} quotes={quotes} />
      <Pagination page={page} loaded={data} onPage={onPage} loading={isPlaceholderData} />
    </div>
  );
}

function columnsOf(status: TradeListStatus): readonly Column[] {
  return [
    { label: 'Asset' },
    { label: 'Direction', className: 'hidden sm:table-cell' },
    { label: 'Amount', className: 'hidden text-right sm:table-cell' },
    { label: 'Open price', className: 'hidden text-right md:table-cell' },
    {
      label: status === 'open' ? 'Current price' : 'Close price',
      className: 'hidden text-right md:table-cell',
    },
    { label: 'Result', className: 'text-right' },
    { label: 'Status', className: 'hidden sm:table-cell' },
    { label: 'Date', className: 'hidden text-right 2xl:table-cell' },
    ...(status === 'open' ? [{ label: 'Actions', className: 'text-right' }] : []),
  ];
}

function TradesTable({
  status,
  items,
  quotes,
}: {
  status: TradeListStatus;
  items: readonly Trade[];
  quotes: Readonly<Record<string, Quote>>;
}) {
  const { decide, deciding } = useCloseTrade();
  const [closing, setClosing] = useState<Trade | null>(null);

  return (
    <>
      <DataTable columns={columnsOf(status)} scroll>
        {items.map((trade) => (
          <TradeRow
            key={trade.id}
            trade={trade}
            quote={quotes[trade.symbol]}
            busy={deciding === trade.id}
            onClose={() => setClosing(trade)}
          />
        ))}
      </DataTable>
      {closing ? (
        <CloseTradeDialog
          trade={closing}
          quote={quotes[closing.symbol]}
          busy={deciding === closing.id}
          onCancel={() => setClosing(null)}
          onConfirm={async () => {
            await decide(closing.id, 'close');
            setClosing(null);
          }}
        />
      ) : null}
    </>
  );
}

function TradeRow({
  trade,
  quote,
  busy,
  onClose,
}: {
  trade: Trade;
  quote: Quote | undefined;
  busy: boolean;
  onClose: () => void;
}) {
  const open = trade.status === 'open';
  const direction = DIRECTION_LABELS[trade.direction];
  const amount = formatUsdDecimal(trade.amount);
  const status = describeTradeStatus(trade);
  const date = open ? trade.openedAt : (trade.closedAt ?? trade.openedAt);
  // An open trade shows where it would close now (its closing side of the live mid), a closed one where it closed.
  const shownPrice = open ? (quote ? closingPriceNow(trade, quote.price) : null) : trade.closePrice;
  const shownMid = open ? (trade.spread ? quote?.price : undefined) : trade.closeMidPrice;
  const spread = describeTradeSpread(trade);

  return (
    <tr>
      <td className="px-4 py-3">
        <span className="font-medium text-slate-900">{trade.symbol}</span>
        {trade.bookedByDesk ? (
          <span className="ml-2 inline-block rounded bg-indigo-50 px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap text-indigo-700 ring-1 ring-indigo-200 ring-inset">
            Booked by desk
          </span>
        ) : null}
        {trade.copiedFrom ? (
          <span className="mt-1 block">
            <CopiedFromBadge trade={trade} />
          </span>
        ) : null}
        <span className="mt-0.5 block text-xs whitespace-nowrap text-slate-500 sm:hidden">
          <span className={directionToneClass(trade.direction)}>{direction}</span> · {amount}
          {open ? null : ` · ${status}`}
        </span>
        {/* Below md the prices have no columns: they stand under the asset, as the date does. */}
        <span
          data-testid="trade-prices-line"
          className="mt-0.5 block text-xs text-slate-500 tabular-nums md:hidden"
        >
          Open {formatPrice(trade.openPrice)} · {open ? 'Current' : 'Close'}{' '}
          {shownPrice ? formatPrice(shownPrice) : '—'}
        </span>
        {/* Below the widest screens the date stands under the asset, not in a column of its own. */}
        <time dateTime={date} className="mt-0.5 block text-xs text-slate-500 2xl:hidden">
          {formatDateTime(date)}
        </time>
        {trade.copiedFrom ? <CopyGap trade={trade} className="mt-1 max-w-64" /> : null}
        {trade.closedBy === 'admin' ? <ClosedByStaff reason={trade.closeReason} /> : null}
        {/* A copy's own line says it (CopyGap); the customer's own trade says it here. */}
        {trade.closedBy === 'stop_out' && !trade.copiedFrom ? (
          <span className="mt-0.5 block text-xs text-slate-500">{CLOSED_BY_LABELS.stop_out}</span>
        ) : null}
      </td>
      <td className={`hidden px-4 py-3 font-semibold sm:table-cell ${directionToneClass(trade.direction)}`}>
        {direction}
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">
        {amount}
        {trade.lotSize === '1.00' ? null : (
          <span className="block text-xs text-slate-500">Lot size {trade.lotSize}</span>
        )}
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums md:table-cell">
        {formatPrice(trade.openPrice)}
        {trade.openMidPrice ? (
          <span className="block text-xs text-slate-500">
            mid {formatPrice(trade.openMidPrice)}
            {spread ? ` · ${spread}` : ''}
          </span>
        ) : null}
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums md:table-cell">
        {shownPrice ? formatPrice(shownPrice) : '—'}
        {shownMid ? <span className="block text-xs text-slate-500">mid {formatPrice(shownMid)}</span> : null}
      </td>
      <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
        {open ? <UnrealizedResult trade={trade} quote={quote} /> : <ClosedResult result={trade.result} />}
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">
        <StatusBadge label={status} />
      </td>
      <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums 2xl:table-cell">
        <time dateTime={date}>{formatDateTime(date)}</time>
      </td>
      {open ? (
        <td className="px-4 py-3 text-right">
          <Button
            variant="secondary"
            // A tap target at least 44 px high on a phone, where the row is tall anyway.
            className="min-h-11 px-3 py-1.5 text-xs"
            disabled={busy}
            aria-label={`Close the ${direction} ${trade.symbol} trade of ${amount}`}
            onClick={onClose}
          >
            {busy ? 'Closing...' : 'Close'}
          </Button>
        </td>
      ) : null}
    </tr>
  );
}

/** A close by staff decided the result: the customer reads who closed it and why (decision 046 §4). */
function ClosedByStaff({ reason }: { reason: string | null }) {
  return (
    <p className="mt-1.5 max-w-72 rounded-md bg-amber-50 px-2 py-1 text-xs break-words whitespace-normal text-amber-900 ring-1 ring-amber-200 ring-inset">
      <span className="font-semibold">{CLOSED_BY_LABELS.admin}</span>
      {reason ? <span className="block">Reason: {reason}</span> : null}
    </p>
  );
}

function ClosedResult({ result }: { result: string | null }) {
  if (result === null) return <span className="text-slate-500">—</span>;
  const cents = toSignedCents(result);
  return <span className={`font-semibold ${resultToneClass(cents)}`}>{formatSignedUsd(cents)}</span>;
}

/** The result at the latest streamed price; it moves with the market until the trade closes. */
function UnrealizedResult({ trade, quote }: { trade: Trade; quote: Quote | undefined }) {
  const cents = quote ? computeUnrealizedResult(trade, quote.price) : null;
  if (cents === null) return <span className="text-slate-500">—</span>;
  return (
    <>
      <span data-testid="unrealized-result" className={`font-semibold ${resultToneClass(cents)}`}>
        {formatSignedUsd(cents)}
      </span>
      <span className="block text-[11px] font-normal text-slate-500">
        {quote?.stale ? 'price not updating' : 'unrealized'}
      </span>
    </>
  );
}
