import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import {
  AUDIT_LOG_HINT,
  ReasonDialog,
  type ReasonDialogActions,
} from '../../components/ui/reason-dialog.tsx';

/**
 * Asks for the reason of a decision on a withdrawal before anything is sent. Rejecting returns the
 * reserved amount and the customer reads why; approving pays it out (or, above the four-eyes
 * threshold, asks a second staff member, who reads the reason), and its reason goes to the audit
 * log only (decision 044). Each refuses a missing reason as the server does.
 */
export function WithdrawalDecisionDialog({
  kind,
  email,
  amount,
  fee,
  net,
  ...actions
}: {
  kind: 'approve' | 'reject';
  email: string;
  /** The amount, the fee and what the customer receives, as shown ("$100.00"). */
  amount: string;
  fee: string;
  net: string;
} & ReasonDialogActions) {
  return kind === 'approve' ? (
    <ReasonDialog
      title="Approve withdrawal"
      confirmLabel="Approve"
      description={`${amount} to ${email}: ${net} is paid out and the fee of ${fee} goes to fee revenue. Above the four-eyes threshold it waits for a second staff member instead. The customer is told once it is paid out.`}
      busyLabel="Approving..."
      requiredMessage={REASON_REQUIRED}
      maxLength={DECISION_REASON_MAX_LENGTH}
      variant="primary"
      hint={AUDIT_LOG_HINT}
      readBy="staff"
      {...actions}
    />
  ) : (
    <ReasonDialog
      title="Reject withdrawal"
      description={`${amount} to ${email}. The reserved amount returns to the customer's balance; the customer is told, with the reason.`}
      busyLabel="Rejecting..."
      requiredMessage={WITHDRAWAL_MESSAGES.reasonRequired}
      maxLength={DECISION_REASON_MAX_LENGTH}
      readBy="customer"
      {...actions}
    />
  );
}
