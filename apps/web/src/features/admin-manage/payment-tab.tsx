import { APPROVAL_MESSAGES, type Approval } from '@candor/contracts/approvals';
import {
  UpdateWalletAddressesRequestSchema,
  WALLET_MESSAGES,
  type WalletAddresses,
  type WalletChange,
} from '@candor/contracts/wallets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { carriedOutAloneNote } from '../../components/four-eyes-reach.tsx';
import { AddressComparison, COIN_ADDRESS_LABELS } from '../../components/ui/address-comparison.tsx';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { updateWalletAddresses, walletAddressesQuery } from './admin-wallets-api.ts';
import { PendingChangePanel } from './pending-change-panel.tsx';
import { SettingsFormFrame, SettingsSection } from './settings-form-parts.tsx';

type WalletForm = z.input<typeof UpdateWalletAddressesRequestSchema>;

/**
 * The Payment tab: loads the deposit addresses in force, then shows the wallet form filled with them,
 * and the change awaiting a second approval, if one does (docs/decisions/048).
 */
export function PaymentTab() {
  const query = useQuery(walletAddressesQuery);
  return (
    <QueryPanel
      query={query}
      loading="Loading wallet addresses..."
      failed="The wallet addresses could not be loaded."
    >
      {(addresses) => (
        <div className="max-w-2xl space-y-6">
          {addresses.pendingChange ? <PendingChange change={addresses.pendingChange} /> : null}
          <WalletForm addresses={addresses} />
        </div>
      )}
    </QueryPanel>
  );
}

function toFormValues(addresses: WalletAddresses): WalletForm {
  return {
    bitcoin: addresses.bitcoin ?? '',
    ethereum: addresses.ethereum ?? '',
    usdt: addresses.usdt ?? '',
    reason: '',
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

/** What a save did, told as a toast: the seed's words when the addresses are in force at once. */
function tellOutcome(change: WalletChange, before: WalletAddresses): void {
  if (change.state === 'awaiting_approval') {
    notify.success(APPROVAL_MESSAGES.awaiting, { description: WALLET_MESSAGES.awaitingDescription });
  } else if (change.state === 'unchanged') {
    notify.success(WALLET_MESSAGES.unchanged);
  } else {
    const first = before.bitcoin === null && before.ethereum === null && before.usdt === null;
    notify.success(first ? WALLET_MESSAGES.created : WALLET_MESSAGES.updated, {
      description: carriedOutAloneNote(change.fourEyes),
    });
  }
}

export function WalletForm({ addresses }: { addresses: WalletAddresses }) {
  const queryClient = useQueryClient();
  const form = useZodForm(UpdateWalletAddressesRequestSchema, toFormValues(addresses));
  const field = bindFields(form);
  const { handleSubmit, reset } = form;
  const waiting = addresses.pendingChange !== null;

  const save = useMutation({
    mutationFn: updateWalletAddresses,
    onSuccess: (change) => {
      queryClient.setQueryData(queryKeys.walletAddresses, change.addresses);
      // A waiting change is listed on the Approvals tab.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminApprovals.all });
      reset(toFormValues(change.addresses));
      tellOutcome(change, addresses);
    },
    onError: (error) => notify.error(WALLET_MESSAGES.updateFailed(errorMessage(error))),
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));

  return (
    <SettingsFormFrame label="Wallet addresses" busy={save.isPending} disabled={waiting} onSubmit={onSubmit}>
      <SettingsSection
        title={waiting ? 'Deposit addresses in force' : 'Deposit addresses'}
        description="Update your respective wallet address, ensure to confirm wallet address before client makes payment."
        fieldsClassName="space-y-5"
      >
        <TextField
          label={COIN_ADDRESS_LABELS.bitcoin}
          hint="A mainnet address starting with 1, 3 or bc1"
          {...addressInput}
          {...field('bitcoin')}
        />
        <TextField
          label={COIN_ADDRESS_LABELS.ethereum}
          hint="0x followed by 40 hexadecimal characters"
          {...addressInput}
          {...field('ethereum')}
        />
        <TextField
          label={COIN_ADDRESS_LABELS.usdt}
          hint="A Tron address starting with T"
          {...addressInput}
          {...field('usdt')}
        />
        {waiting ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
            The form opens again once the waiting change is approved or rejected.
          </p>
        ) : (
          <TextAreaField
            label="Reason"
            rows={2}
            // No maxLength: the browser would cut a longer paste without a word; the schema says it is too long.
            hint="Why the addresses change: recorded with your name in the audit log. When four-eyes is on, a second staff member reads it and approves the change before customers see it."
            {...field('reason')}
          />
        )}
      </SettingsSection>
    </SettingsFormFrame>
  );
}

/** The change waiting for a second staff member: who asked, why, and the addresses side by side. */
function PendingChange({ change }: { change: Approval }) {
  if (!change.walletChange) return null;
  return (
    <PendingChangePanel
      title="Change awaiting approval"
      description={WALLET_MESSAGES.awaitingDescription}
      change={change}
    >
      <AddressComparison
        before={change.walletChange.before}
        after={change.walletChange.after}
        labels={['In force', 'Proposed']}
        caption="Deposit addresses in force and proposed"
      />
    </PendingChangePanel>
  );
}
