import { CLOSE_AFTER_ADJUSTMENT_DAYS } from '@candor/contracts/account-status';
import {
  ADJUSTMENT_MESSAGES,
  type AdminUser,
  type CreateAdjustmentRequest,
  CreateAdjustmentRequestSchema,
} from '@candor/contracts/admin-users';
import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { toMinorUnits } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { carriedOutAloneNote } from '../../components/four-eyes-reach.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { adjustBalance } from './admin-user-api.ts';
import { ChoiceGroup } from './form-fields.tsx';

type AdjustmentFormValues = z.input<typeof CreateAdjustmentRequestSchema>;

const EMPTY: AdjustmentFormValues = { direction: 'credit', amount: '', reason: '' };

const DIRECTION_LABELS = { credit: 'Credit', debit: 'Debit' } as const;

/**
 * Manual adjustment (PRODUCT.md §2): credit or debit the customer's cash with a reason the
 * customer reads on their statement and in the mail they are sent. Like every other money action it
 * is confirmed first: a dialog shows the direction, the amount, the customer and the reason before
 * anything is sent (docs/decisions/046). Retrying the same submission (after a network failure, say)
 * reuses its Idempotency-Key, so the money moves once.
 */
export function AdjustmentForm({
  user,
}: {
  user: Pick<AdminUser, 'id' | 'balances' | 'fullName' | 'email'>;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<CreateAdjustmentRequest | null>(null);
  const form = useZodForm(CreateAdjustmentRequestSchema, EMPTY);
  const field = bindFields(form);
  const { register, handleSubmit, reset, setError, watch } = form;
  const adjust = useIdempotentMutation({
    mutationFn: (values: CreateAdjustmentRequest, key: string) => adjustBalance(user.id, values, key),
    onSuccess: (adjustment, values) => {
      setConfirming(null);
      reset({ ...EMPTY, direction: values.direction });
      // Above the four-eyes threshold nothing moved yet: say so, rather than "Balance adjusted".
      if (adjustment.state === 'awaiting_approval') {
        notify.success(APPROVAL_MESSAGES.awaiting, { description: APPROVAL_MESSAGES.awaitingAdjustment });
      } else {
        notify.success(ADJUSTMENT_MESSAGES.adjusted, {
          description: carriedOutAloneNote(adjustment.fourEyes),
        });
      }
    },
    onError: (error) => {
      setConfirming(null);
      const message = errorMessage(error);
      if (isApiError(error, 'INSUFFICIENT_FUNDS')) setError('amount', { message });
      notify.error(ADJUSTMENT_MESSAGES.failed, { description: message });
    },
    // Every staff view: the balance shows on the Users tab too, and the audit log has a new row.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
  const direction = watch('direction');
  const available = toMinorUnits(user.balances.available);

  const onSubmit = handleSubmit((values) => {
    // The server decides; this only spares the administrator a refused round trip.
    if (values.direction === 'debit' && toMinorUnits(values.amount) > available) {
      setError('amount', { message: ADJUSTMENT_MESSAGES.belowZero });
      return;
    }
    setConfirming(values);
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-label="Manual adjustment" className="space-y-5">
        <ChoiceGroup
          legend="Type"
          choices={[
            { value: 'credit', label: 'Credit' },
            { value: 'debit', label: 'Debit' },
          ]}
          inputProps={register('direction')}
        />
        <AmountField
          label="Amount (USD)"
          hint={`Available balance: ${formatUsd(available)}`}
          {...field('amount')}
        />
        <TextAreaField
          label="Reason"
          hint="Required. The customer reads it on their statement."
          {...field('reason')}
        />
        <FormSubmitRow busy={adjust.isPending} busyLabel="Applying..." minWidth="sm:min-w-40">
          {direction === 'debit' ? 'Debit balance' : 'Credit balance'}
        </FormSubmitRow>
      </form>
      {confirming ? (
        <ConfirmAdjustmentDialog
          values={confirming}
          customer={user}
          busy={adjust.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => adjust.mutate(confirming)}
        />
      ) : null}
    </>
  );
}

/** What is about to be posted, and to whom, before anything is sent. */
function ConfirmAdjustmentDialog({
  values,
  customer,
  busy,
  onCancel,
  onConfirm,
}: {
  values: CreateAdjustmentRequest;
  customer: Pick<AdminUser, 'fullName' | 'email'>;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const amount = formatUsd(toMinorUnits(values.amount));
  const label = DIRECTION_LABELS[values.direction];
  return (
    <Dialog title="Confirm manual adjustment" busy={busy} onCancel={onCancel}>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg bg-slate-50 p-3 text-sm">
        <dt className="text-slate-500">Type</dt>
        <dd className="font-semibold text-slate-900">{label}</dd>
        <dt className="text-slate-500">Amount</dt>
        <dd className="font-semibold text-slate-900 tabular-nums">{amount}</dd>
        <dt className="text-slate-500">Customer</dt>
        <dd className="min-w-0 break-words text-slate-900">
          {customer.fullName}
          <span className="block text-slate-500">{customer.email}</span>
        </dd>
        <dt className="text-slate-500">Reason</dt>
        <dd className="min-w-0 whitespace-pre-wrap break-words text-slate-900">{values.reason}</dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        The customer is mailed this adjustment with its reason and reads it on their statement. Their account
        cannot be closed for {CLOSE_AFTER_ADJUSTMENT_DAYS} days after it.
      </p>
      <ConfirmButtons
        onConfirm={onConfirm}
        busy={busy}
        onCancel={onCancel}
        confirmLabel={`${label} ${amount}`}
        busyLabel="Applying..."
        variant={values.direction === 'debit' ? 'danger' : 'primary'}
      />
    </Dialog>
  );
}
