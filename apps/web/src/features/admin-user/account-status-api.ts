import {
  type AccountStatusRequest,
  AccountStatusSchema,
  CloseCheckSchema,
  ClosedAccountSchema,
} from '@candor/contracts/account-status';
import type { EndStaffSessionsRequest } from '@candor/contracts/staff-members';
import { EndedSessionsSchema } from '@candor/contracts/user-activity';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

function userPath(id: string): string {
  return `/api/admin/users/${encodeURIComponent(id)}`;
}

/** Suspends or unsuspends the customer's account, with the reason (shown to them when suspended). */
export function changeAccountStatus(id: string, action: 'suspend' | 'unsuspend', body: AccountStatusRequest) {
  return apiRequest(`${userPath(id)}/${action}`, AccountStatusSchema, { method: 'POST', body });
}

/** Closes the account and erases its personal data; the server says why not while anything is left in it. */
export function closeAccount(id: string, body: AccountStatusRequest) {
  return apiRequest(`${userPath(id)}/close`, ClosedAccountSchema, { method: 'POST', body });
}

/** What would refuse closing the account now, read afresh each time the Close account dialog opens. */
export function closeCheckQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminUserCloseCheck(id),
    queryFn: ({ signal }) => apiRequest(`${userPath(id)}/close-check`, CloseCheckSchema, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/** Ends every session of another staff member (owner only); the reason is kept in the audit log. */
export function endStaffSessions(id: string, body: EndStaffSessionsRequest) {
  return apiRequest(`/api/admin/staff/${encodeURIComponent(id)}/sessions`, EndedSessionsSchema, {
    method: 'DELETE',
    body,
  });
}
