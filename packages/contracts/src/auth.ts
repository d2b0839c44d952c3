import { z } from 'zod';
import { STAFF_ROLES } from './staff.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Shared by the server routes and the web forms: sign-up, sign-in, sessions, password and e-mail. */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

function emailField(messages: { required: string; invalid: string }) {
  return readInvisibleAsEmpty(
    z
      .string()
      .trim()
      .min(1, messages.required)
      .max(254, messages.invalid)
      .regex(z.regexes.email, messages.invalid),
  );
}

function newPasswordField(required: string) {
  return z
    .string()
    .min(1, required)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

const EmailSchema = emailField({ required: 'Email is required', invalid: 'Invalid email format' });

export const UsernameSchema = readInvisibleAsEmpty(
  z
    .string()
    .trim()
    .min(1, 'Username is required')
    .min(USERNAME_MIN_LENGTH, `Username must be at least ${USERNAME_MIN_LENGTH} characters`)
    .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`)
    .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, underscores and dots'),
);

/** 'client' for customers; the rest are staff roles (staff.ts). */
export const USER_ROLES = ['client', ...STAFF_ROLES] as const;
export const UserRoleSchema = z.enum(USER_ROLES);
export type UserRole = z.infer<typeof UserRoleSchema>;

export const USER_STATUSES = ['active', 'suspended', 'closed'] as const;

/** Where a customer's identity verification stands (PRODUCT.md §4: pending → verified | declined). */
export const IDENTITY_STATUSES = ['unverified', 'pending', 'verified', 'declined'] as const;
export const IdentityStatusSchema = z.enum(IDENTITY_STATUSES);
export type IdentityStatus = z.infer<typeof IdentityStatusSchema>;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The signed-in person, as every screen sees them. */
export const MeSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    fullname: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    role: UserRoleSchema,
    status: UserStatusSchema,
    statusReason: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    /** Two-factor sign-in is on: sign-in and every withdrawal request ask for a code. */
    twoFactorEnabled: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Me', description: 'The signed-in user' });
export type Me = z.infer<typeof MeSchema>;

export const SignUpRequestSchema = z.object({
  username: UsernameSchema,
  fullname: readInvisibleAsEmpty(
    z.string().trim().min(1, 'Full name is required').max(100, 'Full name is too long'),
  ),
  email: EmailSchema,
  password: newPasswordField('Password is required'),
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

export const SignUpResponseSchema = z.object({ id: z.string() });
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;

export const SignInRequestSchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH, 'Login failed. Please check your credentials.'),
  /** The token of an e-mailed unlock link: lets the owner in while failed sign-ins slow the account down. */
  unlockToken: z.string().max(200).optional(),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/**
 * A signed-in user, or (two-factor on) a challenge: the password was right and the 6-digit code is
 * asked next (POST /api/session/two-factor); no session exists until it is given.
 */
export const SignInResponseSchema = z.union([
  z.object({ user: MeSchema }),
  z.object({ twoFactorRequired: z.literal(true) }),
]);
export type SignInResponse = z.infer<typeof SignInResponseSchema>;

export const SessionResponseSchema = z.object({ user: MeSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const RequestPasswordResetRequestSchema = z.object({ email: EmailSchema });
export type RequestPasswordResetRequest = z.infer<typeof RequestPasswordResetRequestSchema>;

export const CompletePasswordResetRequestSchema = z.object({
  token: z.string().min(1, 'This reset link is invalid or has expired.'),
  newPassword: newPasswordField('New password is required'),
});
export type CompletePasswordResetRequest = z.infer<typeof CompletePasswordResetRequestSchema>;

/** The words of e-mail verification (the seed has none for a resend or an unverified address). */
export const EMAIL_VERIFICATION_MESSAGES = {
  invalidLink: 'This verification link is invalid or has expired.',
  notVerified: 'E-mail not verified',
  sendAgain: 'Send the link again',
  alreadyVerified: 'Your e-mail address is already verified.',
  sent: (email: string) => `Verification email sent to ${email}. The link is valid for one hour.`,
  /** Seed §8's toast, once the new address's link completes a change of e-mail. */
  emailUpdated: 'Email updated successfully!',
  verified: (email: string) => `Your e-mail address ${email} is verified.`,
} as const;

export const VerifyEmailRequestSchema = z.object({
  token: z.string().min(1, EMAIL_VERIFICATION_MESSAGES.invalidLink),
});
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** `emailChanged`: the link completed a change of e-mail (to `email`), rather than verifying the address signed up with. */
export const VerifyEmailResponseSchema = z.object({ email: z.string(), emailChanged: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH, 'The current password is incorrect'),
  newPassword: newPasswordField('New password is required'),
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
/** A new password that is the current one changes nothing but would end every other session. */
export const SAME_PASSWORD_MESSAGE = 'The new password must be different from the current one';

export const ChangeEmailRequestSchema = z.object({
  newEmail: emailField({
    required: 'Please fill in all fields',
    invalid: 'Invalid email address. Please enter a valid email.',
  }),
  password: z
    .string()
    .min(1, 'Please fill in all fields')
    .max(PASSWORD_MAX_LENGTH, 'Incorrect password. Please try again.'),
});
export type ChangeEmailRequest = z.infer<typeof ChangeEmailRequestSchema>;
/** A new address that is the current one (in any case) changes nothing; the form and the server say so alike. */
export const SAME_EMAIL_MESSAGE = 'The new email address is the same as the current one.';

/** A confirmation for the person, shown as it is. */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
