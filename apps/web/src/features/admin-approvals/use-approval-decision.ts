import { APPROVAL_MESSAGES, type Approval } from '@candor/contracts/approvals';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { approveApproval, cancelApproval, rejectApproval } from './approvals-api.ts';

/** A checker approves or rejects; the maker may cancel their own request while it waits. */
export type ApprovalDecision = { kind: 'approve' | 'reject' | 'cancel'; reason: string };

const SEND = { approve: approveApproval, reject: rejectApproval, cancel: cancelApproval } as const;

const APPROVAL_DECISIONS: DecisionSpec<ApprovalDecision, Approval> = {
  send: (id, { kind, reason }, key) => SEND[kind](id, { reason }, key),
  recordKey: queryKeys.adminApprovals.one,
  // An approval moves money: every administrator view (balances, withdrawals, users) refreshes.
  allKey: queryKeys.admin,
  doneMessage: ({ kind }) =>
    kind === 'approve'
      ? APPROVAL_MESSAGES.approved
      : kind === 'cancel'
        ? APPROVAL_MESSAGES.cancelled
        : APPROVAL_MESSAGES.rejected,
  notifyFailure: (error) => notify.error(APPROVAL_MESSAGES.failed, { description: errorMessage(error) }),
};

/** Approve, reject or cancel a four-eyes request, one at a time; a retry reuses its Idempotency-Key. */
export function useApprovalDecision() {
  return useDecisionMutation(APPROVAL_DECISIONS);
}
