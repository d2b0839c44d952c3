import { LOAN_MESSAGES, type Loan } from '@candor/contracts/loans';
import { toMinorUnits, usdAmountSchema } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { repayLoan } from './loans-api.ts';

type Choice = { all: true } | { amount: string };

/**
 * Repay from available cash: an amount or everything owed, then a confirmation that names the
 * amount; the repayment goes to unpaid interest first, then to the principal.
 */
export function RepayLoanDialog({
  loan,
  available,
  onClose,
}: {
  loan: Loan;
  available: string | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [choice, setChoice] = useState<Choice | null>(null);
  const mutation = useIdempotentMutation({
    mutationFn: (body: Choice, key: string) => repayLoan(loan.id, body, key),
    onSuccess: (updated) => {
      notify.success(
        updated.status === 'repaid'
          ? LOAN_MESSAGES.repaid
          : `Repaid. You now owe ${formatUsdDecimal(updated.owed)}.`,
      );
      onClose();
    },
    onError: (failure) => setError(errorMessage(failure)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me }),
  });

  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = usdAmountSchema(LOAN_MESSAGES.amountRequired).safeParse(amount);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? LOAN_MESSAGES.amountRequired);
      return;
    }
    if (toMinorUnits(parsed.data) > toMinorUnits(loan.owed)) {
      setError(LOAN_MESSAGES.moreThanOwed(formatUsdDecimal(loan.owed)));
      return;
    }
    setError(null);
    setChoice({ amount: parsed.data });
  };

  if (choice) {
    const shown = 'all' in choice ? formatUsdDecimal(loan.owed) : formatUsd(toMinorUnits(choice.amount));
    return (
      <Dialog title="Confirm repayment" busy={mutation.isPending} onCancel={onClose}>
        <p className="mt-2 text-sm text-slate-600">
          Repay <strong className="text-slate-900">{shown}</strong> of your {loan.planName} loan from your
          available cash? It pays unpaid interest first, then the amount borrowed.
          {'all' in choice ? ' Interest accrued up to today is included.' : ''}
        </p>
        {error ? (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            {error}
          </p>
        ) : null}
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            mutation.mutate(choice);
          }}
        >
          <DialogButtons
            busy={mutation.isPending}
            onCancel={onClose}
            confirmLabel="Confirm repayment"
            busyLabel="Repaying..."
            variant="primary"
          />
        </form>
      </Dialog>
    );
  }

  return (
    <Dialog title={`Repay ${loan.planName}`} busy={false} onCancel={onClose}>
      <dl className="mt-3 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-slate-500">Owed now</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{formatUsdDecimal(loan.owed)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Available cash</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">
            {available ? formatUsdDecimal(available) : '—'}
          </dd>
        </div>
      </dl>
      <form noValidate className="mt-4 space-y-4" onSubmit={review}>
        <AmountField
          label="Amount to repay"
          value={amount}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="secondary" onClick={() => setChoice({ all: true })}>
            Repay all
          </Button>
          <Button type="submit">Repay</Button>
        </div>
      </form>
    </Dialog>
  );
}
