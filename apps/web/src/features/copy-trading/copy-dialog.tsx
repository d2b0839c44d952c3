import type { StrategyProviderCard } from '@candor/contracts/copy-trading';
import { usdAmountSchema } from '@candor/contracts/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { copyKeys, startCopying } from './copy-trading-api.ts';

const FormSchema = z.object({
  copyStopLoss: z.union([z.literal(''), usdAmountSchema('Enter an amount')]),
  copyOpenPositions: z.boolean(),
});

/**
 * Copy a trader: the minimum balance (not deducted), the profit share rate this follower will pay on a
 * high-water mark, an optional copy stop-loss and whether to copy the trader's open positions now.
 */
export function CopyDialog({ trader, onClose }: { trader: StrategyProviderCard; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(FormSchema, { copyStopLoss: '', copyOpenPositions: false });
  const field = bindFields(form);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: z.output<typeof FormSchema>) =>
      startCopying(trader.id, {
        copyStopLoss: values.copyStopLoss === '' ? null : values.copyStopLoss,
        copyOpenPositions: values.copyOpenPositions,
      }),
    onSuccess: (answer) => {
      notify.success(answer.message);
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });

  return (
    <Dialog title={`Copy ${trader.displayName}`} busy={mutation.isPending} onCancel={onClose}>
      <dl className="mt-4 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-4 text-sm">
        <div>
          <dt className="text-slate-500">Minimum balance</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">
            {formatUsdDecimal(trader.minimumBalance)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Profit share you will pay</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{trader.profitShare} %</dd>
        </div>
        <p className="col-span-2 text-xs text-slate-500">
          The minimum balance is not deducted. The profit share is charged on a high-water mark: only on
          profit above your previous best, at the rate in force today.
        </p>
      </dl>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          mutation.mutate(values);
        })}
      >
        <AmountField
          label="Copy stop-loss (optional)"
          hint="When your copies have lost this much since you started, every copied trade closes and copying stops."
          {...field('copyStopLoss')}
        />
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            {...form.register('copyOpenPositions')}
          />
          <span>Also copy the trader's open positions (they open at today's price)</span>
        </label>
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <DialogButtons
          busy={mutation.isPending}
          onCancel={onClose}
          confirmLabel="Copy"
          busyLabel="Copying..."
          variant="primary"
        />
      </form>
    </Dialog>
  );
}
