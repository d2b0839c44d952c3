import { COPY_TRADING_MESSAGES, type StrategyProviderCard } from '@candor/contracts/copy-trading';
import { usdAmountSchema } from '@candor/contracts/money';
import { formatUsd, parseMinorUnits } from '@candor/domain/money/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { AmountField } from '../../components/ui/decimal-field.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { balancesQuery } from '../../lib/balances-api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { copyKeys, startCopying } from './copy-trading-api.ts';

/**
 * The form: a copy stop-loss is optional, an amount as the contract reads it (its messages for
 * "-5", "abc", "1.234" or "0") and, when the equity is known, at most the equity. The equity check
 * only looks at a text the contract could parse: a refinement runs even after an earlier issue.
 */
function buildFormSchema(equityCents: bigint | null) {
  return z.object({
    copyStopLoss: z.union([
      z.literal(''),
      usdAmountSchema('Enter an amount').superRefine((text, ctx) => {
        const parsed = parseMinorUnits(text);
        if (!parsed.ok || equityCents === null || parsed.value <= equityCents) return;
        ctx.addIssue({
          code: 'custom',
          message: COPY_TRADING_MESSAGES.stopLossAboveEquity(formatUsd(equityCents)),
        });
      }),
    ]),
    copyOpenPositions: z.boolean(),
  });
}
type FormValues = z.output<ReturnType<typeof buildFormSchema>>;

/** "Also copy their 2 open positions. They open at today's market price, not the provider's." */
export function describeOpenPositionsChoice(count: number): string {
  const positions = count === 1 ? 'their open position' : `their ${count} open positions`;
  return `Also copy ${positions}. ${count === 1 ? 'It opens' : 'They open'} at today's market price, not the provider's.`;
}

/**
 * Copy a trader: the minimum balance (not deducted), the profit share rate this follower will pay on a
 * high-water mark, an optional copy stop-loss and whether to copy the trader's open positions now.
 */
export function CopyDialog({ trader, onClose }: { trader: StrategyProviderCard; onClose: () => void }) {
  const queryClient = useQueryClient();
  const balances = useQuery(balancesQuery);
  const equityCents = balances.data ? toSignedCents(balances.data.total) : null;
  const schema = useMemo(() => buildFormSchema(equityCents), [equityCents]);
  const form = useZodForm(schema, { copyStopLoss: '', copyOpenPositions: false });
  const field = bindFields(form);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: FormValues) =>
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
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{trader.profitShare}%</dd>
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
          hint={`When your copies have lost this much since you started, every copied trade closes at the market price and copying stops. A copy whose spread alone would reach it is skipped.${equityCents === null ? '' : ` At most your equity, ${formatUsd(equityCents)}.`}`}
          {...field('copyStopLoss')}
        />
        {trader.openPositions > 0 ? (
          <label className="flex items-start gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
              {...form.register('copyOpenPositions')}
            />
            <span>{describeOpenPositionsChoice(trader.openPositions)}</span>
          </label>
        ) : (
          <p className="text-sm text-slate-500">
            {trader.displayName} has no open positions now: only their next trades are copied.
          </p>
        )}
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
