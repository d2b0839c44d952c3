import { StatementPageSchema } from '@candor/contracts/ledger';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import type { StatementSearch } from './statement-search.ts';

/** The reader's time zone, so a day of the date filter is the day the statement shows beside an entry. */
function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function statementQuery({ page, kind, from, to }: StatementSearch) {
  const params = new URLSearchParams({ page: String(page) });
  if (kind) params.set('kind', kind);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (from || to) params.set('tz', readerTimeZone());
  return queryOptions({
    queryKey: queryKeys.statement(Object.fromEntries(params)),
    queryFn: ({ signal }) => apiRequest(`/api/me/statement?${params}`, StatementPageSchema, { signal }),
    placeholderData: keepPreviousData,
    // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
    staleTime: 0,
  });
}
