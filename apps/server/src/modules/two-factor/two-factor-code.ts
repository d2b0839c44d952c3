import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import { TWO_FACTOR_MESSAGES } from '@candor/contracts/two-factor';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createAttemptLog } from '../../lib/attempt-log.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Auth } from '../../plugins/auth.ts';
import { findConfirmedSecret, isTwoFactorEnabled } from './two-factor.repository.ts';

/** As configured on better-auth's twoFactor plugin (plugins/auth.ts). */
const TOTP = { digits: 6, period: 30 } as const;

/** Wrong codes outside sign-in (withdrawals, turning two-factor off): 5 per account in 15 minutes. */
export const CODE_LIMITS = { perAccount: 5, windowMs: 15 * 60 * 1000 } as const;

/** better-auth may store a secret as `base32:<text>` (imported secrets); its own are raw text. */
const BASE32_PREFIX = 'base32:';

/**
 * Checks a 6-digit code against the user's stored TOTP secret, decrypted as better-auth's twoFactor
 * plugin encrypted it (its symmetric cipher keyed by the auth secret), one period either side.
 * Creates no session and changes nothing: for confirming an action of a signed-in user.
 */
export async function verifyUserTotp(db: Db, auth: Auth, userId: string, code: string): Promise<boolean> {
  const encrypted = await findConfirmedSecret(db, userId);
  if (!encrypted) return false;
  const { secretConfig } = await auth.$context;
  const decrypted = await symmetricDecrypt({ key: secretConfig, data: encrypted });
  const secret = decrypted.startsWith(BASE32_PREFIX)
    ? base32.decode(decrypted.slice(BASE32_PREFIX.length).toUpperCase())
    : decrypted;
  return createOTP(secret, TOTP).verify(code.replace(/\s+/g, ''));
}

export type SecondFactorCheck = {
  db: Db;
  auth: Auth;
  clock: Clock;
  userId: string;
  /** The code the customer typed; undefined or empty when the form had no code field. */
  code: string | undefined;
};

/**
 * Refuses an action of a user whose two-factor is on unless a right 6-digit code comes with it:
 * no code → TWO_FACTOR_CODE_REQUIRED (the form then shows the field), a wrong one →
 * INVALID_TWO_FACTOR_CODE, and after 5 wrong codes in 15 minutes → TOO_MANY_ATTEMPTS. Users
 * without two-factor pass. `enabled` is whether it is on, when the caller has just read it (the
 * request's session lookup reads it with the session); otherwise it is read here.
 */
export async function requireSecondFactor(check: SecondFactorCheck & { enabled?: boolean }): Promise<void> {
  const enabled = check.enabled ?? (await isTwoFactorEnabled(check.db, check.userId));
  if (!enabled) return;
  await assertSecondFactorCode(check);
}

/** As requireSecondFactor, for a user who must have two-factor on (turning it off). */
export async function assertSecondFactorCode({
  db,
  auth,
  clock,
  userId,
  code,
}: SecondFactorCheck): Promise<void> {
  const typed = code?.replace(/\s+/g, '') ?? '';
  if (typed === '') throw new AppError('TWO_FACTOR_CODE_REQUIRED', TWO_FACTOR_MESSAGES.codeRequired);
  const attempts = createAttemptLog(db, clock);
  const key = `two-factor:${userId}`;
  if ((await attempts.countSince(key, CODE_LIMITS.windowMs)) >= CODE_LIMITS.perAccount) {
    throw new AppError('TOO_MANY_ATTEMPTS', TWO_FACTOR_MESSAGES.tooManyAttempts);
  }
  if (!/^\d{6}$/.test(typed) || !(await verifyUserTotp(db, auth, userId, typed))) {
    await attempts.record([key]);
    throw new AppError('INVALID_TWO_FACTOR_CODE', TWO_FACTOR_MESSAGES.invalidCode);
  }
  await attempts.clear(key);
}
