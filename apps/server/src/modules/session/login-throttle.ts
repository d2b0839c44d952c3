import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptLog } from '../../lib/attempt-log.ts';
import type { Clock } from '../../lib/clock.ts';

export type LoginLimits = { perAccount: number; perAddress: number; windowMs: number };

/** At most 5 failures per account and 20 per client address within 15 minutes. */
export const LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60 * 1000 };

export type LoginAttempt = { email: string; ip: string };

export type LoginThrottle = {
  /** Throws TOO_MANY_ATTEMPTS when the account or the address has failed too often lately. */
  assertAllowed(attempt: LoginAttempt): Promise<void>;
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** A successful sign-in forgives the account's failures (not the address's). */
  clearAccount(email: string): Promise<void>;
};

export function createLoginThrottle(db: Db, now: Clock, limits: LoginLimits = LOGIN_LIMITS): LoginThrottle {
  const log = createAttemptLog(db, now);
  return {
    assertAllowed: async ({ email, ip }) => {
      const [byAccount, byAddress] = await Promise.all([
        log.countSince(accountKey(email), limits.windowMs),
        log.countSince(addressKey(ip), limits.windowMs),
      ]);
      if (byAccount >= limits.perAccount || byAddress >= limits.perAddress) {
        const minutes = Math.ceil(limits.windowMs / 60_000);
        throw new AppError(
          'TOO_MANY_ATTEMPTS',
          `Too many failed login attempts. Please wait ${minutes} minutes and try again.`,
        );
      }
    },
    recordFailure: ({ email, ip }) => log.record([accountKey(email), addressKey(ip)]),
    clearAccount: (email) => log.clear(accountKey(email)),
  };
}

function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`;
}

function addressKey(ip: string): string {
  return `ip:${ip}`;
}
