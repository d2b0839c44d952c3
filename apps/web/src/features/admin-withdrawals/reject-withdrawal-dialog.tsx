import { DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { ReasonDialog, type ReasonDialogActions } from '../../components/ui/reason-dialog.tsx';

/** Asks why a withdrawal is rejected (the customer reads it); the reserved amount returns. */
export function RejectWithdrawalDialog({
  email,
  amount,
  ...actions
}: { email: string; amount: string } & ReasonDialogActions) {
  return (
    <ReasonDialog
      title="Reject withdrawal"
      description={`${amount} to ${email}. The reserved amount returns to the customer's balance.`}
      busyLabel="Rejecting..."
      requiredMessage={WITHDRAWAL_MESSAGES.reasonRequired}
      maxLength={DECISION_REASON_MAX_LENGTH}
      {...actions}
    />
  );
}
