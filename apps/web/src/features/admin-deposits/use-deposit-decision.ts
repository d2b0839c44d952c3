import { type AdminDeposit, DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { type DecisionSpec, useDecision } from '../../lib/use-decision.ts';
import {
  ADMIN_DEPOSITS_QUERY_KEY,
  adminDepositQueryKey,
  approveDeposit,
  rejectDeposit,
} from './admin-deposits-api.ts';

export type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

const DEPOSIT_DECISIONS: DecisionSpec<Decision, AdminDeposit> = {
  send: (id, decision, key) =>
    decision.kind === 'approve'
      ? approveDeposit(id, key)
      : rejectDeposit(id, { reason: decision.reason }, key),
  recordKey: adminDepositQueryKey,
  allKey: ADMIN_DEPOSITS_QUERY_KEY,
  doneMessage: (decision) =>
    decision.kind === 'approve' ? DEPOSIT_MESSAGES.approved : DEPOSIT_MESSAGES.rejected,
  notifyFailure: (error) =>
    notify.error(DEPOSIT_MESSAGES.decisionFailed, {
      description: errorMessage(error),
    }),
};

/** Approve and reject, shared by the Deposit tab and /deposit/{id}. */
export function useDepositDecision() {
  return useDecision(DEPOSIT_DECISIONS);
}
