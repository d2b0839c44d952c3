/** Texts of the public pages (seed-spec §8 where it has one; short plain wording where it has none). */
export const AUTH_MESSAGES = {
  accountCreated: 'Account created. Please log in.',
  loginFailed: 'Login failed. Please check your credentials.',
  genericFailure: 'Something went wrong. Please try again later.',
  resetEmailSent: 'Password reset email sent! Check your inbox.',
  noAccountForEmail: 'No account found with that email address.',
  resetFailed: 'An error occurred. Please try again later.',
  /** With no SMTP server configured, no e-mail leaves the site (PRODUCT.md §2, issue 11). */
  emailNotSetUp:
    "E-mail is not set up on this site, so a reset link cannot reach your inbox. Ask the site's administrators for a password reset link.",
  passwordReset: 'Your password has been reset. Please log in.',
  invalidLink: 'This link is invalid or has expired.',
} as const;
