import { DEPOSIT_MESSAGES, DEPOSIT_REASON_MAX_LENGTH } from '@candor/contracts/deposits';
import { ReasonDialog, type ReasonDialogActions } from '../../components/ui/reason-dialog.tsx';

/** Asks why a deposit is rejected (the customer reads it in their history); no money moves. */
export function RejectDepositDialog({
  email,
  amount,
  ...actions
}: { email: string; amount: string } & ReasonDialogActions) {
  return (
    <ReasonDialog
      title="Reject deposit"
      description={`${amount} from ${email}. No money moves; the customer sees the reason in their deposit history.`}
      busyLabel="Rejecting..."
      requiredMessage={DEPOSIT_MESSAGES.reasonRequired}
      maxLength={DEPOSIT_REASON_MAX_LENGTH}
      {...actions}
    />
  );
}
