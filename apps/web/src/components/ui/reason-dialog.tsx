import { findCustomerTextProblem, type TextReader } from '@candor/contracts/staff-texts';
import { showsSomething } from '@candor/contracts/visible-text';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Dialog, DialogButtons } from './dialog.tsx';
import { TextAreaField } from './text-area-field.tsx';

/** The hint under a reason only staff read: an approval's (decision 044). */
export const AUDIT_LOG_HINT = 'Recorded with your name in the audit log; the customer does not see it.';

/** What a decision's dialog does: it waits while `busy`, closes on cancel, decides on confirm. */
export type ReasonDialogActions = {
  busy: boolean;
  onCancel: () => void;
  /** Gets the reason trimmed (empty when an optional note was left out or shows nothing). */
  onConfirm: (reason: string) => void;
};

/**
 * Asks for the reason of a decision named `title` (its confirm button says the same, or
 * `confirmLabel`), at most `maxLength` characters (a longer text is kept in the field and refused with
 * a message, never cut short): required to reject or to approve what moves
 * money (`requiredMessage` says it is missing; `hint` says who reads it, by default the customer);
 * otherwise an optional note, recorded in the audit log. A reason the customer reads (`readBy`) is
 * screened as the server screens it: one asking them to pay is refused beside the field
 * (docs/decisions/050). Escape or Cancel closes it without deciding.
 */
export function ReasonDialog({
  title,
  confirmLabel = title,
  description,
  busyLabel,
  requiredMessage,
  maxLength,
  busy,
  variant = 'danger',
  hint,
  readBy,
  dismissLabel,
  onCancel,
  onConfirm,
}: ReasonDialogActions & {
  title: string;
  /** What the confirm button says, when it is shorter than the title ("Approve"). */
  confirmLabel?: string;
  description: ReactNode;
  busyLabel: string;
  /** The reason is required, and this is what says it is missing. */
  requiredMessage?: string;
  maxLength: number;
  variant?: 'danger' | 'primary';
  /** Who reads the reason, under the field (by default: the customer, or the audit log for a note). */
  hint?: string;
  /** Who reads the reason: a customer's is screened for payment demands. */
  readBy: TextReader;
  /** The button that closes without confirming, when "Cancel" would read as the action. */
  dismissLabel?: string;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const tooLong = `The ${requiredMessage ? 'reason' : 'note'} can be at most ${maxLength} characters`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A text of only invisible characters (zero-width spaces, direction marks) is read as none, as
    // the server reads it: missing when required, no note otherwise.
    const trimmed = showsSomething(reason) ? reason.trim() : '';
    if (requiredMessage && trimmed.length === 0) {
      setError(requiredMessage);
      return;
    }
    if (trimmed.length > maxLength) {
      setError(tooLong);
      return;
    }
    const problem = readBy === 'customer' ? findCustomerTextProblem(trimmed) : undefined;
    if (problem) {
      setError(problem);
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
          // No maxLength on the field: it would cut a pasted text short without a word, and the
          // decision would go on record with less than was written. A text too long is said instead.
          // Focused at once: the dialog opened to ask exactly this.
          autoFocus
          value={reason}
          onChange={(event) => {
            const next = event.target.value;
            setReason(next);
            if (next.trim().length > maxLength) setError(tooLong);
            else if (error && next.trim()) setError(null);
          }}
          error={error}
          hint={hint ?? (requiredMessage ? 'Shown to the customer.' : 'Recorded in the audit log.')}
        />
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          confirmLabel={confirmLabel}
          busyLabel={busyLabel}
          variant={variant}
          dismissLabel={dismissLabel}
        />
      </form>
    </Dialog>
  );
}
