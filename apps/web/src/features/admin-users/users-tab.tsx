import {
  type AdminUserFilter,
  type AdminUserListItem,
  IDENTITY_STATUS_LABELS,
  USER_LIST_STATUS_LABELS,
  USER_SORT_LABELS,
  USER_SORTS,
} from '@candor/contracts/admin-user-list';
import { IDENTITY_STATUSES, USER_STATUSES } from '@candor/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useId } from 'react';
import { z } from 'zod';
import { EmptyState } from '../../components/ui/card.tsx';
import { type Column, DataTable, OpeningRow, ROW_LINK_CLASS } from '../../components/ui/data-table.tsx';
import { EmailSearchField } from '../../components/ui/email-search-field.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useListPlace } from '../../lib/use-list-place.ts';
import { adminUsersPageQuery, exportUrl } from './admin-users-api.ts';

/** The filters beside the search live in the URL too (`?tab=users&status=suspended&sort=oldest`). */
const FiltersSchema = z.object({
  status: z.enum(USER_STATUSES).optional().catch(undefined),
  verification: z.enum(IDENTITY_STATUSES).optional().catch(undefined),
  sort: z.enum(USER_SORTS).catch('newest').default('newest'),
});
type Filters = z.infer<typeof FiltersSchema>;

function definedOnly(filters: Filters): Record<string, string> {
  const kept: Record<string, string> = {};
  if (filters.status) kept.status = filters.status;
  if (filters.verification) kept.verification = filters.verification;
  if (filters.sort !== 'newest') kept.sort = filters.sort;
  return kept;
}

/**
 * The Manage page's Users tab (seed-spec §2): customers ten a page, found on the server by the
 * start of their e-mail, username or name, filtered by status and verification, sorted by date
 * joined or balance. A row opens /user/{id}; "Export CSV" downloads every customer of the filter.
 */
export function UsersTab() {
  const filters = FiltersSchema.parse(useSearch({ strict: false }));
  const kept = definedOnly(filters);
  const { page, search, setSearch, setPage } = useListPlace('/all-user', { tab: 'users', ...kept });
  const navigate = useNavigate({ from: '/all-user' });
  const filter: AdminUserFilter = { ...filters, search: search || undefined };
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    adminUsersPageQuery(page, filter),
  );
  const setFilter = (change: Partial<Filters>) =>
    void navigate({
      search: { tab: 'users', ...definedOnly({ ...filters, ...change }), search: search || undefined },
      replace: true,
    });
  const filtered = Boolean(search || filters.status || filters.verification);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="lg:flex-1">
          <EmailSearchField
            search={search}
            onSearch={setSearch}
            label="Search"
            placeholder="Email, username or name"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:items-end">
          <FilterSelect
            label="Status"
            value={filters.status ?? ''}
            onChange={(value) =>
              setFilter({ status: z.enum(USER_STATUSES).optional().catch(undefined).parse(value) })
            }
            options={[
              ['', 'All statuses'],
              ['active', 'Active'],
              ['suspended', 'Blocked'],
              ['closed', 'Closed'],
            ]}
          />
          <FilterSelect
            label="Verification"
            value={filters.verification ?? ''}
            onChange={(value) =>
              setFilter({ verification: z.enum(IDENTITY_STATUSES).optional().catch(undefined).parse(value) })
            }
            options={[['', 'Any'], ...IDENTITY_STATUSES.map((s) => [s, IDENTITY_STATUS_LABELS[s]] as const)]}
          />
          <FilterSelect
            label="Sort by"
            className="col-span-2 sm:col-span-1"
            value={filters.sort}
            onChange={(value) => setFilter({ sort: z.enum(USER_SORTS).catch('newest').parse(value) })}
            options={USER_SORTS.map((s) => [s, USER_SORT_LABELS[s]] as const)}
          />
          <a
            href={exportUrl(filter)}
            download
            className="col-span-2 inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:col-span-3 lg:col-span-1"
          >
            <svg
              className="h-4 w-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              aria-hidden="true"
            >
              <path d="M12 4v11m0 0-4-4m4 4 4-4M5 19h14" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            Export CSV
          </a>
        </div>
      </div>
      {isPending ? (
        <LoadingState>Loading users...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The users could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No users found.">
          {filtered ? 'No customer matches your search and filters.' : null}
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <p className="mb-2 text-xs text-slate-500">
            {data.totalCapped
              ? `More than ${data.total.toLocaleString('en-US')} customers match: type more of the name or address to narrow the list.`
              : `${data.total.toLocaleString('en-US')} ${data.total === 1 ? 'customer' : 'customers'}`}
          </p>
          <UsersTable items={data.items} />
          <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
        </div>
      )}
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
  className = '',
}: {
  className?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div className={`min-w-0 lg:w-44 ${className}`}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Name' },
  { label: 'Email', className: 'hidden md:table-cell' },
  // The customer's available cash (what the list sorts by); the user page shows the total.
  {
    label: 'Balance',
    note: 'Available',
    hint: "Available cash: what the customer can use now, without what is reserved for open trades and withdrawals. The user's page shows the total.",
    className: 'text-right',
  },
  { label: 'Status' },
  { label: 'Date', className: 'hidden text-right lg:table-cell' },
];

function UsersTable({ items }: { items: readonly AdminUserListItem[] }) {
  const navigate = useNavigate();
  return (
    <DataTable columns={COLUMNS} scroll>
      {items.map((user) => (
        <OpeningRow key={user.id} onOpen={() => void navigate({ to: '/user/$id', params: { id: user.id } })}>
          <td className="w-full max-w-0 px-4 py-3 md:w-auto md:max-w-none">
            <Link
              to="/user/$id"
              params={{ id: user.id }}
              className={ROW_LINK_CLASS}
              onClick={(event) => event.stopPropagation()}
            >
              {user.fullName}
            </Link>
            <span className="mt-0.5 block truncate text-xs text-slate-500">@{user.username}</span>
            {/* Below the wide screens the e-mail stands under the name, not in a column of its own. */}
            <span className="mt-0.5 block truncate text-xs text-slate-500 md:hidden">{user.email}</span>
          </td>
          <td className="hidden max-w-64 truncate px-4 py-3 text-slate-700 md:table-cell">{user.email}</td>
          <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
            {formatUsdDecimal(user.balance)}
          </td>
          <td className="px-4 py-3 whitespace-nowrap">
            <StatusBadge label={USER_LIST_STATUS_LABELS[user.status]} />
          </td>
          <td className="hidden px-4 py-3 text-right whitespace-nowrap text-slate-500 tabular-nums lg:table-cell">
            <time dateTime={user.createdAt}>{formatDateTime(user.createdAt)}</time>
          </td>
        </OpeningRow>
      ))}
    </DataTable>
  );
}
