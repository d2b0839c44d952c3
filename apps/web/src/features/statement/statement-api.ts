import { StatementPageSchema } from '@candor/contracts/ledger';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export function statementQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.statement(page),
    queryFn: ({ signal }) => apiRequest(`/api/me/statement?page=${page}`, StatementPageSchema, { signal }),
    placeholderData: keepPreviousData,
    // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
    staleTime: 0,
  });
}
