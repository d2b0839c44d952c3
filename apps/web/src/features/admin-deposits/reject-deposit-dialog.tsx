import { DEPOSIT_REASON_MAX_LENGTH, RejectDepositRequestSchema } from '@candor/contracts/deposits';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';

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
  const form = useZodForm(RejectDepositRequestSchema, { reason: '' });
  const field = bindFields(form);
  const { handleSubmit } = form;

  return (
    <Dialog title="Reject deposit" busy={busy} onCancel={onCancel}>
      <p className="mt-1 text-sm break-words text-slate-500">
        {amount} from {email}. No money moves; the customer sees the reason in their deposit history.
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={handleSubmit((values) => onConfirm(values.reason))}
      >
        <TextAreaField
          label="Reason"
          maxLength={DEPOSIT_REASON_MAX_LENGTH}
          // Focused at once: the dialog opened to ask exactly this.
          autoFocus
          hint="Shown to the customer."
          {...field('reason')}
        />
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          confirmLabel="Reject deposit"
          busyLabel="Rejecting..."
          variant="danger"
        />
      </form>
    </Dialog>
  );
}
