import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptLog } from '../../lib/attempt-log.ts';
import type { Clock } from '../../lib/clock.ts';

export type ResetLimits = { perAddress: number; perEmail: number; windowMs: number };

/** At most 10 reset requests per client address and 5 per e-mail address within 15 minutes. */
export const RESET_LIMITS: ResetLimits = { perAddress: 10, perEmail: 5, windowMs: 15 * 60 * 1000 };

export type ResetThrottle = {
  /** Counts the request; throws RATE_LIMITED when the address or the e-mail asked too often. */
  admit(request: { email: string; ip: string }): Promise<void>;
};

export function createResetThrottle(db: Db, now: Clock, limits: ResetLimits = RESET_LIMITS): ResetThrottle {
  const log = createAttemptLog(db, now);
  return {
    admit: async ({ email, ip }) => {
      const keys = { address: `reset-ip:${ip}`, email: `reset-email:${email.trim().toLowerCase()}` };
      const [byAddress, byEmail] = await Promise.all([
        log.countSince(keys.address, limits.windowMs),
        log.countSince(keys.email, limits.windowMs),
      ]);
      if (byAddress >= limits.perAddress || byEmail >= limits.perEmail) {
        const minutes = Math.ceil(limits.windowMs / 60_000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many password reset requests. Please wait ${minutes} minutes and try again.`,
        );
      }
      await log.record([keys.address, keys.email]);
    },
  };
}
