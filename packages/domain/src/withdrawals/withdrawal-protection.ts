/**
 * Withdrawal protections (issue 11 §5): after a change of password, e-mail or two-factor, new
 * withdrawals wait 24 hours; a freeze (from the link in every withdrawal e-mail) stops them until
 * the customer unfreezes or staff release it. Pure: the time is passed in.
 */

/** How long new withdrawals wait after a security change of the customer's own. */
export const WITHDRAWAL_WAIT_MS = 24 * 60 * 60_000;

/**
 * How long they wait after a password set through a reset link the site's operator issued
 * (docs/decisions/019): long enough for a customer locked out of their account to find out.
 */
export const OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS = 7;

/** What started a wait. */
export const WITHDRAWAL_WAIT_CAUSES = [
  'password_change',
  'password_reset',
  'email_change',
  'two_factor_change',
  'operator_reset',
] as const;
export type WithdrawalWaitCause = (typeof WITHDRAWAL_WAIT_CAUSES)[number];

/** The account's protection state as stored. */
export type WithdrawalProtectionState = {
  waitUntil: Date | null;
  waitCause: WithdrawalWaitCause | null;
  frozenAt: Date | null;
};

/** Why new withdrawals are refused now, or null when they are allowed. A freeze comes first. */
export type WithdrawalBlock =
  | { kind: 'frozen'; since: Date }
  | { kind: 'wait'; until: Date; cause: WithdrawalWaitCause };

export function findWithdrawalBlock(state: WithdrawalProtectionState, now: Date): WithdrawalBlock | null {
  if (state.frozenAt) return { kind: 'frozen', since: state.frozenAt };
  if (state.waitUntil && state.waitCause && state.waitUntil.getTime() > now.getTime()) {
    return { kind: 'wait', until: state.waitUntil, cause: state.waitCause };
  }
  return null;
}

/** How long new withdrawals wait after a change of this cause. */
export function withdrawalWaitMs(cause: WithdrawalWaitCause): number {
  return cause === 'operator_reset'
    ? OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS * 24 * 60 * 60_000
    : WITHDRAWAL_WAIT_MS;
}

/**
 * The wait after a change at `now`: 24 hours from now (7 days after an operator's reset link),
 * never shorter than a wait already running (a second change never shortens the first one's
 * wait). The cause is the latest change's, unless the running wait is of a longer kind (an
 * operator's reset) and outlasts it: then that cause stays, so the message says why it is that long.
 */
export function extendWithdrawalWait(
  current: Pick<WithdrawalProtectionState, 'waitUntil' | 'waitCause'>,
  cause: WithdrawalWaitCause,
  now: Date,
): { waitUntil: Date; waitCause: WithdrawalWaitCause } {
  const fresh = now.getTime() + withdrawalWaitMs(cause);
  if (!current.waitUntil || current.waitUntil.getTime() <= fresh) {
    return { waitUntil: new Date(fresh), waitCause: cause };
  }
  const longerKind = current.waitCause && withdrawalWaitMs(current.waitCause) > withdrawalWaitMs(cause);
  return {
    waitUntil: current.waitUntil,
    waitCause: longerKind && current.waitCause ? current.waitCause : cause,
  };
}
