import { formatUtcMinute } from '@candor/contracts/account-security';
import { CLOSE_AFTER_ADJUSTMENT_DAYS } from '@candor/contracts/account-status';
import type { AdjustmentDirection } from '@candor/contracts/admin-users';
import { formatUsd } from '@candor/domain/money/money';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

const VERB = { credit: 'credited', debit: 'debited' } as const satisfies Record<AdjustmentDirection, string>;

/**
 * Tells the customer that staff credited or debited their cash balance by a manual adjustment
 * (docs/decisions/046-no-silent-money-moves.md): the amount, the reason as staff wrote it, when, and
 * what to do if they do not recognise it. It names no staff member, nor does the customer's
 * statement line (decision 017, section of 2026-11-30); staff read the names on the user page and in the audit log. Kept in the account's
 * Messages too (`userId`), as every message to a customer is.
 */
export function adjustmentNotice({
  userId,
  to,
  name,
  direction,
  amount,
  reason,
  at,
  siteName,
}: {
  userId: string;
  to: string;
  name: string;
  direction: AdjustmentDirection;
  /** In cents, positive. */
  amount: bigint;
  reason: string;
  at: Date;
  siteName: string;
}): MailMessage {
  const moved = `your balance was ${VERB[direction]} ${formatUsd(amount)}`;
  const what = `Your ${siteName} cash balance was ${VERB[direction]} ${formatUsd(amount)} by a manual adjustment on ${formatUtcMinute(at.toISOString())}.`;
  const where = 'It is on your Statement, with the reason.';
  const advice = `If you do not recognise it, contact the site at once. Your account cannot be closed for ${CLOSE_AFTER_ADJUSTMENT_DAYS} days after a manual adjustment, so that you have time to ask about it.`;
  return noticeMail({
    to,
    userId,
    subject: `${siteName}: ${moved}`,
    name,
    paragraphs: [what, `Reason: ${reason}`, where, advice],
  });
}
