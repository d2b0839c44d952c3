import { formatUtcMinute } from '@candor/contracts/account-security';
import { formatUsd } from '@candor/domain/money/money';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';
import { rowMethodLabel } from './withdrawal-rows.ts';
import type { WithdrawalRow } from './withdrawals.repository.ts';

/**
 * Tells a customer that their withdrawal was decided: approved (paid out, what they receive after
 * the fee) or rejected, with the rejection's reason, which they also read on the withdrawal page
 * (screened when it was written, decision 050), and the amount back in their balance. An approval's
 * reason is the staff's own record (decision 044) and is not in it; nor is the decider's name. Kept
 * in the account's Messages; sent with the decision's transaction, so a decision rolled back, or one
 * still waiting for a second approval, tells nothing.
 */
export function withdrawalDecisionNotice({
  row,
  customer,
  siteName,
  rejectionReason,
}: {
  row: Pick<
    WithdrawalRow,
    'userId' | 'amountMinor' | 'feeMinor' | 'netMinor' | 'method' | 'details' | 'createdAt'
  >;
  customer: { email: string; name: string };
  siteName: string;
  /** The customer's reason of a rejection; absent for an approval. */
  rejectionReason?: string;
}): MailMessage {
  const amount = formatUsd(row.amountMinor);
  const which = `Your withdrawal of ${amount} by ${rowMethodLabel(row)}, requested on ${formatUtcMinute(row.createdAt.toISOString())},`;
  const common = { to: customer.email, userId: row.userId, name: customer.name };
  if (rejectionReason === undefined) {
    return noticeMail({
      ...common,
      subject: `${siteName}: withdrawal of ${amount} approved`,
      paragraphs: [
        `${which} was approved: you receive ${formatUsd(row.netMinor)} after the fee of ${formatUsd(row.feeMinor)}.`,
      ],
    });
  }
  return noticeMail({
    ...common,
    subject: `${siteName}: withdrawal of ${amount} rejected`,
    paragraphs: [
      `${which} was rejected. The ${amount} is back in your available balance.`,
      `Reason: ${rejectionReason}`,
    ],
  });
}
