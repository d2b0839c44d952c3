import { formatUtcMinute } from '@candor/contracts/account-security';
import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import { SUPPORT_EMAIL_LEAD } from '@candor/contracts/settings';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

/**
 * Tells a customer that staff suspended their account (with the reason they also read under the
 * inactive message, screened when it was written, decision 050) or made it active again. A
 * reactivation's reason is the staff's record and is not in it; no staff member is named. Kept in
 * the account's Messages, which a suspended customer can still read.
 */
export function accountStatusNotice({
  user,
  status,
  reason,
  at,
  site,
}: {
  user: { id: string; email: string; name: string };
  status: 'suspended' | 'active';
  /** The suspension's reason; not used for a reactivation. */
  reason: string;
  at: Date;
  site: { siteName: string; supportEmail: string | null };
}): MailMessage {
  const common = { to: user.email, userId: user.id, name: user.name };
  const when = formatUtcMinute(at.toISOString());
  if (status === 'active') {
    return noticeMail({
      ...common,
      subject: `${site.siteName}: your account is active again`,
      paragraphs: [
        `Your account was made active again on ${when}: you can trade, deposit and request withdrawals again.`,
      ],
    });
  }
  return noticeMail({
    ...common,
    subject: `${site.siteName}: your account was suspended`,
    paragraphs: [
      `Your account was suspended on ${when}.`,
      `Reason: ${reason}`,
      'While it is suspended you can still sign in, read your statement and messages, and close your open trades; new trades, deposits and withdrawal requests are refused.',
      INACTIVE_ACCOUNT_MESSAGE,
      ...(site.supportEmail ? [`${SUPPORT_EMAIL_LEAD} ${site.supportEmail}.`] : []),
    ],
  });
}
