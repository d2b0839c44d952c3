import {
  OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS,
  WITHDRAWAL_WAIT_CAUSES,
  type WithdrawalWaitCause,
} from '@candor/domain/withdrawals/withdrawal-protection';
import { z } from 'zod';
import { staffOnlyText } from './staff-texts.ts';

/** Security events the customer sees on /account and staff on /user/{id}. */
export const SECURITY_EVENT_KINDS = [
  'password_changed',
  'password_reset',
  'password_reset_by_operator',
  'email_changed',
  'two_factor_changed',
  'withdrawals_frozen',
  'withdrawals_unfrozen',
  'freeze_released',
  'passkey_added',
  'passkey_removed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export const SECURITY_EVENT_LABELS = {
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  password_reset_by_operator: "Password reset with a link from the site's administrators",
  email_changed: 'E-mail address changed',
  two_factor_changed: 'Two-factor sign-in turned off',
  withdrawals_frozen: 'Withdrawals frozen from the e-mailed link; every session ended',
  withdrawals_unfrozen: 'Withdrawals unfrozen by the customer',
  freeze_released: 'Withdrawal freeze released by staff',
  passkey_added: 'Passkey added',
  passkey_removed: 'Passkey deleted',
} as const satisfies Record<SecurityEventKind, string>;

/** The words of a wait's cause, as in "because your password was changed". */
export const WITHDRAWAL_WAIT_CAUSE_TEXT = {
  password_change: 'your password was changed',
  password_reset: 'your password was reset',
  email_change: 'your e-mail address was changed',
  two_factor_change: 'your two-factor sign-in was turned off',
  operator_reset: "your password was reset with a link from the site's administrators",
} as const satisfies Record<WithdrawalWaitCause, string>;

/** How long a wait of this cause lasts, in words: "24 hours", "7 days". */
export const WITHDRAWAL_WAIT_LENGTH_TEXT = {
  password_change: '24 hours',
  password_reset: '24 hours',
  email_change: '24 hours',
  two_factor_change: '24 hours',
  operator_reset: `${OPERATOR_RESET_WITHDRAWAL_WAIT_DAYS} days`,
} as const satisfies Record<WithdrawalWaitCause, string>;

/** An ISO time as the messages write it: "2026-01-10 12:00 UTC". */
export function formatUtcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** How long after an operator's reset link a failed sign-in says so (docs/decisions/019). */
export const OPERATOR_RESET_NOTICE_DAYS = 30;

export const ACCOUNT_SECURITY_MESSAGES = {
  /** Under "Login failed…", when the account's password was set through an operator's link lately. */
  operatorResetNotice: (atIso: string) =>
    `This account's password was reset on ${formatUtcMinute(atIso)} with a link from the site's administrators.`,
  frozen:
    'Withdrawals are frozen on this account: the freeze link from a withdrawal e-mail was used. Sign in and unfreeze withdrawals to request one again.',
  frozenDone:
    'Withdrawals are frozen and every session of the account has ended. Nothing can be withdrawn until you sign in and unfreeze withdrawals.',
  waiting: (cause: WithdrawalWaitCause, untilIso: string) =>
    `For your protection, new withdrawals wait ${WITHDRAWAL_WAIT_LENGTH_TEXT[cause]} because ${WITHDRAWAL_WAIT_CAUSE_TEXT[cause]}. You can request a withdrawal again after ${formatUtcMinute(untilIso)}.`,
  invalidFreezeLink: 'This freeze link is invalid, expired or was already used.',
  unfrozen: 'Withdrawals are unfrozen.',
  notFrozen: 'Withdrawals are not frozen on this account.',
  released: 'The withdrawal freeze was released.',
  reasonRequired: 'A reason is required to release a freeze',
  wrongPassword: 'The password is incorrect',
  passwordRequired: 'Enter your password',
} as const;

/** GET /api/withdrawals/protection: whether a new withdrawal can be requested now, and if not why. */
export const WithdrawalProtectionSchema = z
  .object({
    frozen: z.boolean(),
    frozenAt: z.iso.datetime().nullable(),
    /** While a 24-hour wait runs: when it ends, and what started it. */
    waitUntil: z.iso.datetime().nullable(),
    waitCause: z.enum(WITHDRAWAL_WAIT_CAUSES).nullable(),
    /** What the withdrawal page says before the form, or null when withdrawals are allowed. */
    message: z.string().nullable(),
  })
  .meta({ id: 'WithdrawalProtection' });
export type WithdrawalProtection = z.infer<typeof WithdrawalProtectionSchema>;

/** POST /api/withdrawal-freezes: the token of the freeze link (no sign-in needed). */
export const FreezeWithdrawalsRequestSchema = z
  .object({ token: z.string().trim().min(1).max(200) })
  .meta({ id: 'FreezeWithdrawalsRequest' });

/** POST /api/account/withdrawal-freeze/unfreeze: the customer's password. */
export const UnfreezeWithdrawalsRequestSchema = z
  .object({
    password: z
      .string({ error: ACCOUNT_SECURITY_MESSAGES.passwordRequired })
      .min(1, ACCOUNT_SECURITY_MESSAGES.passwordRequired)
      .max(128, 'At most 128 characters'),
  })
  .meta({ id: 'UnfreezeWithdrawalsRequest' });
export type UnfreezeWithdrawalsRequest = z.infer<typeof UnfreezeWithdrawalsRequestSchema>;

/** POST /api/admin/users/:id/withdrawal-freeze/release: staff say why (audited). */
export const ReleaseWithdrawalFreezeRequestSchema = z
  .object({
    reason: staffOnlyText(
      z
        .string({ error: ACCOUNT_SECURITY_MESSAGES.reasonRequired })
        .trim()
        .min(1, ACCOUNT_SECURITY_MESSAGES.reasonRequired)
        .max(500, 'At most 500 characters'),
    ),
  })
  .meta({ id: 'ReleaseWithdrawalFreezeRequest' });
export type ReleaseWithdrawalFreezeRequest = z.infer<typeof ReleaseWithdrawalFreezeRequestSchema>;

export const SecurityEventSchema = z
  .object({
    id: z.string(),
    kind: z.enum(SECURITY_EVENT_KINDS),
    /** What happened, in words (SECURITY_EVENT_LABELS). */
    label: z.string(),
    createdAt: z.iso.datetime(),
    /** A wait started by this event: when it ends. */
    waitUntil: z.iso.datetime().nullable(),
    ipAddress: z.string().nullable(),
  })
  .meta({ id: 'SecurityEvent' });
export type SecurityEvent = z.infer<typeof SecurityEventSchema>;

export const SecurityOverviewSchema = z
  .object({ protection: WithdrawalProtectionSchema, events: z.array(SecurityEventSchema) })
  .meta({ id: 'SecurityOverview' });
export type SecurityOverview = z.infer<typeof SecurityOverviewSchema>;

/** How many security events the pages list. */
export const RECENT_SECURITY_EVENTS = 20;
