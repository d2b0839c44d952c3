import type { Db } from '../../db/client.ts';
import { createAttemptLog } from '../../lib/attempt-log.ts';
import { clientAddressKey } from '../../lib/client-address.ts';
import type { Clock } from '../../lib/clock.ts';
import { createRateLimitCounter } from '../../lib/rate-limit-counter.ts';

/**
 * Failed sign-ins (docs/decisions/004 and 018). An address that fails too often is refused for a
 * while. An account is never locked: past a few failures it is slowed down (a growing wait
 * between attempts), and while it is, its owner still gets in with the right password from a
 * browser that signed in to it before, with a second factor, or with the e-mailed unlock link.
 */
export type LoginLimits = {
  /** Failures per client address within addressWindowMs, after which that address is refused. */
  perAddress: number;
  addressWindowMs: number;
  /** Failures per account (within accountWindowMs) before the account is slowed down. */
  freeAccountFailures: number;
  accountWindowMs: number;
  /** The wait after the first failure past the free ones; it doubles with each further failure… */
  firstDelayMs: number;
  /** …up to this. */
  maxDelayMs: number;
};

export const LOGIN_LIMITS: LoginLimits = {
  perAddress: 20,
  addressWindowMs: 15 * 60 * 1000,
  freeAccountFailures: 5,
  accountWindowMs: 24 * 60 * 60 * 1000,
  firstDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
};

/** What the throttle knows of a sign-in before the password is checked. */
export type LoginState = {
  addressFailures: number;
  /** The oldest of the address's failures in its window (when it leaves, the address may try again). */
  oldestAddressFailure: Date | undefined;
  accountFailures: number;
  lastAccountFailure: Date | undefined;
};

/** The ways the owner of a slowed-down account proves it is them, besides the password. */
export type OwnerProof = {
  /** This browser signed in to this account before (its known-browser cookie matches). */
  knownBrowser: boolean;
  /** The account has a second factor, asked for after the password. */
  hasSecondFactor: boolean;
  /** The sign-in carries a valid, unused unlock link e-mailed to the account. */
  unlockLink: boolean;
};

export type LoginDecision =
  /**
   * `oneAtATime`: the account is past its free failures and its wait is over; of attempts that
   * arrive together (from many addresses at once), only one may have its password checked
   * (LoginThrottle.claimTurn), or a burst would try many passwords per wait.
   */
  | { kind: 'check-password'; slowedDown: boolean; oneAtATime: boolean }
  | { kind: 'refuse'; reason: 'address' | 'account'; retryAfterSeconds: number };

/** The wait an account must leave after its last failure, given its failures in the window. */
export function accountDelayMs(failures: number, limits: LoginLimits = LOGIN_LIMITS): number {
  if (failures < limits.freeAccountFailures) return 0;
  const doublings = Math.min(failures - limits.freeAccountFailures, 30);
  return Math.min(limits.firstDelayMs * 2 ** doublings, limits.maxDelayMs);
}

/**
 * Decides whether a sign-in attempt may have its password checked. Pure: the state, the proofs
 * and the time are given.
 */
export function decideLogin(
  state: LoginState,
  proof: OwnerProof,
  now: Date,
  limits: LoginLimits = LOGIN_LIMITS,
): LoginDecision {
  if (state.addressFailures >= limits.perAddress) {
    const freedAt = (state.oldestAddressFailure?.getTime() ?? now.getTime()) + limits.addressWindowMs;
    return { kind: 'refuse', reason: 'address', retryAfterSeconds: secondsUntil(freedAt, now) };
  }
  const delay = accountDelayMs(state.accountFailures, limits);
  const nextAttemptAt = (state.lastAccountFailure?.getTime() ?? 0) + delay;
  const slowedDown = delay > 0 && nextAttemptAt > now.getTime();
  const owner = proof.knownBrowser || proof.hasSecondFactor || proof.unlockLink;
  if (!slowedDown) return { kind: 'check-password', slowedDown: false, oneAtATime: delay > 0 && !owner };
  if (owner) return { kind: 'check-password', slowedDown: true, oneAtATime: false };
  return { kind: 'refuse', reason: 'account', retryAfterSeconds: secondsUntil(nextAttemptAt, now) };
}

function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

export type LoginAttempt = { email: string; ip: string };

export type LoginThrottle = {
  readonly limits: LoginLimits;
  /** The failures counted for the attempt's address and account. */
  readState(attempt: LoginAttempt): Promise<LoginState>;
  /** Counts a failure; answers the account's failures in its window, this one included. */
  recordFailure(attempt: LoginAttempt): Promise<number>;
  /** A successful sign-in forgives the account's failures (not the address's). */
  clearAccount(email: string): Promise<void>;
  /**
   * The one turn of a slowed-down account after its wait (see LoginDecision.oneAtATime): true
   * for the first attempt to claim it, on any server; false for the others.
   */
  claimTurn(email: string, lastFailure: Date | undefined): Promise<boolean>;
};

export function createLoginThrottle(db: Db, now: Clock, limits: LoginLimits = LOGIN_LIMITS): LoginThrottle {
  const log = createAttemptLog(db, now);
  const turns = createRateLimitCounter(db, now);
  return {
    limits,
    readState: async ({ email, ip }) => {
      const [address, account] = await Promise.all([
        log.summarySince(addressKey(ip), limits.addressWindowMs),
        log.summarySince(accountKey(email), limits.accountWindowMs),
      ]);
      return {
        addressFailures: address.count,
        oldestAddressFailure: address.oldest,
        accountFailures: account.count,
        lastAccountFailure: account.newest,
      };
    },
    recordFailure: async ({ email, ip }) => {
      await log.record([accountKey(email), addressKey(ip)]);
      return log.countSince(accountKey(email), limits.accountWindowMs);
    },
    clearAccount: (email) => log.clear(accountKey(email)),
    claimTurn: async (email, lastFailure) => {
      // A turn is named by the failure that started the wait: the next failure starts a new one.
      const key = `sign-in-turn:${accountKey(email)}:${lastFailure?.getTime() ?? 0}`;
      const { hits } = await turns.hit([key], Math.ceil(limits.accountWindowMs / 1000));
      return hits.get(key) === 1;
    },
  };
}

function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

function addressKey(ip: string): string {
  return `ip:${clientAddressKey(ip)}`;
}
