import { CreateLoanApplicationRequestSchema, LOAN_MESSAGES } from '@candor/contracts/loans';
import type { Plan } from '@candor/contracts/plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { applyForLoan } from './loans-api.ts';

const FormSchema = CreateLoanApplicationRequestSchema.omit({ planId: true });

/** APPLY FOR LOAN (seed §2): FullName, Total Monthly Income, goal, Proceed. */
export function ApplyLoanDialog({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(FormSchema, { fullName: '', monthlyIncome: '', goal: '' });
  const field = bindFields(form);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: applyForLoan,
    onSuccess: () => {
      notify.success(LOAN_MESSAGES.applied);
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownLoans }),
  });

  return (
    <Dialog title={`Apply for the ${plan.name} loan`} busy={mutation.isPending} onCancel={onClose}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          mutation.mutate({ planId: plan.id, ...values });
        })}
      >
        <TextField label="Full name" autoComplete="name" {...field('fullName')} />
        <AmountField label="Total Monthly Income" hint="In US dollars" {...field('monthlyIncome')} />
        {/* No maxLength: the browser would cut a longer paste without a word; the schema says it is too long. */}
        <TextAreaField label="Goal" hint="What you will use the loan for." {...field('goal')} />
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <DialogButtons
          busy={mutation.isPending}
          onCancel={onClose}
          confirmLabel="Proceed"
          busyLabel="Sending..."
          variant="primary"
        />
      </form>
    </Dialog>
  );
}
