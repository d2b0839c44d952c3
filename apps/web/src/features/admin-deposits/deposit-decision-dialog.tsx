import { DEPOSIT_REASON_MAX_LENGTH } from '@candor/contracts/deposits';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import type { ReactNode } from 'react';
import {
  AUDIT_LOG_HINT,
  ReasonDialog,
  type ReasonDialogActions,
} from '../../components/ui/reason-dialog.tsx';
import type { Decision } from './use-deposit-decision.ts';

/**
 * Asks for the reason of a decision on a deposit before anything is sent. Rejecting moves no money
 * and the customer reads why in their deposit history; approving credits the customer, and its
 * reason goes to the audit log only (decision 044). `evidence` is what the decision rests on, shown
 * under its description where the deposit's page is not behind the dialog (the list's rows).
 */
export function DepositDecisionDialog({
  kind,
  email,
  amount,
  evidence,
  ...actions
}: { kind: Decision['kind']; email: string; amount: string; evidence?: ReactNode } & ReasonDialogActions) {
  const shared = {
    requiredMessage: REASON_REQUIRED,
    maxLength: DEPOSIT_REASON_MAX_LENGTH,
    ...actions,
  };
  return kind === 'approve' ? (
    <ReasonDialog
      title="Approve deposit"
      confirmLabel="Approve"
      description={
        <>
          {amount} from {email} is credited to the customer's cash balance at once, and the customer is told.
          {evidence}
        </>
      }
      busyLabel="Approving..."
      variant="primary"
      hint={AUDIT_LOG_HINT}
      readBy="staff"
      {...shared}
    />
  ) : (
    <ReasonDialog
      title="Reject deposit"
      description={
        <>
          {amount} from {email}. No money moves; the customer is told, and sees the reason in their deposit
          history.
          {evidence}
        </>
      }
      busyLabel="Rejecting..."
      readBy="customer"
      {...shared}
    />
  );
}
