/** Toasts and notices of the account pages (seed-spec §8). */
export const ACCOUNT_MESSAGES = {
  passwordUpdated: 'Password updated successfully',
  wrongCurrentPassword: 'The current password is incorrect',
  passwordUpdateFailed: (message: string) => `Failed to update password: ${message}`,
  verificationSent: 'Verification email sent to the new email address.',
  /** Beside it when no SMTP server is set up (decision 019). */
  linkInMessages:
    'E-mail is not set up on this site, so the verification link is in your Messages, not the new inbox.',
  wrongPassword: 'Incorrect password. Please try again.',
  invalidEmail: 'Invalid email address. Please enter a valid email.',
  emailUpdateFailed: 'Failed to update email. Please try again.',
  uploadSucceeded: 'Upload Successful',
  uploadFailed: 'Upload Failed',
} as const;
