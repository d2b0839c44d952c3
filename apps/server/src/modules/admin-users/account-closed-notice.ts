import { formatUtcMinute } from '@candor/contracts/account-security';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

/**
 * Tells a customer that staff closed their account, at the address it had before it was erased
 * (docs/decisions/046-no-silent-money-moves.md): when, the reason staff gave, what was erased and
 * what is kept (docs/decisions/014-closing-accounts.md). It names no account (`userId` is left out):
 * the closed account has no Messages anyone can read, so the message is kept only until it has been
 * delivered (with SMTP) and then loses its bodies, as any message to no account does.
 */
export function accountClosedNotice({
  to,
  name,
  reason,
  at,
  siteName,
}: {
  to: string;
  name: string;
  reason: string;
  at: Date;
  siteName: string;
}): MailMessage {
  const what = `Your ${siteName} account was closed on ${formatUtcMinute(at.toISOString())}.`;
  const erased =
    'You can no longer sign in. Your personal data, files and sessions were erased. The records of your money (ledger entries, trades, deposits and withdrawals) are kept, linked to the closed account, as anti-money-laundering rules require: five years after the relationship ends.';
  const advice = 'If you did not expect this, contact the site at once.';
  return noticeMail({
    to,
    subject: `${siteName}: your account was closed`,
    name,
    paragraphs: [what, `Reason: ${reason}`, erased, advice],
  });
}
