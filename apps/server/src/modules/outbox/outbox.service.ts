import {
  OUTBOX_PAGE_SIZE,
  type OutboxListQuery,
  type OutboxMessage,
  type OutboxPage,
} from '@candor/contracts/outbox';
import { count, desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { AppError } from '../../lib/app-error.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { pageCount } from '../../lib/page-count.ts';
import { isUuid } from '../../lib/uuid.ts';

/** One page of kept mail, newest first, optionally only to recipients whose address contains `search`. */
export async function listOutbox(db: Db, { page, search }: OutboxListQuery): Promise<OutboxPage> {
  const where = search ? ilike(mailOutbox.toAddress, containsPattern(search)) : undefined;
  const [counted] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset((page - 1) * OUTBOX_PAGE_SIZE);
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    page,
    pageCount: pageCount(total, OUTBOX_PAGE_SIZE),
    total,
  };
}

export async function requireOutboxMessage(db: Db, id: string): Promise<OutboxMessage> {
  const [row] = isUuid(id) ? await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)) : [];
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
