import {
  AdjustmentSchema,
  AdminUserSchema,
  type CreateAdjustmentRequest,
} from '@candor/contracts/admin-users';
import { ActiveSessionListSchema, EndedSessionsSchema } from '@candor/contracts/user-activity';
import {
  type UpdateWithdrawalSettingsRequest,
  WithdrawalSettingsSchema,
} from '@candor/contracts/withdrawal-settings';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

function userPath(id: string): string {
  return `/api/admin/users/${encodeURIComponent(id)}`;
}

export function adminUserQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminUser(id),
    queryFn: ({ signal }) => apiRequest(userPath(id), AdminUserSchema, { signal }),
    staleTime: 0,
  });
}

/** Credits or debits the user's cash; `idempotencyKey` is reused when the same submission is retried. */
export function adjustBalance(id: string, body: CreateAdjustmentRequest, idempotencyKey: string) {
  return apiRequest(`${userPath(id)}/adjustments`, AdjustmentSchema, {
    method: 'POST',
    body,
    idempotencyKey,
  });
}

export function withdrawalSettingsQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminWithdrawalSettings(id),
    queryFn: ({ signal }) =>
      apiRequest(`${userPath(id)}/withdrawal-settings`, WithdrawalSettingsSchema, { signal }),
  });
}

export function updateWithdrawalSettings(id: string, body: UpdateWithdrawalSettingsRequest) {
  return apiRequest(`${userPath(id)}/withdrawal-settings`, WithdrawalSettingsSchema, { method: 'PUT', body });
}

export function userSessionsQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminUserSessions(id),
    queryFn: ({ signal }) => apiRequest(`${userPath(id)}/sessions`, ActiveSessionListSchema, { signal }),
    staleTime: 0,
  });
}

/** Ends one of the customer's sessions, or all of them without `sessionId` (audited, with the optional note). */
export function endUserSessions(id: string, { sessionId, reason }: { sessionId?: string; reason: string }) {
  const path = sessionId
    ? `${userPath(id)}/sessions/${encodeURIComponent(sessionId)}`
    : `${userPath(id)}/sessions`;
  return apiRequest(path, EndedSessionsSchema, { method: 'DELETE', body: reason ? { reason } : {} });
}
