import { z } from 'zod';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Two-factor sign-in (TOTP from an authenticator app, with recovery codes): shared by the server and the web. */

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  invalidCode: 'That code is not right. Check your authenticator app and try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait 15 minutes and try again.',
  required: 'Staff accounts must turn on two-factor authentication before using the back office.',
  alreadyEnabled: 'Two-factor authentication is already on.',
  notEnabled: 'Two-factor authentication is not on.',
  wrongPassword: 'The password is incorrect',
} as const;

/** A code from an authenticator app: 6 digits (spaces are ignored). */
export const TotpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeRequired));

/** A 6-digit code or one of the recovery codes (xxxxx-xxxxx) shown when two-factor was turned on. */
export const SecondFactorCodeSchema = readInvisibleAsEmpty(
  z.string().trim().min(1, TWO_FACTOR_MESSAGES.codeRequired).max(40, TWO_FACTOR_MESSAGES.invalidCode),
);

/** True when the text looks like a 6-digit authenticator code rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ''));
}

const password = z.string().min(1, 'Password is required').max(128, TWO_FACTOR_MESSAGES.wrongPassword);

export const StartTwoFactorRequestSchema = z.object({ password });
export type StartTwoFactorRequest = z.infer<typeof StartTwoFactorRequestSchema>;

/** What the authenticator app needs: the otpauth:// URI (shown as a QR code) and its secret for typing in. */
export const TwoFactorSetupSchema = z
  .object({ totpUri: z.string(), secret: z.string() })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const ConfirmTwoFactorRequestSchema = z.object({ code: TotpCodeSchema });
export type ConfirmTwoFactorRequest = z.input<typeof ConfirmTwoFactorRequestSchema>;

/** Recovery codes, shown once: each signs in once instead of a 6-digit code. */
export const RecoveryCodesSchema = z
  .object({ recoveryCodes: z.array(z.string()) })
  .meta({ id: 'RecoveryCodes' });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

export const RegenerateRecoveryCodesRequestSchema = z.object({ password });
export type RegenerateRecoveryCodesRequest = z.infer<typeof RegenerateRecoveryCodesRequestSchema>;

export const DisableTwoFactorRequestSchema = z.object({ password, code: TotpCodeSchema });
export type DisableTwoFactorRequest = z.input<typeof DisableTwoFactorRequestSchema>;

/** The second step of a sign-in: a 6-digit code or a recovery code. */
export const SignInSecondFactorRequestSchema = z.object({ code: SecondFactorCodeSchema });
export type SignInSecondFactorRequest = z.infer<typeof SignInSecondFactorRequestSchema>;

export const TWO_FACTOR_CHANGES = ['enable', 'disable', 'recovery_codes'] as const;
export type TwoFactorChange = (typeof TWO_FACTOR_CHANGES)[number];

/** How the account's security history names each change. */
export const TWO_FACTOR_CHANGE_LABELS = {
  enable: 'Two-factor authentication turned on',
  disable: 'Two-factor authentication turned off',
  recovery_codes: 'New recovery codes',
} as const satisfies Record<TwoFactorChange, string>;

/** The account's two-factor: on or off, and its latest changes (newest first), as the customer sees them. */
export const TwoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    history: z.array(z.object({ change: z.enum(TWO_FACTOR_CHANGES), at: z.iso.datetime() })),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;
