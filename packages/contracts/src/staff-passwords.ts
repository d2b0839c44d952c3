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
  /** The Add staff member dialog. */
  chooseOwnAtFirstSignIn:
    'They will have to choose their own password at their first sign-in (with Forgot password): the one you type here does not sign them in.',
} as const;
