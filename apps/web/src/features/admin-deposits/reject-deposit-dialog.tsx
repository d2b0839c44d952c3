import { DEPOSIT_MESSAGES, DEPOSIT_REASON_MAX_LENGTH } from '@candor/contracts/deposits';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';

/**
 * Asks for the reason of a rejection (required; the customer reads it in their history).
 * Escape or Cancel closes it without deciding.
 */
export function RejectDepositDialog({
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
      title="Reject deposit"
      description={`${amount} from ${email}. No money moves; the customer sees the reason in their deposit history.`}
      confirmLabel="Reject deposit"
      busyLabel="Rejecting..."
      requiredMessage={DEPOSIT_MESSAGES.reasonRequired}
      maxLength={DEPOSIT_REASON_MAX_LENGTH}
      hint="Shown to the customer."
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
