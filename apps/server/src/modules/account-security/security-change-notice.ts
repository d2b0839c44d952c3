import { formatUtcMinute } from '@candor/contracts/account-security';
import type { WithdrawalWaitCause } from '@candor/domain/withdrawals/withdrawal-protection';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

/** The changes the owner is told of here (an e-mail change is told to the old address instead). */
export type NoticedSecurityChange = Exclude<WithdrawalWaitCause, 'email_change'>;

const SUBJECT = {
  password_change: 'your password was changed',
  password_reset: 'your password was reset',
  two_factor_change: 'two-factor sign-in was turned off',
  operator_reset: "your password was reset with a link from the site's administrators",
} as const satisfies Record<NoticedSecurityChange, string>;

const WHAT = {
  password_change: (site: string) => `The password of your ${site} account was changed`,
  password_reset: (site: string) => `The password of your ${site} account was reset`,
  two_factor_change: (site: string) => `Two-factor sign-in was turned off on your ${site} account`,
  operator_reset: (site: string) =>
    `The password of your ${site} account was reset with a link from the site's administrators`,
} as const satisfies Record<NoticedSecurityChange, (site: string) => string>;

/** What the owner can do when the change was not theirs, with what the app has. */
const ADVICE = {
  password_change:
    'If you did not, choose a new password at once with "Forgot password" on the sign-in page (it ends every session), then contact the site.',
  password_reset:
    'If you did not, choose a new password at once with "Forgot password" on the sign-in page (it ends every session), then contact the site.',
  two_factor_change:
    'If you did not, sign in, change your password and turn two-factor sign-in on again on your Account page, then contact the site.',
  operator_reset:
    "If you did not ask the site's administrators for a reset link, contact the site at once. With two-factor sign-in on (your Account page), a reset link alone cannot open your account.",
} as const satisfies Record<NoticedSecurityChange, string>;

/**
 * Tells the account's owner of a change that someone who took the account over would make: a new
 * password (changed or reset) or two-factor turned off. Each also starts the wait on new (24 hours;
 * 7 days after a reset link the operator issued)
 * withdrawals, which the notice states with its end. Kept in the account's Messages too
 * (`userId`), as every message to a customer is.
 */
export function securityChangeNotice({
  userId,
  to,
  name,
  change,
  at,
  waitUntil,
  siteName,
}: {
  userId: string;
  to: string;
  name: string;
  change: NoticedSecurityChange;
  at: Date;
  waitUntil: Date;
  siteName: string;
}): MailMessage {
  const what = `${WHAT[change](siteName)} on ${formatUtcMinute(at.toISOString())}.`;
  const wait = `For your protection, new withdrawals wait until ${formatUtcMinute(waitUntil.toISOString())}.`;
  const advice = `If you made this change, there is nothing to do. ${ADVICE[change]}`;
  return noticeMail({
    to,
    userId,
    subject: `${siteName}: ${SUBJECT[change]}`,
    name,
    paragraphs: [`${what} ${wait}`, advice],
  });
}
