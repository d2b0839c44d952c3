import { COIN_SPECS } from '@candor/contracts/coins';
import { type AdminDepositItem, depositStatusLabel } from '@candor/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/ui/card.tsx';
import { type Column, DataTable, OpeningRow, ROW_LINK_CLASS } from '../../components/ui/data-table.tsx';
import { RowDecisionButtons } from '../../components/ui/decision-buttons.tsx';
import { EmailSearchField } from '../../components/ui/email-search-field.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { adminDepositsPageQuery } from './admin-deposits-api.ts';
import { RejectDepositDialog } from './reject-deposit-dialog.tsx';
import { useDepositDecision } from './use-deposit-decision.ts';

/** The Manage page's Deposit tab: search by e-mail and pages run on the server, ten a page. */
export function DepositsTab() {
  const { page, search, setSearch, setPage } = useListPlace('/all-user', { tab: 'deposits' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    adminDepositsPageQuery(page, search),
  );

  return (
    <div className="space-y-4">
      <EmailSearchField search={search} onSearch={setSearch} />
      {isPending ? (
        <LoadingState>Loading deposits...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The deposits could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No deposits found.">
          {search ? 'No deposit was made from an address matching your search.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <DepositsTable items={data.items} />
          <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
        </div>
      )}
    </div>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Email' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Method', className: 'hidden md:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Actions' },
  { label: 'Date', className: 'hidden text-right lg:table-cell' },
];

function DepositsTable({ items }: { items: readonly AdminDepositItem[] }) {
  const navigate = useNavigate();
  const { decide, deciding } = useDepositDecision();
  const [rejecting, setRejecting] = useState<AdminDepositItem | null>(null);

  return (
    <>
      <DataTable columns={COLUMNS}>
        {items.map((item) => {
          const label = depositStatusLabel(item.status);
          return (
            <OpeningRow
              key={item.id}
              onOpen={() => void navigate({ to: '/deposit/$id', params: { id: item.id } })}
            >
              <td className="w-full max-w-0 px-4 py-3 sm:w-auto sm:max-w-none">
                <Link
                  to="/deposit/$id"
                  params={{ id: item.id }}
                  className={ROW_LINK_CLASS}
                  onClick={(event) => event.stopPropagation()}
                >
                  {item.email}
                </Link>
                <span className="mt-0.5 block truncate text-xs text-slate-500 sm:hidden">
                  {label} · {COIN_SPECS[item.coin].label}
                </span>
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                {formatUsdDecimal(item.amount)}
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                {COIN_SPECS[item.coin].label}
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <StatusBadge label={label} />
              </td>
              <td className="px-4 py-3">
                {item.status === 'pending' ? (
                  <RowDecisionButtons
                    subject={`the deposit of ${item.email}`}
                    wrap
                    busy={deciding === item.id}
                    onApprove={() => void decide(item.id, { kind: 'approve' })}
                    onReject={() => setRejecting(item)}
                  />
                ) : (
                  <span className="text-xs text-slate-400">—</span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums lg:table-cell">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </td>
            </OpeningRow>
          );
        })}
      </DataTable>
      {rejecting ? (
        <RejectDepositDialog
          email={rejecting.email}
          amount={formatUsdDecimal(rejecting.amount)}
          busy={deciding === rejecting.id}
          onCancel={() => setRejecting(null)}
          onConfirm={async (reason) => {
            await decide(rejecting.id, { kind: 'reject', reason });
            setRejecting(null);
          }}
        />
      ) : null}
    </>
  );
}
