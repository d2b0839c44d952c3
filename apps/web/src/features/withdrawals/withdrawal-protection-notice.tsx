import { ACCOUNT_SECURITY_MESSAGES } from '@candor/contracts/account-security';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useSharedMutation } from '../../lib/use-shared-mutation.ts';
import { unfreezeWithdrawals, withdrawalProtectionQuery } from './withdrawals-api.ts';

/**
 * Says, before any form, why a withdrawal cannot be requested now: a freeze (with the way to
 * unfreeze: the customer's password) or the 24-hour wait after a security change (why and until
 * when). Renders nothing while withdrawals are allowed. `children` render only then.
 */
export function WithdrawalProtectionGate({ children }: { children?: ReactNode }) {
  const { data, isPending } = useQuery(withdrawalProtectionQuery);
  if (isPending) return null;
  // Unreadable: the form shows, and the server still refuses what it must.
  if (!data) return <>{children}</>;
  if (data.frozen) return <FrozenNotice />;
  if (data.message) {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      >
        <p className="font-medium">Withdrawals are paused</p>
        <p className="mt-1">{data.message}</p>
      </div>
    );
  }
  return <>{children}</>;
}

function FrozenNotice() {
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  // A double click submits twice before the busy button renders: the second press shares the first.
  const unfreeze = useSharedMutation({
    mutationFn: unfreezeWithdrawals,
    onSuccess: async (protection) => {
      queryClient.setQueryData(queryKeys.withdrawalProtection, protection);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity });
      notify.success(ACCOUNT_SECURITY_MESSAGES.unfrozen);
    },
    onError: (error) => setFieldError(errorMessage(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) {
      setFieldError(ACCOUNT_SECURITY_MESSAGES.passwordRequired);
      return;
    }
    unfreeze.mutate(password);
  };

  return (
    <section
      aria-label="Withdrawals frozen"
      className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p className="font-medium">Withdrawals are frozen</p>
      <p>{ACCOUNT_SECURITY_MESSAGES.frozen}</p>
      <form noValidate className="space-y-3" onSubmit={submit}>
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        <Button type="submit" disabled={unfreeze.isPending}>
          {unfreeze.isPending ? 'Unfreezing...' : 'Unfreeze withdrawals'}
        </Button>
      </form>
    </section>
  );
}
