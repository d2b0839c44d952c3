import { and, count, desc, eq, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { selectRows } from '../../db/select-rows.ts';

export type KeptMailRow = typeof mailOutbox.$inferSelect;

/** The envelope and delivery of a message: what staff may see (never a body). */
const envelope = {
  id: mailOutbox.id,
  toAddress: mailOutbox.toAddress,
  subject: mailOutbox.subject,
  createdAt: mailOutbox.createdAt,
  deliveryStatus: mailOutbox.deliveryStatus,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  nextAttemptAt: mailOutbox.nextAttemptAt,
  sentAt: mailOutbox.sentAt,
};
export type MailEnvelopeRow = Pick<KeptMailRow, keyof typeof envelope>;

/** A message to record for the owner of its address (`insertMailsForAddresses`). */
export type MailForAddress = Pick<KeptMailRow, 'toAddress' | 'subject' | 'textBody' | 'htmlBody'> &
  Partial<Pick<KeptMailRow, 'deliveryStatus' | 'nextAttemptAt'>> & { fallbackUserId: string | undefined };

/** Messages read as Drizzle's select answers them, from a statement built once. */
const mailRows = rowCodec(mailOutbox);
const DEFAULT_DELIVERY_STATUS = mailOutbox.deliveryStatus.default as KeptMailRow['deliveryStatus'];
const insertMailsReturning = sql.raw(mailRows.columns('mail_outbox'));

/**
 * Records messages in one statement whose text never changes (docs/decisions/041, "Statements
 * built once"): the messages travel as one JSON parameter, and each is recorded for the owner of
 * its address: the account whose address it is (addresses are stored in lower case), else the
 * account the sender named, else none. The rows come back in the order given. With
 * `keepOnlyForAnAccount`, a message that belongs to no account keeps no body: it goes nowhere and
 * nobody reads it.
 */
export async function insertMailsForAddresses(
  db: Db,
  messages: readonly MailForAddress[],
  { keepOnlyForAnAccount }: { keepOnlyForAnAccount: boolean },
): Promise<KeptMailRow[]> {
  if (messages.length === 0) return [];
  const ids = messages.map(() => crypto.randomUUID());
  const json = JSON.stringify(
    messages.map((message, index) => ({
      id: ids[index],
      to_address: message.toAddress,
      owner_address: message.toAddress.trim().toLowerCase(),
      fallback_user_id: message.fallbackUserId ?? null,
      subject: message.subject,
      text_body: message.textBody,
      html_body: message.htmlBody ?? null,
      delivery_status: message.deliveryStatus ?? DEFAULT_DELIVERY_STATUS,
      next_attempt_at: message.nextAttemptAt?.toISOString() ?? null,
    })),
  );
  const raw = await selectRows<Record<string, unknown>>(
    db,
    sql`with messages as (select * from jsonb_to_recordset(${json}::jsonb) as m(
             id uuid, to_address text, owner_address text, fallback_user_id text, subject text,
             text_body text, html_body text, delivery_status text, next_attempt_at timestamptz)
        ), owned as (
          select m.*, coalesce((select u.id from users u where u.email = m.owner_address), m.fallback_user_id) as owner
            from messages m
        )
        insert into mail_outbox (id, to_address, subject, text_body, html_body, user_id, delivery_status, next_attempt_at)
        select id, to_address, subject,
               case when ${keepOnlyForAnAccount}::boolean and owner is null then '' else text_body end,
               case when ${keepOnlyForAnAccount}::boolean and owner is null then null else html_body end,
               owner, delivery_status, next_attempt_at
          from owned
        returning ${insertMailsReturning}`,
  );
  return inOrderOf(
    ids,
    raw.map((row) => mailRows.read(row)),
    'a message',
  );
}

/** Records a message before it goes anywhere. */
export async function insertMail(
  db: Db,
  values: Pick<KeptMailRow, 'toAddress' | 'subject' | 'textBody' | 'htmlBody' | 'userId'> &
    Partial<Pick<KeptMailRow, 'deliveryStatus' | 'nextAttemptAt'>>,
): Promise<KeptMailRow> {
  const [row] = await db.insert(mailOutbox).values(values).returning();
  if (!row) throw new Error('the message was not recorded');
  return row;
}

/**
 * Claims up to `limit` messages whose (re)try is due, for `leaseUntil`: each is locked with SKIP
 * LOCKED while it is claimed, so several servers never claim the same message.
 */
export async function claimDueMail(
  db: Db,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<KeptMailRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(inArray(mailOutbox.deliveryStatus, ['sending', 'retrying']), lte(mailOutbox.nextAttemptAt, now)),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({ deliveryStatus: 'sending', nextAttemptAt: leaseUntil })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/**
 * Records the outcome of the attempt that followed `attemptsBefore` attempts (ignored when another
 * attempt was recorded meanwhile). A message that belongs to no account loses its bodies once it
 * was delivered or given up: nobody may read it any more.
 */
export async function recordAttempt(
  db: Db,
  row: Pick<KeptMailRow, 'id' | 'userId' | 'attempts'>,
  outcome:
    | { status: 'sent'; at: Date }
    | { status: 'retrying'; error: string; nextAttemptAt: Date }
    | { status: 'failed'; error: string },
): Promise<void> {
  const finished = outcome.status !== 'retrying';
  await db
    .update(mailOutbox)
    .set({
      deliveryStatus: outcome.status,
      attempts: row.attempts + 1,
      lastError: outcome.status === 'sent' ? null : outcome.error,
      nextAttemptAt: outcome.status === 'retrying' ? outcome.nextAttemptAt : null,
      sentAt: outcome.status === 'sent' ? outcome.at : null,
      ...(finished && row.userId === null ? { textBody: '', htmlBody: null } : {}),
    })
    .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts)));
}

/** The delivery log: envelopes, newest first, optionally only to recipients whose address contains `search`. */
export function selectMailEnvelopePage(
  db: Db,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<Page<MailEnvelopeRow>> {
  const where = query.search ? ilike(mailOutbox.toAddress, containsPattern(query.search)) : undefined;
  return readPage(query, {
    total: () => countRows(db, mailOutbox, where),
    rows: (limit, offset) =>
      db
        .select(envelope)
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset),
  });
}

/** An account's own messages, newest first (envelopes and whether each was read). */
export function selectAccountMailPage(
  db: Db,
  userId: string,
  query: { page: number; pageSize: number },
): Promise<Page<Pick<KeptMailRow, 'id' | 'toAddress' | 'subject' | 'createdAt' | 'readAt'>>> {
  const where = eq(mailOutbox.userId, userId);
  return readPage(query, {
    total: () => countRows(db, mailOutbox, where),
    rows: (limit, offset) =>
      db
        .select({
          id: mailOutbox.id,
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          createdAt: mailOutbox.createdAt,
          readAt: mailOutbox.readAt,
        })
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset),
  });
}

/** One of the account's own messages, with its bodies. */
export async function findAccountMail(db: Db, userId: string, id: string): Promise<KeptMailRow | undefined> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.userId, userId)));
  return row;
}

/** Marks one of the account's own messages read (the first time only); false when it is not theirs. */
export async function markAccountMailRead(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(mailOutbox)
    .set({ readAt: sql`coalesce(${mailOutbox.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.userId, userId)))
    .returning({ id: mailOutbox.id });
  return row !== undefined;
}

export async function countUnreadAccountMail(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), isNull(mailOutbox.readAt)));
  return row?.unread ?? 0;
}
