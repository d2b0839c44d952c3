import { and, count, desc, eq, ilike, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

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

/**
 * The account a message to `address` belongs to, as an SQL expression for the insert that records
 * it: the account whose address it is (addresses are stored in lower case), else `fallback` (the
 * account the sender named), else null.
 */
function ownerOfAddress(address: string, fallback: string | undefined): SQL<string | null> {
  return sql`coalesce((select ${users.id} from ${users} where ${users.email} = ${address.trim().toLowerCase()}), ${
    fallback ?? null
  }::text)`;
}

/** A message to record for the owner of its address (`ownerOfAddress`). */
export type MailForAddress = Pick<KeptMailRow, 'toAddress' | 'subject' | 'textBody' | 'htmlBody'> &
  Partial<Pick<KeptMailRow, 'deliveryStatus' | 'nextAttemptAt'>> & { fallbackUserId: string | undefined };

/**
 * Records messages, each for the owner of its address (`ownerOfAddress`), in one statement; the
 * rows come back in the order given. With `keepOnlyForAnAccount`, a message that belongs to no
 * account keeps no body: it goes nowhere and nobody reads it.
 */
export async function insertMailsForAddresses(
  db: Db,
  messages: readonly MailForAddress[],
  { keepOnlyForAnAccount }: { keepOnlyForAnAccount: boolean },
): Promise<KeptMailRow[]> {
  if (messages.length === 0) return [];
  const ids = messages.map(() => crypto.randomUUID());
  const rows = await db
    .insert(mailOutbox)
    .values(
      messages.map(({ fallbackUserId, ...message }, index) => {
        const owner = ownerOfAddress(message.toAddress, fallbackUserId);
        return {
          ...message,
          id: ids[index],
          userId: owner,
          ...(keepOnlyForAnAccount
            ? {
                textBody: sql`case when ${owner} is null then '' else ${message.textBody} end`,
                htmlBody: sql`case when ${owner} is null then null else ${message.htmlBody}::text end`,
              }
            : {}),
        };
      }),
    )
    .returning();
  return inOrderOf(ids, rows, 'a message');
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
