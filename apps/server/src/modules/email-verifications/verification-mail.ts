import { escapeHtml } from '../mail/escape-html.ts';
import type { MailMessage } from '../mail/mailer.ts';

/**
 * The link that proves an address: a new account's (sign-up, or sent again from /account), or the
 * new address of a change of e-mail, which has a subject and words of its own so the two are not
 * taken for each other. Kept in the account's Messages too (`userId`).
 */
export function verificationMail({
  to,
  userId,
  name,
  link,
  siteName,
  newAddress,
}: {
  to: string;
  userId: string;
  name: string;
  link: string;
  siteName: string;
  /** True for the link a change of e-mail sends to the new address. */
  newAddress: boolean;
}): MailMessage {
  const subject = newAddress
    ? `${siteName}: confirm your new e-mail address`
    : `${siteName}: verify your e-mail address`;
  const ask = newAddress
    ? 'To make this the e-mail address of your account, open this link (valid for one hour):'
    : 'Please confirm your e-mail address by opening this link (valid for one hour):';
  const after = newAddress
    ? 'Until then your account keeps its current address. If the link has expired, change your e-mail again on your account page. If you did not ask for this, ignore this e-mail.'
    : 'If it has expired, sign in to ask for a new one.';
  return {
    to,
    userId,
    subject,
    text: `Hello ${name},\n\n${ask}\n${link}\n\n${after}`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(ask)}</p><p><a href="${link}">${link}</a></p><p>${escapeHtml(after)}</p>`,
  };
}
