import { OUTBOX_PAGE_SIZE, type OutboxListQuery, type OutboxPage } from '@candor/contracts/outbox';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { selectMailEnvelopePage } from '../mail/mail.repository.ts';

/**
 * One page of the delivery log, newest first, optionally only to recipients whose address
 * contains `search`: envelopes and delivery only. A message's body (a code, a link) is its
 * account's, read in Messages; no staff route returns it.
 */
export async function listOutbox(db: Db, { page, search }: OutboxListQuery): Promise<OutboxPage> {
  const found = await selectMailEnvelopePage(db, { page, pageSize: OUTBOX_PAGE_SIZE, search });
  return mapPage(found, (row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    status: row.deliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
