import { DEPOSIT_MESSAGES } from '@candor/contracts/deposits';
import { toMinorUnits, usdAmountSchema } from '@candor/contracts/money';
import { describeDepositOverLimit, type VerificationAllowance } from '@candor/contracts/verification-limits';
import { parseMinorUnits } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { DepositLimitNotice } from '../../components/identity-limit-notice.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { verificationAllowanceQuery } from '../../lib/verification-allowance.ts';

/**
 * The amount, and for an unverified account not above what is left of its 30-day limit (the
 * server's words; the notice above the field has the link to verify). The server still decides.
 */
function buildAmountFormSchema(allowance: VerificationAllowance | undefined) {
  const limit = allowance?.limited ? allowance.depositLimit : null;
  const left = allowance?.limited ? allowance.depositRemaining : null;
  return z.object({
    amount: usdAmountSchema(DEPOSIT_MESSAGES.amountRequired).superRefine((text, ctx) => {
      const parsed = parseMinorUnits(text);
      if (!parsed.ok || limit == null || left == null) return;
      const remainingMinor = toMinorUnits(left);
      if (parsed.value > remainingMinor) {
        ctx.addIssue({
          code: 'custom',
          message: describeDepositOverLimit(toMinorUnits(limit), remainingMinor),
        });
      }
    }),
  });
}

/** Step 1: how much to deposit, in dollars. */
export function AmountStep({ amount, onNext }: { amount: string; onNext: (amount: string) => void }) {
  const { data: allowance } = useQuery(verificationAllowanceQuery);
  const schema = useMemo(() => buildAmountFormSchema(allowance), [allowance]);
  const form = useZodForm(schema, { amount });
  const field = bindFields(form);
  const {
    handleSubmit,
    trigger,
    formState: { isSubmitting },
  } = form;
  // An amount given before the field is seen (a plan's shortfall) is checked as soon as the limit is
  // known: above what this account may deposit, the reason shows at once, not after Next.
  const [prefilled] = useState(amount !== '');
  useEffect(() => {
    if (prefilled && allowance) void trigger('amount');
  }, [prefilled, allowance, trigger]);
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
