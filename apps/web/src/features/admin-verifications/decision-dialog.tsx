import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { findCustomerTextProblem } from '@candor/contracts/staff-texts';
import {
  APPROVAL_REASON_MAX_LENGTH,
  DOCUMENT_SIDE_LABELS,
  DOCUMENT_SIDES,
  type DocumentSide,
  VERIFICATION_DECISION_LABELS,
  VERIFICATION_MESSAGES,
  VERIFICATION_NOTE_MAX_LENGTH,
  type VerificationDecision,
  type VerificationReason,
} from '@candor/contracts/verifications';
import { showsSomething } from '@candor/contracts/visible-text';
import { type FormEvent, useId, useState } from 'react';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { AUDIT_LOG_HINT } from '../../components/ui/reason-dialog.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';

type Errors = { reason?: string; side?: string; note?: string; approvalReason?: string | undefined };

export type DecisionChoice = {
  decision: VerificationDecision;
  reasonCode?: string | undefined;
  /** An approval's reason: why the reviewer believes the document (staff only, decision 061). */
  reason?: string;
  note?: string;
  side?: DocumentSide;
};

const CONFIRM_LABELS = {
  approve: 'Approve',
  decline: 'Decline',
  resubmit: 'Ask to resubmit',
} as const satisfies Record<VerificationDecision, string>;

/** Where the customer reads the note: beside the reason of a decline or resubmit; an approval has none. */
const NOTE_HINTS = {
  approve: 'Shown to the customer on their Identity verification page.',
  decline: 'Shown to the customer with the reason.',
  resubmit: 'Shown to the customer with the reason.',
} as const satisfies Record<VerificationDecision, string>;

const BUSY_LABELS = {
  approve: 'Approving...',
  decline: 'Declining...',
  resubmit: 'Asking...',
} as const satisfies Record<VerificationDecision, string>;

/**
 * Confirms a decision on `email`'s submission: a decline or a resubmit records a reason from the
 * list (its active entries; the server refuses one without), an approval its own reason, written
 * for the audit log (decision 061; the list's reasons are why a submission is refused); each takes
 * an optional note to the customer, and resubmit names the side to upload again.
 */
export function DecisionDialog({
  decision,
  email,
  reasons,
  busy,
  hasBack,
  onCancel,
  onConfirm,
}: {
  decision: VerificationDecision;
  email: string;
  reasons: readonly VerificationReason[];
  busy: boolean;
  hasBack: boolean;
  onCancel: () => void;
  onConfirm: (choice: DecisionChoice) => void;
}) {
  const reasonId = useId();
  const [reasonCode, setReasonCode] = useState('');
  const [side, setSide] = useState<DocumentSide | ''>(hasBack ? '' : 'front');
  const [note, setNote] = useState('');
  const [approvalReason, setApprovalReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const active = reasons.filter((reason) => reason.active);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!reasonCode && decision !== 'approve') found.reason = VERIFICATION_MESSAGES.reasonRequired;
    // A reason of only invisible characters is none, as the server reads it.
    const why = showsSomething(approvalReason) ? approvalReason.trim() : '';
    if (decision === 'approve')
      found.approvalReason = !why
        ? REASON_REQUIRED
        : why.length > APPROVAL_REASON_MAX_LENGTH
          ? VERIFICATION_MESSAGES.approvalReasonTooLong
          : undefined;
    if (decision === 'resubmit' && !side) found.side = VERIFICATION_MESSAGES.sideRequired;
    // The customer reads the note: one asking them to pay is refused as the server refuses it. A
    // note of only invisible characters (zero-width spaces, direction marks) is none, as there.
    const text = showsSomething(note) ? note.trim() : '';
    found.note =
      text.length > VERIFICATION_NOTE_MAX_LENGTH
        ? VERIFICATION_MESSAGES.noteTooLong
        : findCustomerTextProblem(text);
    setErrors(found);
    if (found.reason || found.side || found.note || found.approvalReason) return;
    onConfirm({
      decision,
      reasonCode: reasonCode || undefined,
      ...(decision === 'approve' ? { reason: why } : {}),
      note: text || undefined,
      side: decision === 'resubmit' && side ? side : undefined,
    });
  };

  return (
    <Dialog title={VERIFICATION_DECISION_LABELS[decision]} busy={busy} onCancel={onCancel}>
      <p className="mt-1 text-sm break-words text-slate-500">
        {decision === 'approve'
          ? `Approve the identity of ${email}? This decision is final for this submission.`
          : decision === 'decline'
            ? `Decline the submission of ${email}? The customer reads the reason and may send a new one.`
            : `Ask ${email} to upload one side of the document again.`}
      </p>
      <form noValidate className="mt-4 space-y-4" onSubmit={submit}>
        {decision === 'resubmit' ? (
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-700">Side to upload again</legend>
            <div className="flex gap-3">
              {DOCUMENT_SIDES.filter((s) => hasBack || s === 'front').map((s) => (
                <label key={s} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="side"
                    value={s}
                    checked={side === s}
                    onChange={() => setSide(s)}
                    className="accent-brand-600"
                  />
                  {DOCUMENT_SIDE_LABELS[s]}
                </label>
              ))}
            </div>
            {errors.side ? (
              <p role="alert" className="mt-1.5 text-sm text-red-600">
                {errors.side}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        {/* The list's reasons are why a submission is refused or sent back: an approval says its own. */}
        {decision === 'approve' ? (
          <TextAreaField
            label="Reason"
            // Focused at once: the dialog opened to ask exactly this. No maxLength: a text too long is said.
            autoFocus
            value={approvalReason}
            onChange={(event) => setApprovalReason(event.target.value)}
            error={errors.approvalReason}
            hint={AUDIT_LOG_HINT}
          />
        ) : (
          <div>
            <label htmlFor={reasonId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Reason
            </label>
            <select
              id={reasonId}
              value={reasonCode}
              aria-invalid={errors.reason ? true : undefined}
              onChange={(event) => setReasonCode(event.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-8 pl-3 text-sm text-slate-900 shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
            >
              <option value="">Choose a reason</option>
              {active.map((reason) => (
                <option key={reason.code} value={reason.code}>
                  {reason.label}
                </option>
              ))}
            </select>
            {errors.reason ? (
              <p role="alert" className="mt-1.5 text-sm text-red-600">
                {errors.reason}
              </p>
            ) : null}
          </div>
        )}
        <TextAreaField
          label="Note to the customer (optional)"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={errors.note}
          hint={NOTE_HINTS[decision]}
        />
        <DialogButtons
          busy={busy}
          onCancel={onCancel}
          confirmLabel={CONFIRM_LABELS[decision]}
          busyLabel={BUSY_LABELS[decision]}
          variant={decision === 'approve' ? 'primary' : 'danger'}
        />
      </form>
    </Dialog>
  );
}
