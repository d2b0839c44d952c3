import { DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';

/** Asks for the reason of a rejection (required; the customer reads it); the reserved amount returns. */
export function RejectWithdrawalDialog({
  email,
  amount,
  busy,
  onCancel,
  onConfirm,
}: {
  email: string;
  amount: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  return (
    <ReasonDialog
      title="Reject withdrawal"
      description={`${amount} to ${email}. The reserved amount returns to the customer's balance.`}
      confirmLabel="Reject withdrawal"
      busyLabel="Rejecting..."
      requiredMessage={WITHDRAWAL_MESSAGES.reasonRequired}
      maxLength={DECISION_REASON_MAX_LENGTH}
      hint="Shown to the customer."
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
