import { type AdminWithdrawalItem, withdrawalStatusLabel } from '@candor/contracts/withdrawals';
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
import { adminWithdrawalsPageQuery } from './admin-withdrawals-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useWithdrawalDecision } from './use-withdrawal-decision.ts';

/** The Manage page's Withdrawals tab: search by e-mail and pages run on the server, five a page. */
export function WithdrawalsTab() {
  const { page, search, setSearch, setPage } = useListPlace('/all-user', { tab: 'withdrawals' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    adminWithdrawalsPageQuery(page, search),
  );

  return (
    <div className="space-y-4">
      <EmailSearchField search={search} onSearch={setSearch} />
      {isPending ? (
        <LoadingState>Loading withdrawals...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The withdrawals could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No withdrawals found.">
          {search ? 'No withdrawal was requested from an address matching your search.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <WithdrawalsTable items={data.items} />
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
  { label: 'Address', className: 'hidden lg:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Actions' },
  { label: 'Date', className: 'hidden text-right xl:table-cell' },
];

function WithdrawalsTable({ items }: { items: readonly AdminWithdrawalItem[] }) {
  const navigate = useNavigate();
  const { decide, deciding } = useWithdrawalDecision();
  const [rejecting, setRejecting] = useState<AdminWithdrawalItem | null>(null);

  return (
    <>
      <DataTable columns={COLUMNS} scroll>
        {items.map((item) => {
          const label = withdrawalStatusLabel(item.status);
          return (
            <OpeningRow
              key={item.id}
              onOpen={() => void navigate({ to: '/withdrawal/$id', params: { id: item.id } })}
            >
              <td className="w-full max-w-0 px-4 py-3 sm:w-auto sm:max-w-48">
                <Link
                  to="/withdrawal/$id"
                  params={{ id: item.id }}
                  className={ROW_LINK_CLASS}
                  onClick={(event) => event.stopPropagation()}
                >
                  {item.email}
                </Link>
                <span className="mt-0.5 block truncate text-xs text-slate-500 sm:hidden">
                  {label} · {item.methodLabel}
                </span>
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
                {formatUsdDecimal(item.amount)}
              </td>
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                {item.methodLabel}
              </td>
              <td className="hidden max-w-40 px-4 py-3 lg:table-cell">
                <span className="block truncate font-mono text-xs text-slate-700" title={item.address}>
                  {item.address}
                </span>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <StatusBadge label={label} className="whitespace-nowrap" />
              </td>
              <td className="px-4 py-3">
                {item.status === 'pending' ? (
                  <RowDecisionButtons
                    subject={`the withdrawal of ${item.email}`}
                    busy={deciding === item.id}
                    onApprove={() => void decide(item.id, { kind: 'approve' })}
                    onReject={() => setRejecting(item)}
                  />
                ) : (
                  <span className="text-xs text-slate-400">—</span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums xl:table-cell">
                <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
              </td>
            </OpeningRow>
          );
        })}
      </DataTable>
      {rejecting ? (
        <ReasonDialog
          title="Reject withdrawal"
          description={`${formatUsdDecimal(rejecting.amount)} to ${rejecting.email}. The reserved amount returns to the customer's balance.`}
          confirmLabel="Reject withdrawal"
          busyLabel="Rejecting..."
          required
          hint="Shown to the customer."
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
