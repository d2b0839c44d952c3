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
import type { z } from 'zod';
import { AmountField } from '../../components/ui/decimal-field.tsx';
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

/**
 * Manual adjustment (PRODUCT.md §2): credit or debit the customer's cash with a reason the
 * customer reads on their statement. Retrying the same submission (after a network failure, say)
 * reuses its Idempotency-Key, so the money moves once.
 */
export function AdjustmentForm({ user }: { user: Pick<AdminUser, 'id' | 'balances'> }) {
  const queryClient = useQueryClient();
  const form = useZodForm(CreateAdjustmentRequestSchema, EMPTY);
  const field = bindFields(form);
  const { register, handleSubmit, reset, setError, watch } = form;
  const adjust = useIdempotentMutation({
    mutationFn: (values: CreateAdjustmentRequest, key: string) => adjustBalance(user.id, values, key),
    onSuccess: (adjustment, values) => {
      reset({ ...EMPTY, direction: values.direction });
      // Above the four-eyes threshold nothing moved yet: say so, rather than "Balance adjusted".
      if (adjustment.state === 'awaiting_approval') {
        notify.success(APPROVAL_MESSAGES.awaiting, { description: APPROVAL_MESSAGES.awaitingDescription });
      } else {
        notify.success(ADJUSTMENT_MESSAGES.adjusted);
      }
    },
    onError: (error) => {
      const message = errorMessage(error);
      if (isApiError(error, 'INSUFFICIENT_FUNDS')) setError('amount', { message });
      notify.error(ADJUSTMENT_MESSAGES.failed, { description: message });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUser(user.id) }),
  });
  const direction = watch('direction');
  const available = toMinorUnits(user.balances.available);

  const onSubmit = handleSubmit((values) => {
    // The server decides; this only spares the administrator a refused round trip.
    if (values.direction === 'debit' && toMinorUnits(values.amount) > available) {
      setError('amount', { message: ADJUSTMENT_MESSAGES.belowZero });
      return;
    }
    adjust.mutate(values);
  });

  return (
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
  );
}
