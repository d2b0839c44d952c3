import type { AdminTrade } from '@candor/contracts/admin-trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { type MouseEvent, useState } from 'react';
import { CopiedFromBadge } from '../../components/copied-from-mark.tsx';
import { AdminListTab } from '../../components/ui/admin-list-tab.tsx';
import {
  type Column,
  DataTable,
  OpeningRow,
  PHONE_WRAPPING_LINK_CLASS,
} from '../../components/ui/data-table.tsx';
import { EmailText } from '../../components/ui/email-text.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import {
  DIRECTION_LABELS,
  describeDeskState,
  deskStateToneClass,
  directionToneClass,
  resultToneClass,
} from '../../lib/trade-format.ts';
import { ADMIN_TRADE_STATUS_LABELS } from './admin-trade-status.ts';
import { adminTradesPageQuery } from './admin-trades-api.ts';
import { TradeDetailsDialog } from './trade-details-dialog.tsx';

/**
 * The Manage page's All trades tab: every customer's trades, ten a page, searched by e-mail on the
 * server. A row opens the trade's details, where an open trade can be closed at market.
 */
export function TradesTab() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <AdminListTab
      tab="trades"
      query={adminTradesPageQuery}
      noun="trades"
      empty="No trades found."
      emptySearch="No trade was placed from an e-mail address matching your search."
      dialog={openId ? <TradeDetailsDialog id={openId} onDone={() => setOpenId(null)} /> : null}
    >
      {(items) => <TradesTable items={items} onOpen={setOpenId} />}
    </AdminListTab>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Email' },
  { label: 'Asset', className: 'hidden sm:table-cell' },
  { label: 'Direction', className: 'hidden 2xl:table-cell' },
  { label: 'Amount', className: 'hidden text-right sm:table-cell' },
  { label: 'Amount traded', className: 'hidden text-right xl:table-cell' },
  { label: 'Open / close price', className: 'hidden text-right xl:table-cell' },
  { label: 'Outcome', className: 'text-right' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Date', className: 'hidden text-right 2xl:table-cell' },
];

function TradesTable({ items, onOpen }: { items: readonly AdminTrade[]; onOpen: (id: string) => void }) {
  const canClose = useCan('trades.manage');
  return (
    <DataTable columns={COLUMNS} scroll>
      {items.map((trade) => {
        const status = ADMIN_TRADE_STATUS_LABELS[trade.status];
        const direction = DIRECTION_LABELS[trade.direction];
        const amount = formatUsdDecimal(trade.amount);
        // The e-mail and "Close at market" open the details themselves, not the row's click too.
        const openDetails = (event: MouseEvent) => {
          event.stopPropagation();
          onOpen(trade.id);
        };
        return (
          <OpeningRow key={trade.id} onOpen={() => onOpen(trade.id)}>
            <td className="w-full max-w-0 px-4 py-3 sm:w-auto sm:max-w-none">
              <button
                type="button"
                className={`${PHONE_WRAPPING_LINK_CLASS} max-w-full text-left`}
                onClick={openDetails}
              >
                <EmailText email={trade.email} />
              </button>
              {/* On phones the row's summary wraps rather than hiding the status. */}
              <span className="mt-0.5 block text-xs break-words text-slate-500 sm:hidden">
                {direction} {trade.symbol} · {amount} · {status}
              </span>
              {/* Below the widest screens the prices stand here, not in a column of their own (PRODUCT §2). */}
              <span className="mt-0.5 block text-xs break-words text-slate-500 tabular-nums xl:hidden">
                {`Open ${formatPrice(trade.openPrice)} → ${trade.closePrice ? `close ${formatPrice(trade.closePrice)}` : 'running'}`}
              </span>
              {trade.copiedFrom ? (
                <span className="mt-1 block sm:hidden">
                  <CopiedFromBadge trade={trade} />
                </span>
              ) : null}
              {/* Below the widest screens the date stands under the e-mail, not in a column of its own. */}
              <time
                dateTime={trade.openedAt}
                className="mt-0.5 block text-xs break-words text-slate-500 2xl:hidden"
              >
                {formatDateTime(trade.openedAt)}
              </time>
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
              <span className="font-medium text-slate-900">{trade.symbol}</span>{' '}
              {/* Below the widest screens the direction stands beside the asset. */}
              <span className={`text-xs font-semibold 2xl:hidden ${directionToneClass(trade.direction)}`}>
                {direction}
              </span>
              {trade.bookedByDesk ? (
                <span className="block text-[11px] font-semibold text-indigo-700">Booked by desk</span>
              ) : null}
              {trade.desk ? (
                <span className={`block text-[11px] font-semibold ${deskStateToneClass(trade.desk.status)}`}>
                  {describeDeskState(trade.desk)}
                </span>
              ) : null}
              {trade.copiedFrom ? (
                <span className="mt-1 block">
                  <CopiedFromBadge trade={trade} />
                </span>
              ) : null}
            </td>
            <td
              className={`hidden px-4 py-3 font-semibold 2xl:table-cell ${directionToneClass(trade.direction)}`}
            >
              {direction}
            </td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums sm:table-cell">
              {amount}
            </td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums xl:table-cell">
              {formatUsdDecimal(trade.exposure)}
            </td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-700 tabular-nums xl:table-cell">
              <span className="block">{formatPrice(trade.openPrice)}</span>
              <span className="block text-slate-500">
                → {trade.closePrice ? formatPrice(trade.closePrice) : 'running'}
              </span>
            </td>
            <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
              {trade.result === null ? (
                <span className="text-slate-500">—</span>
              ) : (
                <span className={`font-semibold ${resultToneClass(toSignedCents(trade.result))}`}>
                  {formatSignedUsd(toSignedCents(trade.result))}
                </span>
              )}
            </td>
            <td className="hidden px-4 py-3 sm:table-cell">
              <StatusBadge label={status} />
              {/* What the row's details offer for a running trade, said on the row (a tap opens them). */}
              {canClose && trade.status === 'open' ? (
                <button
                  type="button"
                  className="mt-1 block text-xs font-semibold whitespace-nowrap text-brand-700 hover:underline"
                  aria-label={`Close the ${direction} ${trade.symbol} trade of ${trade.email} at market`}
                  onClick={openDetails}
                >
                  Close at market
                </button>
              ) : null}
            </td>
            <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums 2xl:table-cell">
              <time dateTime={trade.openedAt}>{formatDateTime(trade.openedAt)}</time>
            </td>
          </OpeningRow>
        );
      })}
    </DataTable>
  );
}
