import { ACCOUNT_SECURITY_MESSAGES } from '@candor/contracts/account-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { freezeWithdrawals } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ActionLink, InvalidLinkNotice, SuccessNotice } from './auth-notices.tsx';

/**
 * /freeze?token=…: the link in every withdrawal e-mail. Opening it freezes withdrawals at once and
 * ends every session of the account (no sign-in needed); the customer signs in again to unfreeze.
 */
export function FreezePage() {
  useDocumentBranding('Freeze withdrawals');
  const { token } = useSearch({ from: '/freeze' });
  const queryClient = useQueryClient();
  const {
    mutate: freeze,
    data,
    error,
    isError,
  } = useMutation({
    mutationFn: freezeWithdrawals,
    // Every session of the account ended, this browser's too if it was signed in.
    onSuccess: () => queryClient.clear(),
  });
  // A token works once: StrictMode runs effects twice, so remember which token was already sent.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (token === '' || sentToken.current === token) return;
    sentToken.current = token;
    freeze(token);
  }, [token, freeze]);

  const next = { to: '/', label: 'Go to login' } as const;
  return (
    <AuthLayout title="Freeze withdrawals" headerLink={{ to: '/', label: 'Login' }}>
      {token === '' ? (
        <InvalidLinkNotice message={ACCOUNT_SECURITY_MESSAGES.invalidFreezeLink} action={next} />
      ) : isError ? (
        <InvalidLinkNotice message={errorMessage(error)} action={next} />
      ) : data ? (
        <div className="space-y-6">
          <SuccessNotice message={data.message} />
          <p className="text-sm text-slate-600">
            Change your password after signing in if you think someone else knows it.
          </p>
          <ActionLink action={next} />
        </div>
      ) : (
        <div role="status" className="flex items-center gap-3 py-4 text-sm text-slate-600">
          <Spinner className="h-5 w-5 text-brand-600" />
          Freezing withdrawals...
        </div>
      )}
    </AuthLayout>
  );
}
