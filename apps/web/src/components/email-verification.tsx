import { EMAIL_VERIFICATION_MESSAGES, MessageResponseSchema } from '@candor/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api.ts';
import { errorMessage } from '../lib/error-message.ts';
import { notify } from '../lib/notify.ts';
import { queryKeys } from '../lib/query-keys.ts';
import { settingsQuery } from '../lib/site-settings.ts';
import { Button } from './ui/button.tsx';

/** With no SMTP server, the link is only in the account's Messages (decision 019). */
export const LINK_IN_MESSAGES =
  'E-mail is not set up on this site, so the link is in your Messages, not your inbox.';

/** POST /api/account/verification-emails: a new link for the signed-in owner's unverified address. */
export function sendVerificationEmail() {
  return apiRequest('/api/account/verification-emails', MessageResponseSchema, { method: 'POST' });
}

/**
 * Sends the verification link again and says so in a toast (the server's words: which address,
 * one hour). An address verified meanwhile refreshes the session, so the notice goes away.
 */
export function useSendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendVerificationEmail,
    onSuccess: async ({ message }) => {
      const settings = await queryClient.ensureQueryData(settingsQuery).catch(() => undefined);
      const noEmail = settings?.emailDelivery === 'none';
      notify.success(message, noEmail ? { description: LINK_IN_MESSAGES } : undefined);
    },
    onError: (error) => {
      if (isApiError(error, 'CONFLICT')) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      notify.error(errorMessage(error));
    },
  });
}

/** The amber "E-mail not verified" mark beside an address its owner reads. */
export function UnverifiedEmailBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-800 ring-1 ring-amber-200 ring-inset">
      {EMAIL_VERIFICATION_MESSAGES.notVerified}
    </span>
  );
}

/** "Send the link again": a small secondary button that sends a new verification link. */
export function SendVerificationAgainButton({ className = '' }: { className?: string }) {
  const send = useSendVerificationEmail();
  return (
    <Button
      variant="secondary"
      className={`px-3 py-1.5 text-xs ${className}`}
      disabled={send.isPending}
      onClick={() => send.mutate()}
    >
      {send.isPending ? 'Sending...' : EMAIL_VERIFICATION_MESSAGES.sendAgain}
    </Button>
  );
}
