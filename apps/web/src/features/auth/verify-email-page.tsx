import { EMAIL_VERIFICATION_MESSAGES } from '@candor/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { LINK_IN_MESSAGES, sendVerificationEmail } from '../../components/email-verification.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { type Me, sessionQuery } from '../../lib/session.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { verifyEmail } from './auth-api.ts';
import { AuthLayout } from './auth-layout.tsx';
import { ActionLink, InvalidLinkNotice, SuccessNotice } from './auth-notices.tsx';

export function VerifyEmailPage() {
  const { token } = useSearch({ from: '/verify-email' });
  const queryClient = useQueryClient();
  const me = useQuery(sessionQuery).data?.user ?? null;
  const signedIn = Boolean(me);
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
        <InvalidLinkNotice message={EMAIL_VERIFICATION_MESSAGES.invalidLink} action={next}>
          <NewLinkOffer me={me} />
        </InvalidLinkNotice>
      ) : verified ? (
        <div className="space-y-6">
          {verified.emailChanged ? (
            // A change of e-mail completed (seed §8's words), then the address it now signs in with.
            <div className="space-y-2">
              <SuccessNotice message={EMAIL_VERIFICATION_MESSAGES.emailUpdated} />
              <p className="text-sm break-words text-slate-600">
                {EMAIL_VERIFICATION_MESSAGES.verified(verified.email)}
              </p>
            </div>
          ) : (
            <SuccessNotice message={EMAIL_VERIFICATION_MESSAGES.verified(verified.email)} />
          )}
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

/**
 * Under a dead link: a signed-in owner whose address is still unverified can have a new link sent
 * here; a visitor who is not signed in is told to sign in first (the link goes to the account's
 * own address, so only its owner may ask).
 */
function NewLinkOffer({ me }: { me: Me | null }) {
  const noEmail = useSiteSettings()?.emailDelivery === 'none';
  const send = useMutation({ mutationFn: sendVerificationEmail });
  if (!me) {
    return (
      <p className="text-sm text-slate-600">
        Sign in to have a new verification link sent to your address, then open it within an hour.
      </p>
    );
  }
  if (me.emailVerified) return null;
  if (send.data) {
    return (
      <div className="space-y-2">
        <SuccessNotice message={send.data.message} />
        {noEmail ? <p className="text-sm text-slate-600">{LINK_IN_MESSAGES}</p> : null}
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        Your address <span className="font-medium break-all text-slate-900">{me.email}</span> is not verified
        yet. We can send you a new link.
      </p>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(send.error)}
        </p>
      ) : null}
      <Button variant="secondary" className="w-full" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Sending...' : 'Send a new link'}
      </Button>
    </div>
  );
}
