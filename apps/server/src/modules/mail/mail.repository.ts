import { desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { mailOutbox } from '../../db/schema/mail.ts';

export type KeptMailRow = typeof mailOutbox.$inferSelect;

/** Keeps a message in the outbox (no SMTP server configured). */
export async function insertKeptMail(
  db: Db,
  message: { to: string; subject: string; text: string; html: string | null },
): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
  });
}

/** Kept mail, newest first, optionally only to recipients whose address contains `search`. */
export function selectKeptMailPage(
  db: Db,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<Page<Pick<KeptMailRow, 'id' | 'toAddress' | 'subject' | 'createdAt'>>> {
  const where = query.search ? ilike(mailOutbox.toAddress, containsPattern(query.search)) : undefined;
  return readPage(query, {
    total: () => countRows(db, mailOutbox, where),
    rows: (limit, offset) =>
      db
        .select({
          id: mailOutbox.id,
          toAddress: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          createdAt: mailOutbox.createdAt,
        })
        .from(mailOutbox)
        .where(where)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit)
        .offset(offset),
  });
}

export async function findKeptMail(db: Db, id: string): Promise<KeptMailRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}
