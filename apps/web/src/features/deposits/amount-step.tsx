import { DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { usdAmountSchema } from '@candor/contracts/money';
import { z } from 'zod';
import { DepositLimitNotice } from '../../components/identity-limit-notice.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';

const AmountFormSchema = z.object({ amount: usdAmountSchema(DEPOSIT_MESSAGES.amountRequired) });

/** Step 1: how much to deposit, in dollars. */
export function AmountStep({ amount, onNext }: { amount: string; onNext: (amount: string) => void }) {
  const form = useZodForm(AmountFormSchema, { amount });
  const field = bindFields(form);
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;
  return (
    <form noValidate aria-label="Deposit amount" onSubmit={handleSubmit((values) => onNext(values.amount))}>
      <h2 className="text-lg font-semibold text-slate-900">{DEPOSIT_MESSAGES.account}</h2>
      <p className="mt-1 text-sm text-slate-500">How much do you want to add to your trading balance?</p>
      <DepositLimitNotice className="mt-4" />
      <AmountField className="mt-5" label="Amount (USD)" {...field('amount')} />
      <FormSubmitRow busy={isSubmitting} busyLabel="Next" minWidth="sm:min-w-32" className="mt-6">
        Next
      </FormSubmitRow>
    </form>
  );
}
