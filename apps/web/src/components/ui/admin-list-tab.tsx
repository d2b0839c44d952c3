import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useListPlace } from '../../lib/use-list-place.ts';
import { EmptyState } from './card.tsx';
import { EmailSearchField } from './email-search-field.tsx';
import { LoadError, LoadingState } from './load-states.tsx';
import { Pagination } from './pagination.tsx';

/** One page of a server-paged list, as the API answers it. */
type ListPage = { items: readonly unknown[]; page: number; pageCount: number };

/**
 * A tab of the Manage page (/all-user) that lists records a page at a time, searched by e-mail on
 * the server: the search box, the loading, failure and empty states, the records (`children`)
 * and Previous / Next, with the tab's `dialog` when one is open. The list's page and search stay in
 * the URL beside `?tab=`. `noun` names the records in the states ("Loading deposits...").
 */
export function AdminListTab<Page extends ListPage, Key extends QueryKey>({
  tab,
  query,
  noun,
  empty,
  emptySearch,
  dialog,
  children,
}: {
  tab: 'deposits' | 'withdrawals' | 'trades';
  query: (page: number, search: string) => UseQueryOptions<Page, Error, Page, Key>;
  noun: string;
  /** The empty state's title, and the line below it when a search found nothing. */
  empty: string;
  emptySearch: string;
  dialog?: ReactNode;
  children: (items: Page['items']) => ReactNode;
}) {
  const { page, search, setSearch, setPage } = useListPlace('/all-user', { tab });
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(query(page, search));

  return (
    <div className="space-y-4">
      <EmailSearchField search={search} onSearch={setSearch} />
      {isPending ? (
        <LoadingState>Loading {noun}...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>The {noun} could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title={empty}>{search ? emptySearch : null}</EmptyState>
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          {children(data.items)}
          <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} />
        </div>
      )}
      {dialog}
    </div>
  );
}
