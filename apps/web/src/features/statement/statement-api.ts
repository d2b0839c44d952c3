import { StatementPageSchema } from '@candor/contracts/ledger';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';

/** Every page of the signed-in customer's statement; invalidate it after money moves. */
export const STATEMENT_QUERY_KEY = ['me', 'statement'] as const;

export function statementQuery(page: number) {
  return queryOptions({
    queryKey: [...STATEMENT_QUERY_KEY, page],
    queryFn: ({ signal }) => apiRequest(`/api/me/statement?page=${page}`, StatementPageSchema, { signal }),
    placeholderData: keepPreviousData,
    // Money may have moved since the last visit (a deposit approved, an adjustment): always re-read.
    staleTime: 0,
  });
}
