import {
  type UpdateWalletAddressesRequest,
  UpdateWalletAddressesRequestSchema,
  WALLET_MESSAGES,
  type WalletAddresses,
} from '@candor/contracts/wallets';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { updateWalletAddresses, walletAddressesQuery } from './admin-wallets-api.ts';

type WalletForm = z.input<typeof UpdateWalletAddressesRequestSchema>;

/** The Payment tab: loads the deposit addresses, then shows the wallet form filled with them. */
export function PaymentTab() {
  const { data, isPending, isError, refetch } = useQuery(walletAddressesQuery);
  if (isPending) {
    return (
      <div role="status" className="flex items-center gap-3 py-10 text-sm text-slate-500">
        <Spinner className="h-5 w-5 text-brand-600" /> Loading wallet addresses...
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700">
        The wallet addresses could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <WalletForm addresses={data} />;
}

function toFormValues(addresses: WalletAddresses): WalletForm {
  return {
    bitcoin: addresses.bitcoin ?? '',
    ethereum: addresses.ethereum ?? '',
    usdt: addresses.usdt ?? '',
  };
}

/** Addresses are long and easy to misread: shown in a fixed-width font, never auto-corrected. */
const addressInput = {
  className: '[&_input]:font-mono',
  autoComplete: 'off',
  autoCapitalize: 'off',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

export function WalletForm({ addresses }: { addresses: WalletAddresses }) {
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<WalletForm, unknown, UpdateWalletAddressesRequest>({
    resolver: zodResolver(UpdateWalletAddressesRequestSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: toFormValues(addresses),
  });

  const save = useMutation({
    mutationFn: updateWalletAddresses,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.walletAddresses, saved);
      reset(toFormValues(saved));
      notify.success(WALLET_MESSAGES.updated);
    },
    onError: (error) => notify.error(WALLET_MESSAGES.updateFailed(errorMessage(error))),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl space-y-6" aria-label="Wallet addresses">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-base font-semibold text-slate-900">Deposit addresses</h2>
        <p className="mt-1 text-sm text-slate-500">
          Update your respective wallet address, ensure to confirm wallet address before client makes payment.
        </p>
        <div className="mt-5 space-y-5">
          <TextField
            label="Bitcoin"
            hint="A mainnet address starting with 1, 3 or bc1"
            error={errors.bitcoin?.message}
            {...addressInput}
            {...register('bitcoin')}
          />
          <TextField
            label="Ethereum"
            hint="0x followed by 40 hexadecimal characters"
            error={errors.ethereum?.message}
            {...addressInput}
            {...register('ethereum')}
          />
          <TextField
            label="USDT (TRC-20)"
            hint="A Tron address starting with T"
            error={errors.usdt?.message}
            {...addressInput}
            {...register('usdt')}
          />
        </div>
      </section>

      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto sm:min-w-32" disabled={save.isPending}>
          {save.isPending ? 'Updating...' : 'Update'}
        </Button>
      </div>
    </form>
  );
}
