import type { PasskeyCredential, PasskeyOptions } from '@candor/contracts/passkeys';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey dialogs (WebAuthn), through @simplewebauthn/browser — the library
 * better-auth's own passkey client uses. It is loaded when a dialog first opens, so the login page
 * does not carry it.
 */

/** Whether this browser can use passkeys at all (the buttons are hidden where it cannot). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Opens the dialog that creates a passkey; the options come from the server as they are. */
export async function createPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    const credential = await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    return credential as unknown as PasskeyCredential;
  } catch (error) {
    throw new PasskeyDialogError(dialogMessage(error, 'create'));
  }
}

/** Opens the dialog that signs in with one of this site's passkeys. */
export async function getPasskey(options: PasskeyOptions): Promise<PasskeyCredential> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    const credential = await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    return credential as unknown as PasskeyCredential;
  } catch (error) {
    throw new PasskeyDialogError(dialogMessage(error, 'use'));
  }
}

/** The browser's passkey dialog failed or was closed; its message says so as a person reads it. */
export class PasskeyDialogError extends Error {
  override name = 'PasskeyDialogError';
}

function dialogMessage(error: unknown, ceremony: 'create' | 'use'): string {
  const name = error instanceof Error ? error.name : '';
  const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already has a passkey for your account.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return 'Passkeys do not work at this address of the site.';
  }
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') {
    return ceremony === 'create'
      ? 'No passkey was added: the passkey dialog was closed or timed out.'
      : 'Passkey sign-in was cancelled or timed out.';
  }
  return ceremony === 'create'
    ? 'Your browser could not create a passkey. Please try again.'
    : 'Your browser could not use a passkey. Please try again.';
}
