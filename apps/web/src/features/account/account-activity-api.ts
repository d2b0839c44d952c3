import { AccountActivitySchema, EndedSessionsSchema } from '@candor/contracts/user-activity';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, apiSend } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

export const accountActivityQuery = queryOptions({
  queryKey: queryKeys.accountActivity,
  queryFn: ({ signal }) => apiRequest('/api/account/activity', AccountActivitySchema, { signal }),
  staleTime: 0,
});

/** Ends one of the customer's own sessions. */
export function endOwnSession(id: string) {
  return apiSend(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Ends every session of the signed-in person but this browser's; answers how many ended. */
export function endOtherOwnSessions() {
  return apiRequest('/api/account/other-sessions', EndedSessionsSchema, { method: 'DELETE' });
}
