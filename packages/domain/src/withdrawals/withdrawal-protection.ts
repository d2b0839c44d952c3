/**
 * Withdrawal protections (issue 11 §5): after a change of password, e-mail or two-factor, new
 * withdrawals wait 24 hours; a freeze (from the link in every withdrawal e-mail) stops them until
 * the customer unfreezes or staff release it. Pure: the time is passed in.
 */

/** How long new withdrawals wait after a security change. */
export const WITHDRAWAL_WAIT_MS = 24 * 60 * 60_000;

/** What started a wait. */
export const WITHDRAWAL_WAIT_CAUSES = [
  'password_change',
  'password_reset',
  'email_change',
  'two_factor_change',
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

/**
 * The wait after a change at `now`: 24 hours from now, never shorter than a wait already running
 * (a second change never shortens the first one's wait). The cause is the latest change's.
 */
export function extendWithdrawalWait(
  current: Pick<WithdrawalProtectionState, 'waitUntil'>,
  cause: WithdrawalWaitCause,
  now: Date,
): { waitUntil: Date; waitCause: WithdrawalWaitCause } {
  const fresh = now.getTime() + WITHDRAWAL_WAIT_MS;
  const until = current.waitUntil ? Math.max(current.waitUntil.getTime(), fresh) : fresh;
  return { waitUntil: new Date(until), waitCause: cause };
}
