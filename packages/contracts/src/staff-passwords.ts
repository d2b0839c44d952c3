/**
 * Staff accounts hold power over customers' money: their passwords must be hard to guess, not only
 * 8 characters long (decision 049). The server estimates it; customers keep the seed's rule. A
 * module of its own: the login page's first load needs none of these words.
 */
export const STAFF_PASSWORD_MESSAGES = {
  tooWeak:
    'This password is too easy to guess for a staff account. Use a longer one that is not a common word, name or pattern: several unrelated words, for example.',
  hint: 'As a staff member, choose a password that is hard to guess: several unrelated words, for example.',
  changeRequired:
    'Your password is too easy to guess for a staff account, so it no longer signs in. Choose a new one with Forgot password.',
  /** A new staff member's first sign-in with the password the owner chose for them (decision 049). */
  chosenByOther:
    'Your password was chosen by whoever added you to the staff, so it does not sign you in. Choose your own with Forgot password (if this site sends no e-mail, ask its operator for a reset link).',
  /** The Add staff member dialog, on a site that sends e-mail (SMTP). */
  chooseOwnAtFirstSignIn:
    'They will have to choose their own password at their first sign-in (with Forgot password): the one you type here does not sign them in.',
  /**
   * The same without SMTP: a reset mail is only kept in the app, where a member who cannot sign in
   * cannot read it, so the operator's reset link is the only way to a first password.
   */
  chooseOwnFromResetLink:
    'The password you type here does not sign them in: they choose their own first. This site sends no e-mail, so Forgot password cannot reach them; whoever runs the server makes them a one-time reset link with:',
  /** The toast's second line once a member is added, on a site that sends e-mail. */
  addedWithEmail: 'They choose their own password with Forgot password on the sign-in page.',
  /** The same without SMTP. */
  addedWithoutEmail: 'This site sends no e-mail: they need a reset link from whoever runs the server:',
} as const;

/** The command that prints a one-time password reset link for `email` (apps/server/src/cli). */
export function resetLinkCommand(email: string): string {
  return `npm run admin -- reset-link --email ${email}`;
}
