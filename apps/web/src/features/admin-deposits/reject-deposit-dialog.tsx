import {
  DEPOSIT_REASON_MAX_LENGTH,
  type RejectDepositRequest,
  RejectDepositRequestSchema,
} from '@candor/contracts/deposits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage } from '../../components/ui/field-message.tsx';

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
  const titleId = useId();
  const fieldId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RejectDepositRequest>({
    resolver: zodResolver(RejectDepositRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    const close = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [busy, onCancel]);

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/40 p-4 sm:items-center">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="w-full max-w-md rounded-xl bg-white p-5 shadow-xl sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Reject deposit
        </h2>
        <p className="mt-1 text-sm break-words text-slate-500">
          {amount} from {email}. No money moves; the customer sees the reason in their deposit history.
        </p>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={handleSubmit((values) => onConfirm(values.reason))}
        >
          <div>
            <label htmlFor={fieldId} className="mb-1.5 block text-sm font-medium text-slate-700">
              Reason
            </label>
            <textarea
              id={fieldId}
              rows={3}
              maxLength={DEPOSIT_REASON_MAX_LENGTH}
              // biome-ignore lint/a11y/noAutofocus: the dialog opened to ask exactly this
              autoFocus
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={`${fieldId}-message`}
              className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none focus:ring-2 ${
                errors.reason
                  ? 'border-red-400 focus:ring-red-200'
                  : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
              }`}
              {...register('reason')}
            />
            <FieldMessage
              id={`${fieldId}-message`}
              error={errors.reason?.message}
              hint="Shown to the customer."
            />
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? 'Rejecting...' : 'Reject deposit'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
