import { type AdminDeposit, DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type DecisionSpec, useDecisionMutation } from '../../lib/use-decision-mutation.ts';
import { approveDeposit, rejectDeposit } from './admin-deposits-api.ts';

/** Both decisions carry a reason: a rejection's the customer reads, an approval's the audit log keeps. */
export type Decision = { kind: 'approve' | 'reject'; reason: string };

const DEPOSIT_DECISIONS: DecisionSpec<Decision, AdminDeposit> = {
  send: (id, { kind, reason }, key) =>
    kind === 'approve' ? approveDeposit(id, { reason }, key) : rejectDeposit(id, { reason }, key),
  recordKey: queryKeys.adminDeposits.one,
  // Every staff view: an approval moves the customer's balance (the Users tab, their page) and the
  // audit log has a new row.
  allKey: queryKeys.admin,
  doneMessage: (decision) =>
    decision.kind === 'approve' ? DEPOSIT_MESSAGES.approved : DEPOSIT_MESSAGES.rejected,
  notifyFailure: (error) =>
    notify.error(DEPOSIT_MESSAGES.decisionFailed, {
      description: errorMessage(error),
    }),
};

/** Approve and reject, shared by the Deposit tab and /deposit/{id}. */
export function useDepositDecision() {
  return useDecisionMutation(DEPOSIT_DECISIONS);
}
