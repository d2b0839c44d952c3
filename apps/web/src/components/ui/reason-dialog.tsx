import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogButtons } from './dialog.tsx';
import { TextAreaField } from './text-area-field.tsx';

/**
 * Asks for the reason of a decision, at most `maxLength` characters: required to reject (the
 * customer reads it; `requiredMessage` says so when it is missing), optional otherwise (a note,
 * recorded in the audit log). `onConfirm` gets it trimmed. Escape or Cancel closes it without
 * deciding.
 */
export function ReasonDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  requiredMessage,
  maxLength,
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
  /** The reason is required, and this is what says it is missing. */
  requiredMessage?: string;
  maxLength: number;
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
    if (requiredMessage && trimmed.length === 0) {
      setError(requiredMessage);
      return;
    }
    onConfirm(trimmed);
  };

  return (
    <Dialog title={title} busy={busy} onCancel={onCancel}>
      <div className="mt-1 text-sm break-words text-slate-500">{description}</div>
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        <TextAreaField
          label={requiredMessage ? 'Reason' : 'Note (optional)'}
          maxLength={maxLength}
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
