import { DECISION_REASON_MAX_LENGTH, WITHDRAWAL_MESSAGES } from '@candor/contracts/withdrawals';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage } from '../../components/ui/field-message.tsx';

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
  const titleId = useId();
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [busy, onCancel]);

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
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-1 text-sm break-words text-slate-500">{description}</div>
        <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
          <div>
            <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {required ? 'Reason' : 'Note (optional)'}
            </label>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={DECISION_REASON_MAX_LENGTH}
              // biome-ignore lint/a11y/noAutofocus: the dialog opened to ask exactly this
              autoFocus
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                if (error && event.target.value.trim()) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${fieldId}-message`}
              className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none focus:ring-2 ${
                error
                  ? 'border-red-400 focus:ring-red-200'
                  : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
              }`}
            />
            <FieldMessage id={`${fieldId}-message`} error={error} hint={hint} />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant={variant} disabled={busy}>
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
