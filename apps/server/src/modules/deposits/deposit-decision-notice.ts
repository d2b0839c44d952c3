import { formatUtcMinute } from '@candor/contracts/account-security';
import { COIN_SPECS } from '@candor/contracts/coins';
import { formatUsd } from '@candor/domain/money/money';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';
import type { DepositDetails } from './deposits.repository.ts';

/**
 * Tells a customer that their deposit was decided: approved (the amount is in their balance) or
 * rejected, with the rejection's reason, which they also read in their deposit history (written for
 * them and screened, decision 050). An approval's reason is the staff's own record (decision 044)
 * and is not in it; nor is the decider's name. Kept in the account's Messages, as every message to a
 * customer is; sent with the decision's transaction, so a decision rolled back tells nothing.
 */
export function depositDecisionNotice({
  details: { deposit, customer },
  siteName,
  rejectionReason,
}: {
  details: Pick<DepositDetails, 'deposit' | 'customer'>;
  siteName: string;
  /** The customer's reason of a rejection; absent for an approval. */
  rejectionReason?: string;
}): MailMessage {
  const amount = formatUsd(deposit.amountMinor);
  const which = `Your deposit of ${amount} in ${COIN_SPECS[deposit.coin].label}, sent on ${formatUtcMinute(deposit.createdAt.toISOString())},`;
  const common = { to: customer.email, userId: deposit.userId, name: customer.name };
  if (rejectionReason === undefined) {
    return noticeMail({
      ...common,
      subject: `${siteName}: deposit of ${amount} approved`,
      paragraphs: [`${which} was approved: ${amount} was added to your balance.`],
    });
  }
  return noticeMail({
    ...common,
    subject: `${siteName}: deposit of ${amount} rejected`,
    paragraphs: [`${which} was rejected. Nothing was added to your balance.`, `Reason: ${rejectionReason}`],
  });
}
