import {
  OUTBOX_PAGE_SIZE,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxPage,
} from '@candor/contracts/outbox';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';
import { findKeptMail, selectKeptMailPage } from '../mail/mail.repository.ts';

/** One page of kept mail, newest first, optionally only to recipients whose address contains `search`. */
export async function listOutbox(db: Db, { page, search }: OutboxListQuery): Promise<OutboxPage> {
  const found = await selectKeptMailPage(db, { page, pageSize: OUTBOX_PAGE_SIZE, search });
  return mapPage(found, (row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function requireOutboxMessage(db: Db, id: string): Promise<OutboxMessage> {
  const row = isUuid(id) ? await findKeptMail(db, id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    createdAt: row.createdAt.toISOString(),
  };
}
