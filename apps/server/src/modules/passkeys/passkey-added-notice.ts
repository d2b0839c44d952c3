import { formatUtcMinute } from '@candor/contracts/account-security';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

/**
 * Tells the account's owner that a passkey was added to it: a passkey is a new way in, and someone
 * who held a session for a moment could add one to keep access. Kept in the account's Messages too
 * (`userId`), as every message to a customer is.
 */
export function passkeyAddedNotice({
  userId,
  to,
  name,
  passkeyName,
  at,
  siteName,
}: {
  userId: string;
  to: string;
  name: string;
  passkeyName: string;
  at: Date;
  siteName: string;
}): MailMessage {
  const what = `A passkey named "${passkeyName}" was added to your ${siteName} account on ${formatUtcMinute(at.toISOString())}.`;
  const advice =
    'If you added it, there is nothing to do. If you did not, delete it under Passkeys on your Account page and contact the site at once: whoever added it can sign in to your account with it.';
  return noticeMail({
    to,
    userId,
    subject: `${siteName}: a passkey was added to your account`,
    name,
    paragraphs: [what, advice],
  });
}
