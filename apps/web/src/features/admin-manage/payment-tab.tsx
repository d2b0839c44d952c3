import {
  UpdateWalletAddressesRequestSchema,
  WALLET_MESSAGES,
  type WalletAddresses,
} from '@candor/contracts/wallets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { updateWalletAddresses, walletAddressesQuery } from './admin-wallets-api.ts';
import { SettingsFormFrame, SettingsSection } from './settings-form-parts.tsx';

type WalletForm = z.input<typeof UpdateWalletAddressesRequestSchema>;

/** The Payment tab: loads the deposit addresses, then shows the wallet form filled with them. */
export function PaymentTab() {
  const query = useQuery(walletAddressesQuery);
  return (
    <QueryPanel
      query={query}
      loading="Loading wallet addresses..."
      failed="The wallet addresses could not be loaded."
    >
      {(addresses) => <WalletForm addresses={addresses} />}
    </QueryPanel>
  );
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
  const form = useZodForm(UpdateWalletAddressesRequestSchema, toFormValues(addresses));
  const field = bindFields(form);
  const { handleSubmit, reset } = form;

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
    <SettingsFormFrame label="Wallet addresses" busy={save.isPending} onSubmit={onSubmit}>
      <SettingsSection
        title="Deposit addresses"
        description="Update your respective wallet address, ensure to confirm wallet address before client makes payment."
        fieldsClassName="space-y-5"
      >
        <TextField
          label="Bitcoin"
          hint="A mainnet address starting with 1, 3 or bc1"
          {...addressInput}
          {...field('bitcoin')}
        />
        <TextField
          label="Ethereum"
          hint="0x followed by 40 hexadecimal characters"
          {...addressInput}
          {...field('ethereum')}
        />
        <TextField
          label="USDT (TRC-20)"
          hint="A Tron address starting with T"
          {...addressInput}
          {...field('usdt')}
        />
      </SettingsSection>
    </SettingsFormFrame>
  );
}
