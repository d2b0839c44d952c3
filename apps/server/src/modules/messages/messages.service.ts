import {
  MESSAGES_PAGE_SIZE,
  type Message,
  type MessageListQuery,
  type MessagePage,
} from '@candor/contracts/messages';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  countUnreadAccountMail,
  findAccountMail,
  markAccountMailRead,
  selectAccountMailPage,
} from '../mail/mail.repository.ts';

const NOT_FOUND = 'Message not found';

/** One page of the account's own messages, newest first. */
export async function listMessages(db: Db, userId: string, { page }: MessageListQuery): Promise<MessagePage> {
  const found = await selectAccountMailPage(db, userId, { page, pageSize: MESSAGES_PAGE_SIZE });
  return mapPage(found, (row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
}

/** One of the account's own messages with its text; anyone else's is not found. */
export async function requireMessage(db: Db, userId: string, id: string): Promise<Message> {
  const row = isUuid(id) ? await findAccountMail(db, userId, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Marks one of the account's own messages read (reading it again changes nothing). */
export async function markMessageRead(db: Db, userId: string, id: string, now: Date): Promise<void> {
  const marked = isUuid(id) && (await markAccountMailRead(db, userId, id, now));
  if (!marked) throw new AppError('NOT_FOUND', NOT_FOUND);
}

export async function countUnreadMessages(db: Db, userId: string): Promise<{ unread: number }> {
  return { unread: await countUnreadAccountMail(db, userId) };
}
