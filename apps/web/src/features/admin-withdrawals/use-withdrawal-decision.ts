import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { type AdminWithdrawal, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { carriedOutAloneNote } from '../../components/four-eyes-reach.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { approveWithdrawal, rejectWithdrawal, releaseWithdrawalHold } from './admin-withdrawals-api.ts';

export type WithdrawalDecision =
  | { kind: 'approve' | 'reject'; reason: string }
  | { kind: 'release_hold'; reason?: string };

const DONE = {
  approve: WITHDRAWAL_MESSAGES.approved,
  reject: WITHDRAWAL_MESSAGES.rejected,
  release_hold: WITHDRAWAL_MESSAGES.holdReleased,
} as const;

const WITHDRAWAL_DECISIONS: DecisionSpec<WithdrawalDecision, AdminWithdrawal> = {
  send: (id, decision, key) =>
    decision.kind === 'approve'
      ? approveWithdrawal(id, { reason: decision.reason }, key)
      : decision.kind === 'reject'
        ? rejectWithdrawal(id, { reason: decision.reason }, key)
        : releaseWithdrawalHold(id, { reason: decision.reason }, key),
  recordKey: queryKeys.adminWithdrawals.one,
  // Every staff view: a rejection gives the reserved amount back (the Users tab's balance, the
  // customer's page) and the audit log has a new row.
  allKey: queryKeys.admin,
  // Above the four-eyes threshold an approval waits for a second staff member: nothing moved yet.
  doneMessage: (decision, withdrawal) =>
    decision.kind === 'approve' && withdrawal.awaitingApproval
      ? APPROVAL_MESSAGES.awaiting
      : DONE[decision.kind],
  // Above the threshold, carried out at once: nobody else can approve it yet (decision 053).
  doneDescription: (_decision, withdrawal) => carriedOutAloneNote(withdrawal.fourEyes),
  // A refusal (already decided, say) shows the server's message; the refreshed views show the state.
  notifyFailure: (error) => notify.error(errorMessage(error)),
};

/** Approve, reject and release hold, shared by the Withdrawals tab and /withdrawal/{id}. */
export function useWithdrawalDecision() {
  return useDecisionMutation(WITHDRAWAL_DECISIONS);
}
