import {
  WITHDRAWAL_METHOD_LABELS,
  WITHDRAWAL_METHODS,
  type Withdrawal,
  type WithdrawalMethod,
} from '@candor/contracts/withdrawals';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { WithdrawalLimitGate } from '../../components/identity-limit-notice.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { InactiveAccountNotice } from '../../components/ui/inactive-account-notice.tsx';
import { QueryPanel } from '../../components/ui/load-states.tsx';
import { StaffAccountNotice } from '../../components/ui/staff-account-notice.tsx';
import { useIsStaff } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { ConfirmWithdrawalStep } from './confirm-withdrawal-step.tsx';
import { SelectWithdrawalSearchSchema } from './select-withdrawal-search.ts';
import { WithdrawalMethodForm } from './withdrawal-method-form.tsx';
import { WithdrawalOutcome } from './withdrawal-outcome.tsx';
import { notifyWithdrawalPending } from './withdrawal-pending-toast.ts';
import { WithdrawalProtectionGate } from './withdrawal-protection-notice.tsx';
import { withdrawalTermsQuery } from './withdrawals-api.ts';

const METHOD_HINTS = {
  bank: 'To a bank account',
  crypto: 'Bitcoin, Ethereum or USDT (TRC-20)',
  paypal: 'To a PayPal e-mail',
  cashapp: 'To a $Cashtag',
  gcash: 'To a GCash number',
} as const satisfies Record<WithdrawalMethod, string>;

/**
 * /select-withdrawal: choose a method, fill its form (the fee is shown before submitting), then,
 * when the account needs it, type the e-mailed code. `?confirm=<id>` opens the code step directly.
 */
export function SelectWithdrawalPage() {
  useDocumentBranding('Make withdrawal');
  const me = useMe();
  const isStaff = useIsStaff();
  const { confirm, method } = SelectWithdrawalSearchSchema.parse(useSearch({ strict: false }));

  return (
    <div className="mx-auto max-w-xl">
      <BackLink to="/withdrawals" label="Withdrawals" className="mb-3" />
      <PageHeader title="Make withdrawal" description="Withdraw from your trading balance." />
      {isStaff ? (
        <StaffAccountNotice className="p-5 text-sm" />
      ) : me.status !== 'active' ? (
        <InactiveAccountNotice reason={me.statusReason} className="p-5 text-sm" />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <WithdrawalProtectionGate>
            {confirm ? (
              <ConfirmWithdrawalStep key={confirm} id={confirm} email={me.email} />
            ) : (
              // Issue 12: an unverified identity's limits, said before the form.
              <WithdrawalLimitGate>
                <WithdrawalWizard method={method ?? null} />
              </WithdrawalLimitGate>
            )}
          </WithdrawalProtectionGate>
        </div>
      )}
    </div>
  );
}

/** The chosen method is in the address (?method=…), so the browser's Back goes from its form to the choice. */
function WithdrawalWizard({ method }: { method: WithdrawalMethod | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate({ from: '/select-withdrawal' });
  // The outcome shows on the form's address it was recorded from; Back leaves it for the choice.
  const [recorded, setRecorded] = useState<{ withdrawal: Withdrawal; method: WithdrawalMethod } | null>(null);
  const choose = (next: WithdrawalMethod | null) => {
    setRecorded(null);
    void navigate({ search: next ? { method: next } : {} });
  };

  const onRecorded = async (withdrawal: Withdrawal) => {
    queryClient.setQueryData(queryKeys.ownWithdrawals.one(withdrawal.id), withdrawal);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'active' });
    if (withdrawal.status === 'awaiting_confirmation') {
      await navigate({ search: { confirm: withdrawal.id } });
      return;
    }
    notifyWithdrawalPending(withdrawal);
    if (method) setRecorded({ withdrawal, method });
  };

  if (recorded && recorded.method === method) {
    return <WithdrawalOutcome withdrawal={recorded.withdrawal} onAnother={() => choose(null)} />;
  }
  if (!method) return <MethodChoice onChoose={choose} />;
  return <MethodStep method={method} onBack={() => choose(null)} onRecorded={onRecorded} />;
}

function MethodChoice({ onChoose }: { onChoose: (method: WithdrawalMethod) => void }) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Choose a withdrawal method</h2>
      <p className="mt-1 text-sm text-slate-500">Where should we send your money?</p>
      <ul className="mt-5 grid gap-2 sm:grid-cols-2">
        {WITHDRAWAL_METHODS.map((option) => (
          <li key={option}>
            <button
              type="button"
              onClick={() => onChoose(option)}
              className="flex w-full flex-col items-start rounded-lg border border-slate-300 px-4 py-3 text-left transition hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="text-sm font-semibold text-slate-900">{WITHDRAWAL_METHOD_LABELS[option]}</span>
              <span className="text-xs text-slate-500">{METHOD_HINTS[option]}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MethodStep({
  method,
  onBack,
  onRecorded,
}: {
  method: WithdrawalMethod;
  onBack: () => void;
  onRecorded: (withdrawal: Withdrawal) => Promise<void>;
}) {
  const terms = useQuery(withdrawalTermsQuery);
  return (
    <QueryPanel query={terms} loading="Loading your balance..." failed="Your balance could not be loaded.">
      {(loaded) => (
        <WithdrawalMethodForm
          key={method}
          method={method}
          terms={loaded}
          onBack={onBack}
          onRecorded={onRecorded}
          onTermsStale={() => void terms.refetch()}
        />
      )}
    </QueryPanel>
  );
}
