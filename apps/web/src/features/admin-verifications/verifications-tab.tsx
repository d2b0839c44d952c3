import {
  type AdminVerificationItem,
  VERIFICATION_LIST_FILTER_LABELS,
  VERIFICATION_LIST_FILTERS,
  VERIFICATION_MESSAGES,
  VerificationListFilterSchema,
} from '@candor/contracts/verifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useId } from 'react';
import { z } from 'zod';
import { EmptyState } from '../../components/ui/card.tsx';
import { type Column, DataTable, OpeningRow } from '../../components/ui/data-table.tsx';
import { EmailSearchField } from '../../components/ui/email-search-field.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { adminVerificationsPageQuery } from './admin-verifications-api.ts';
import { ReasonsEditor } from './reasons-editor.tsx';
import { formatWaiting, VERIFICATION_ROW_STATUS_LABELS } from './verification-format.ts';

const FilterSearchSchema = z.object({ filter: VerificationListFilterSchema.catch('queue').default('queue') });

/**
 * The Manage page's Verifications tab (seed-spec §2): Email, Status, Actions (View), ten a page,
 * searched by e-mail on the server. The review queue (pending first, oldest first) is the default;
 * "All" lists every customer's latest submission. A row opens /admin/verifications/{uid}.
 */
export function VerificationsTab() {
  const { filter } = FilterSearchSchema.parse(useSearch({ strict: false }));
  const keep: Record<string, string> =
    filter === 'queue' ? { tab: 'verifications' } : { tab: 'verifications', filter };
  const { page, search, setSearch, setPage } = useListPlace('/all-user', keep);
  const navigate = useNavigate({ from: '/all-user' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    adminVerificationsPageQuery(page, search, filter),
  );
  const filterId = useId();
  const canDecide = useCan('verifications.decide');

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="sm:flex-1">
          <EmailSearchField search={search} onSearch={setSearch} />
        </div>
        <div className="sm:w-48">
          <label htmlFor={filterId} className="mb-1.5 block text-sm font-medium text-slate-700">
            Show
          </label>
          <select
            id={filterId}
            value={filter}
            onChange={(event) => {
              const next = VerificationListFilterSchema.catch('queue').parse(event.target.value);
              void navigate({
                search: {
                  tab: 'verifications',
                  filter: next === 'queue' ? undefined : next,
                  search: search || undefined,
                },
                replace: true,
              });
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          >
            {VERIFICATION_LIST_FILTERS.map((value) => (
              <option key={value} value={value}>
                {VERIFICATION_LIST_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {isPending ? (
        <LoadingState>Loading verifications...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The verifications could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title={VERIFICATION_MESSAGES.empty}>
          {search ? 'No verification matches this e-mail.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <VerificationsTable items={data.items} />
          <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
        </div>
      )}
      {canDecide ? <DeclineReasons /> : null}
    </div>
  );
}

/**
 * The reasons a reviewer picks from to decline, kept apart from any one submission (under a
 * review they invited edits in its middle, and made a phone's page twice as long), closed until
 * opened.
 */
function DeclineReasons() {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="cursor-pointer list-none px-5 py-4 text-sm font-semibold text-slate-900 marker:hidden">
        <span className="flex items-center justify-between gap-3">
          Decline reasons
          <span className="text-xs font-normal text-slate-500 group-open:hidden">Edit the list</span>
        </span>
      </summary>
      <div className="border-t border-slate-100 px-5 py-4">
        <ReasonsEditor />
      </div>
    </details>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Email' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Waiting', className: 'hidden sm:table-cell' },
  { label: 'Submitted', className: 'hidden lg:table-cell' },
  { label: 'Actions', className: 'text-right' },
];

function VerificationsTable({ items }: { items: readonly AdminVerificationItem[] }) {
  const navigate = useNavigate();
  return (
    <DataTable columns={COLUMNS}>
      {items.map((item) => {
        const waiting = formatWaiting(item.waitingSeconds);
        return (
          <OpeningRow
            key={item.userId}
            onOpen={() => void navigate({ to: '/admin/verifications/$uid', params: { uid: item.userId } })}
          >
            <td className="w-full max-w-0 px-4 py-3 sm:w-auto sm:max-w-none">
              <span className="block truncate font-medium text-slate-900">{item.email}</span>
              {/* On a phone the status and the wait stand under the e-mail, which keeps the width. */}
              <span className="mt-0.5 block text-xs text-slate-500 sm:hidden">
                {VERIFICATION_ROW_STATUS_LABELS[item.status]} ·{' '}
                {item.status === 'pending' ? `Waiting ${waiting}` : `Took ${waiting}`}
              </span>
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap sm:table-cell">
              <StatusBadge label={VERIFICATION_ROW_STATUS_LABELS[item.status]} />
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 tabular-nums sm:table-cell">
              {item.status === 'pending' ? waiting : <span className="text-slate-500">Took {waiting}</span>}
            </td>
            <td className="hidden px-4 py-3 whitespace-nowrap text-slate-500 tabular-nums lg:table-cell">
              <time dateTime={item.submittedAt}>{formatDateTime(item.submittedAt)}</time>
            </td>
            <td className="px-4 py-3 text-right">
              <Link
                to="/admin/verifications/$uid"
                params={{ uid: item.userId }}
                aria-label={`View the verification of ${item.email}`}
                className="font-semibold text-brand-700 hover:underline"
                onClick={(event) => event.stopPropagation()}
              >
                View
              </Link>
            </td>
          </OpeningRow>
        );
      })}
    </DataTable>
  );
}
