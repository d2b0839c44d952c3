import { escapeHtml } from './escape-html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * A notice to one person: "Hello {name}," and then its paragraphs, as plain text and as HTML (every
 * paragraph escaped, so nothing in a name or a reason is read as markup). With `userId` it is also
 * kept in that account's Messages, as every message to a customer is.
 */
export function noticeMail({
  to,
  userId,
  subject,
  name,
  paragraphs,
}: {
  to: string;
  userId?: string;
  subject: string;
  name: string;
  paragraphs: readonly string[];
}): MailMessage {
  const all = [`Hello ${name},`, ...paragraphs];
  return {
    to,
    ...(userId === undefined ? {} : { userId }),
    subject,
    text: all.join('\n\n'),
    html: all.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join(''),
  };
}
