import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Accounts verified as they are made (the first owner through the setup link, a member added on the
 * Staff tab, an owner made at the command line): whoever made them typed the address, so no "verify
 * your e-mail address" message with a live link is sent (QA finding 7). better-auth sends that
 * message from inside its sign-up with the account only; the sign-up runs inside
 * `whileMakingVerifiedAccount`, and the sending hook (plugins/auth.ts) asks `isMakingVerifiedAccount`.
 */
const verifiedAtOnce = new AsyncLocalStorage<true>();

export function whileMakingVerifiedAccount<T>(signUp: () => Promise<T>): Promise<T> {
  return verifiedAtOnce.run(true, signUp);
}

export function isMakingVerifiedAccount(): boolean {
  return verifiedAtOnce.getStore() === true;
}
