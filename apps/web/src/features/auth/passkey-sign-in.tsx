import { SignInResponseSchema } from '@candor/contracts/auth';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../components/ui/button.tsx';
import { apiRequest, isApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useContinueAfterSignIn } from './return-path.ts';

/** contracts/passkeys' PasskeyOptionsSchema, restated: this page's first load stays without that module. */
const OptionsSchema = z.looseObject({ challenge: z.string() });
const SIGN_IN_FAILED = 'Passkey sign-in failed. Please try again or use your password.';

/** Signs in with a passkey: the server's options, the browser's dialog, then the server's check. */
async function signInWithPasskey() {
  const options = await apiRequest('/api/session/passkey/options', OptionsSchema, { method: 'POST' });
  // The browser's dialog (and its library) load when the button is first pressed.
  const { getPasskey } = await import('../../lib/passkey-browser.ts');
  const credential = await getPasskey(options);
  return apiRequest('/api/session/passkey', SignInResponseSchema, { method: 'POST', body: { credential } });
}

/** What the page says when a passkey sign-in fails: the server's or the dialog's words where they help. */
function failureMessage(error: unknown): string {
  if (error instanceof Error && error.name === 'PasskeyDialogError') return error.message;
  if (
    isApiError(error, 'ACCOUNT_CLOSED') ||
    isApiError(error, 'TOO_MANY_ATTEMPTS') ||
    isApiError(error, 'RATE_LIMITED')
  ) {
    return error.message;
  }
  return SIGN_IN_FAILED;
}

/**
 * The login page's "Sign in with a passkey" (left out where the browser has no passkeys). The same
 * rules as a password apply on the server: a closed account is refused, the sign-in is recorded.
 */
export function PasskeySignIn({ onFailure }: { onFailure: (message: string | null) => void }) {
  const continueAfterSignIn = useContinueAfterSignIn();
  const [busy, setBusy] = useState(false);
  if (typeof window.PublicKeyCredential !== 'function') return null;

  const signIn = async () => {
    onFailure(null);
    setBusy(true);
    try {
      const session = await signInWithPasskey();
      queryClient.setQueryData(queryKeys.session, session);
      await continueAfterSignIn();
    } catch (error) {
      setBusy(false);
      onFailure(failureMessage(error));
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
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
