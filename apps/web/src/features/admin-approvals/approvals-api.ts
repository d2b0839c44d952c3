import { ApprovalPageSchema, ApprovalSchema, type DecideApprovalRequest } from '@candor/contracts/approvals';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** One page of the Approvals tab: waiting requests first (oldest first), then decided ones. */
export function approvalsPageQuery(page: number) {
  return queryOptions({
    queryKey: queryKeys.adminApprovals.page({ page }),
    queryFn: ({ signal }) => apiRequest(`/api/admin/approvals?page=${page}`, ApprovalPageSchema, { signal }),
    placeholderData: keepPreviousData,
  });
}

const path = (id: string, action: 'approve' | 'reject' | 'cancel') =>
  `/api/admin/approvals/${encodeURIComponent(id)}/${action}`;

/** The second approval: the action is carried out; `idempotencyKey` is reused on a retry. */
export function approveApproval(id: string, body: DecideApprovalRequest, idempotencyKey: string) {
  return apiRequest(path(id, 'approve'), ApprovalSchema, { method: 'POST', body, idempotencyKey });
}

export function rejectApproval(id: string, body: DecideApprovalRequest, idempotencyKey: string) {
  return apiRequest(path(id, 'reject'), ApprovalSchema, { method: 'POST', body, idempotencyKey });
}

/** The maker withdraws their own waiting request: nothing moves. */
export function cancelApproval(id: string, body: DecideApprovalRequest, idempotencyKey: string) {
  return apiRequest(path(id, 'cancel'), ApprovalSchema, { method: 'POST', body, idempotencyKey });
}
