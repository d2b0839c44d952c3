import { formatUtcMinute } from '@candor/contracts/account-security';
import { type DocumentSide, VERIFICATION_MESSAGES } from '@candor/contracts/verifications';
import type { MailMessage } from '../mail/mailer.ts';
import { noticeMail } from '../mail/notice-mail.ts';

export type IdentityDecision = 'approve' | 'decline' | 'resubmit';

/**
 * Tells a customer that their identity document was reviewed, as the Identity page promises while
 * it waits ("We will tell you as soon as it is reviewed."): approved (verified until the document's
 * expiry), declined with its reason, or one side asked for again. The reason and the note are the
 * texts the customer already reads on the page, screened when they were written and again when the
 * decision was made (docs/decisions/050). It names no staff member. Kept in the account's Messages.
 */
export function identityDecisionNotice({
  userId,
  to,
  name,
  siteName,
  decision,
  submittedAt,
  documentExpiry,
  reason,
  note,
  side,
}: {
  userId: string;
  to: string;
  name: string;
  siteName: string;
  decision: IdentityDecision;
  submittedAt: Date;
  documentExpiry: string;
  reason: string | undefined;
  note: string | null;
  side: DocumentSide | undefined;
}): MailMessage {
  const reviewed = `The identity document you sent on ${formatUtcMinute(submittedAt.toISOString())} has been reviewed.`;
  const noteLine = note ? [`Note: ${note}`] : [];
  if (decision === 'approve') {
    return noticeMail({
      to,
      userId,
      subject: `${siteName}: your identity is verified`,
      name,
      paragraphs: [
        reviewed,
        `Your identity is verified until your document expires on ${documentExpiry}.`,
        ...noteLine,
      ],
    });
  }
  if (decision === 'resubmit') {
    if (!side) throw new Error('a request to send a side again names the side');
    return noticeMail({
      to,
      userId,
      subject: `${siteName}: please send your identity document again`,
      name,
      paragraphs: [
        reviewed,
        VERIFICATION_MESSAGES.resubmitRequested(side, reason ?? ''),
        ...noteLine,
        'Send it on the Identity page; the other side you sent is kept.',
      ],
    });
  }
  return noticeMail({
    to,
    userId,
    subject: `${siteName}: your identity document was declined`,
    name,
    paragraphs: [
      reviewed,
      VERIFICATION_MESSAGES.declined(reason ?? ''),
      ...noteLine,
      'You may send your document again on the Identity page.',
    ],
  });
}
