import { APPROVAL_MESSAGES, type Approval } from '@candor/contracts/approvals';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { approveApproval, rejectApproval } from './approvals-api.ts';

export type ApprovalDecision = { kind: 'approve' | 'reject'; reason: string };

const APPROVAL_DECISIONS: DecisionSpec<ApprovalDecision, Approval> = {
  send: (id, { kind, reason }, key) =>
    kind === 'approve' ? approveApproval(id, { reason }, key) : rejectApproval(id, { reason }, key),
  recordKey: queryKeys.adminApprovals.one,
  // An approval moves money: every administrator view (balances, withdrawals, users) refreshes.
  allKey: queryKeys.admin,
  doneMessage: ({ kind }) => (kind === 'approve' ? APPROVAL_MESSAGES.approved : APPROVAL_MESSAGES.rejected),
  notifyFailure: (error) => notify.error(APPROVAL_MESSAGES.failed, { description: errorMessage(error) }),
};

/** Approve or reject a four-eyes request, one at a time; a retry reuses its Idempotency-Key. */
export function useApprovalDecision() {
  return useDecisionMutation(APPROVAL_DECISIONS);
}
