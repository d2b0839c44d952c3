/** Toasts and notices of the account pages (seed-spec §8). */
export const ACCOUNT_MESSAGES = {
  passwordUpdated: 'Password updated successfully',
  wrongCurrentPassword: 'The current password is incorrect',
  passwordUpdateFailed: (message: string) => `Failed to update password: ${message}`,
  verificationSent: 'Verification email sent to the new email address.',
  wrongPassword: 'Incorrect password. Please try again.',
  invalidEmail: 'Invalid email address. Please enter a valid email.',
  emailUpdateFailed: 'Failed to update email. Please try again.',
  uploadSucceeded: 'Upload Successful',
  uploadFailed: 'Upload Failed',
} as const;
