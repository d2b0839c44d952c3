import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect } from 'react';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { statementQuery } from './statement-api.ts';
import { StatementEntries } from './statement-entries.tsx';
import { StatementFilters } from './statement-filters.tsx';
import { isFiltered, type StatementFilterValues, StatementSearchSchema } from './statement-search.ts';

/**
 * /statement: every ledger entry of the customer's accounts, newest first, 20 a page, narrowed by
 * kind and days when the customer asks.
 */
export function StatementPage() {
  useDocumentBranding('Statement');
  const search = StatementSearchSchema.parse(useSearch({ strict: false }));
  const { page, ...filters } = search;
  const filtered = isFiltered(filters);
  const navigate = useNavigate({ from: '/statement' });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(statementQuery(search));
  const goTo = (next: number, replace = false) =>
    void navigate({ search: { ...filters, page: next > 1 ? next : undefined }, replace });
  // Other filters start again at the first page.
  const filterBy = (next: StatementFilterValues) =>
    void navigate({ search: { kind: next.kind, from: next.from, to: next.to } });

  // A page past the last (?page=999, or entries gone since) is replaced by the last page.
  const lastPage =
    data && !isPlaceholderData && data.items.length === 0 && page > data.pageCount ? data.pageCount : 0;
  useEffect(() => {
    if (lastPage > 0) goTo(lastPage, true);
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Statement" description="Every movement of your account, newest first." />

      {/* No filters for a statement with nothing to narrow. */}
      {filtered || (data && data.total > 0) ? <StatementFilters value={filters} onChange={filterBy} /> : null}

      {isPending ? (
        <LoadingState>Loading transactions...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your statement could not be loaded.</LoadError>
      ) : data.total === 0 && filtered ? (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <EmptyState title="No transactions match these filters.">
            <button
              type="button"
              className="font-semibold text-brand-700 hover:underline"
              onClick={() => filterBy({})}
            >
              Clear filters
            </button>
          </EmptyState>
        </div>
      ) : data.total === 0 ? (
        <EmptyState title="No transactions yet.">
          Deposits, withdrawals and any adjustment to your balance will appear here.
        </EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {filtered ? (
            <p className="mb-3 text-xs text-slate-500">
              The balance beside each entry is your account's balance after it, counting the movements the
              filters hide.
            </p>
          ) : null}
          {data.items.length === 0 ? (
            <EmptyState title="There is nothing on this page.">
              <button
                type="button"
                className="font-semibold text-brand-700 hover:underline"
                onClick={() => goTo(data.pageCount)}
              >
                Go to the last page
              </button>
            </EmptyState>
          ) : (
            <StatementEntries entries={data.items} label="Transactions" />
          )}
          <Pagination
            page={page}
            loaded={data}
            onPage={goTo}
            loading={isPlaceholderData}
            waitForPage
            announce
          />
        </div>
      )}
    </div>
  );
}
