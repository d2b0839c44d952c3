import { MeSchema } from '@candor/contracts/auth';
import { PASSKEY_MESSAGES, PasskeyOptionsSchema } from '@candor/contracts/passkeys';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { browserSupportsPasskeys, getPasskey, PasskeyDialogError } from '../../lib/passkey-browser.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';

const SignedInSchema = z.object({ user: MeSchema });

/** Signs in with a passkey: the server's options, the browser's dialog, then the server's check. */
async function signInWithPasskey() {
  const options = await apiRequest('/api/session/passkey/options', PasskeyOptionsSchema, { method: 'POST' });
  const credential = await getPasskey(options);
  return apiRequest('/api/session/passkey', SignedInSchema, { method: 'POST', body: { credential } });
}

/**
 * The login page's "Sign in with a passkey" (left out where the browser has no passkeys). The same
 * rules as a password apply on the server: a closed account is refused, the sign-in is recorded.
 */
export function PasskeySignIn({ onFailure }: { onFailure: (message: string | null) => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!browserSupportsPasskeys()) return null;

  const signIn = async () => {
    onFailure(null);
    setBusy(true);
    try {
      const session = await signInWithPasskey();
      queryClient.setQueryData(queryKeys.session, session);
      await navigate({ to: '/dashboard' });
    } catch (error) {
      setBusy(false);
      onFailure(
        error instanceof PasskeyDialogError ||
          isApiError(error, 'ACCOUNT_CLOSED') ||
          isApiError(error, 'TOO_MANY_ATTEMPTS')
          ? error.message
          : PASSKEY_MESSAGES.signInFailed,
      );
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-400 uppercase">
        <span className="h-px flex-1 bg-slate-200" />
        or
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button variant="secondary" className="w-full" disabled={busy} onClick={() => void signIn()}>
        {busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}
      </Button>
    </div>
  );
}
