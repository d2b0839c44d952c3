import { DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { usdAmountSchema } from '@candor/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/text-field.tsx';

const AmountFormSchema = z.object({ amount: usdAmountSchema(DEPOSIT_MESSAGES.amountRequired) });
type AmountForm = z.input<typeof AmountFormSchema>;

/** Step 1: how much to deposit, in dollars. */
export function AmountStep({ amount, onNext }: { amount: string; onNext: (amount: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<AmountForm, unknown, z.output<typeof AmountFormSchema>>({
    resolver: zodResolver(AmountFormSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { amount },
  });
  return (
    <form noValidate aria-label="Deposit amount" onSubmit={handleSubmit((values) => onNext(values.amount))}>
      <h2 className="text-lg font-semibold text-slate-900">{DEPOSIT_MESSAGES.account}</h2>
      <p className="mt-1 text-sm text-slate-500">How much do you want to add to your trading balance?</p>
      <TextField
        className="mt-5"
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <div className="mt-6 flex justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-32" disabled={isSubmitting}>
          Next
        </Button>
      </div>
    </form>
  );
}
