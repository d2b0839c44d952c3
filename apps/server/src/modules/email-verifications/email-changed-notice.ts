import type { Mailer } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

/**
 * Tells the address an account used to have that the account's e-mail was changed, so that an
 * owner whose account was taken over hears of it where they still read their mail. Kept in the
 * account's Messages too (`userId`), as every message to a customer is.
 */
export async function sendEmailChangedNotice(
  mailer: Mailer,
  {
    userId,
    name,
    oldEmail,
    newEmail,
    siteName,
  }: { userId: string; name: string; oldEmail: string; newEmail: string; siteName: string },
): Promise<void> {
  const what = `The e-mail address of your ${siteName} account was changed from ${oldEmail} to ${newEmail}.`;
  const advice =
    'If you made this change, there is nothing to do. If you did not, contact the site at once: new withdrawals wait 24 hours after a change of address.';
  await mailer.send(
    noticeMail({
      to: oldEmail,
      userId,
      subject: `${siteName}: your e-mail address was changed`,
      name,
      paragraphs: [what, advice],
    }),
  );
}
