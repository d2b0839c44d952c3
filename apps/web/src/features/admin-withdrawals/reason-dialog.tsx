import { DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';

/**
 * Asks for the reason of a decision: required to reject (the customer reads it), optional to
 * release a hold (recorded in the audit log). Escape or Cancel closes it without deciding.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  required,
  hint,
  busy,
  variant = 'danger',
  onCancel,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  required: boolean;
  hint: string;
  busy: boolean;
  variant?: 'danger' | 'primary';
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (required && trimmed.length === 0) {
      setError(WITHDRAWAL_MESSAGES.reasonRequired);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog title={title} busy={busy} onCancel={onCancel}>
      <div className="mt-1 text-sm break-words text-slate-500">{description}</div>
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <TextAreaField
          label={required ? 'Reason' : 'Note (optional)'}
          maxLength={DECISION_REASON_MAX_LENGTH}
          // Focused at once: the dialog opened to ask exactly this.
          autoFocus
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (error && event.target.value.trim()) setError(null);
          }}
          error={error}
          hint={hint}
        />
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          variant={variant}
        />
      </form>
    </Dialog>
  );
}
