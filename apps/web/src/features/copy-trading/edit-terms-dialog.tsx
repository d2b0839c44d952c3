import {
  COPY_TRADING_MESSAGES,
  type StrategyProviderCard,
  UpdateStrategyProviderRequestSchema,
} from '@candor/contracts/copy-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AmountField, DecimalField } from '../../components/ui/decimal-field.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { copyKeys, updateTrader } from './copy-trading-api.ts';

/** Staff change a provider's minimum balance and profit share; followers keep the rate they started with. */
export function EditTermsDialog({ trader, onClose }: { trader: StrategyProviderCard; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useZodForm(UpdateStrategyProviderRequestSchema, {
    minimumBalance: trader.minimumBalance,
    profitShare: trader.profitShare,
    reason: '',
  });
  const field = bindFields(form);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (values: Parameters<typeof updateTrader>[1]) => updateTrader(trader.id, values),
    onSuccess: () => {
      notify.success(COPY_TRADING_MESSAGES.updated);
      onClose();
    },
    onError: (error) => setFailure(errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });
  return (
    <Dialog title={`Edit ${trader.displayName}`} busy={mutation.isPending} onCancel={onClose}>
      <p className="mt-1 text-sm text-slate-500">
        A new profit share applies to new followers only: the {trader.followers} current follower(s) keep the
        rate they started with.
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((values) => {
          setFailure(null);
          mutation.mutate(values);
        })}
      >
        <AmountField label="Minimum Balance" {...field('minimumBalance')} />
        <DecimalField label="Profit Share" hint="Percent, 0–50." {...field('profitShare')} />
        <TextField label="Note (optional)" hint="Recorded in the audit log." {...field('reason')} />
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <DialogButtons
          busy={mutation.isPending}
          onCancel={onClose}
          confirmLabel="Save"
          busyLabel="Saving..."
          variant="primary"
        />
      </form>
    </Dialog>
  );
}
