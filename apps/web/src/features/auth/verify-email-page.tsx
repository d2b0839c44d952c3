import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { queryKeys } from '../../lib/query-keys.ts';
import { sessionQuery } from '../../lib/session.ts';
import { verifyEmail } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { ActionLink, InvalidLinkNotice, SuccessNotice } from './auth-notices.tsx';

export function VerifyEmailPage() {
  const { token } = useSearch({ from: '/verify-email' });
  const queryClient = useQueryClient();
  const signedIn = Boolean(useQuery(sessionQuery).data?.user);
  const {
    mutate: verify,
    data: verified,
    isError,
  } = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
  // A token works once: StrictMode runs effects twice, so remember which token was already sent.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (token === '' || sentToken.current === token) return;
    sentToken.current = token;
    verify(token);
  }, [token, verify]);

  const invalid = token === '' || isError;
  const next = signedIn
    ? ({ to: '/dashboard', label: 'Go to dashboard' } as const)
    : ({ to: '/', label: 'Go to login' } as const);

  return (
    <AuthLayout
      title="E-mail verification"
      headerLink={signedIn ? { to: '/dashboard', label: 'Dashboard' } : { to: '/', label: 'Login' }}
    >
      {invalid ? (
        <InvalidLinkNotice message={AUTH_MESSAGES.invalidLink} action={next} />
      ) : verified ? (
        <div className="space-y-6">
          <SuccessNotice message={`Your e-mail address ${verified.email} is verified.`} />
          <ActionLink action={next} />
        </div>
      ) : (
        <div role="status" className="flex items-center gap-3 py-4 text-sm text-slate-600">
          <Spinner className="h-5 w-5 text-brand-600" />
          Verifying your e-mail address...
        </div>
      )}
    </AuthLayout>
  );
}
