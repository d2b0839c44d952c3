/** Texts of the public pages (seed-spec §8 where it has one; short plain wording where it has none). */
export const AUTH_MESSAGES = {
  accountCreated: 'Account created. Please log in.',
  genericFailure: 'Something went wrong. Please try again later.',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  noAccountForEmail: 'No account found with that email address.',
  resetFailed: 'An error occurred. Please try again later.',
  passwordReset: 'Your password has been reset. Please log in.',
  invalidLink: 'This link is invalid or has expired.',
} as const;
