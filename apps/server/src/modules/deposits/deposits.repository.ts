import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import { depositQuotes, deposits } from '../../db/schema/deposits.ts';
import { files } from '../../db/schema/files.ts';
import { selectRows } from '../../db/select-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { customerEmailContains } from '../users/users.repository.ts';

export type DepositQuoteRow = typeof depositQuotes.$inferSelect;
export type DepositRow = typeof deposits.$inferSelect;

// ---------- quotes ----------

export async function insertDepositQuote(
  db: Db,
  values: typeof depositQuotes.$inferInsert,
): Promise<DepositQuoteRow> {
  const [row] = await db.insert(depositQuotes).values(values).returning();
  if (!row) throw new Error('the deposit quote was not stored');
  return row;
}

/** A quote locked FOR UPDATE: two submissions on one quote take turns. */
export async function lockDepositQuote(tx: Db, id: string): Promise<DepositQuoteRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(depositQuotes).where(eq(depositQuotes.id, id)).for('update');
  return row;
}

// ---------- deposits ----------

export async function insertDeposit(tx: Db, values: typeof deposits.$inferInsert): Promise<DepositRow> {
  const [row] = await tx.insert(deposits).values(values).returning();
  if (!row) throw new Error('the deposit was not stored');
  return row;
}

/** Whether a deposit was already submitted on this quote, or with this proof of payment. */
export async function findDepositIdBy(
  tx: Db,
  by: { quoteId: string } | { proofFileId: string },
): Promise<string | undefined> {
  const where = 'quoteId' in by ? eq(deposits.quoteId, by.quoteId) : eq(deposits.proofFileId, by.proofFileId);
  const [row] = await tx.select({ id: deposits.id }).from(deposits).where(where);
  return row?.id;
}

const deciders = alias(users, 'deciders');

/**
 * A deposit locked FOR UPDATE for a decision (the second of two at once sees the first one's
 * result), read with what its answer shows (customer, proof) and the name of `deciderId`, the
 * staff member about to decide: one statement, so the decision needs no read-back.
 */
export async function lockDepositForDecision(tx: Db, id: string, deciderId: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectDepositDetails(tx, eq(deposits.id, id), deciderId).for('update', {
    of: deposits,
  });
  return row;
}

/**
 * Deposits locked FOR UPDATE in id order for decisions taken together (decision 041), each read with
 * what its answer shows (customer, proof); each decider's name is read on its own (`selectUserNames`).
 */
export async function lockDepositsForDecision(tx: Db, ids: readonly string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return selectDepositDetails(tx, among(deposits.id, valid), deposits.decidedBy)
    .orderBy(deposits.id)
    .for('update', { of: deposits });
}

/** Records approvals on deposits that are still pending, in one statement; answers how many. */
export async function approveDeposits(
  tx: Db,
  approvals: ReadonlyArray<{ id: string; decidedBy: string; decidedAt: Date; entryId: bigint }>,
): Promise<number> {
  if (approvals.length === 0) return 0;
  const rows = await selectRows<{ id: string }>(
    tx,
    sql`update deposits d
           set status = 'approved', decided_by = v.decided_by, decided_at = v.decided_at, entry_id = v.entry_id
          from jsonb_to_recordset(${JSON.stringify(
            approvals.map((approval) => ({
              id: approval.id,
              decided_by: approval.decidedBy,
              decided_at: approval.decidedAt.toISOString(),
              entry_id: approval.entryId.toString(),
            })),
          )}::jsonb) as v(id uuid, decided_by text, decided_at timestamptz, entry_id bigint)
         where d.id = v.id and d.status = 'pending'
           -- through the primary key (joined only with the JSON, PostgreSQL may read the whole table)
           and d.id = any(array(select jsonb_array_elements_text(${JSON.stringify(approvals.map((approval) => approval.id))}::jsonb)::uuid))
        returning d.id::text as id`,
  );
  return rows.length;
}

/** What a decision writes on a deposit. */
export type DepositDecision = Pick<DepositRow, 'status' | 'decidedBy' | 'decidedAt'> &
  Partial<Pick<DepositRow, 'decisionReason' | 'entryId'>>;

/** Records a decision on a deposit that is still pending. */
export async function decideDeposit(tx: Db, id: string, decision: DepositDecision): Promise<void> {
  await tx
    .update(deposits)
    .set(decision)
    .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')));
}

/** A customer's deposits, newest first. */
export function selectOwnDepositPage(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<DepositRow>> {
  const where = eq(deposits.userId, userId);
  return readPage(paging, {
    total: () => countRows(db, deposits, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(deposits)
        .where(where)
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(limit)
        .offset(offset),
  });
}

/** Every deposit with its customer's e-mail, newest first, optionally only e-mails containing `search`. */
export function selectDepositPage(
  db: Db,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<Page<{ deposit: DepositRow; email: string }>> {
  const where = customerEmailContains(deposits.userId, query.search);
  return readPage(query, {
    total: () => countRows(db, deposits, where),
    rows: (limit, offset) =>
      db
        .select({ deposit: deposits, email: users.email })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .where(where)
        .orderBy(desc(deposits.createdAt), desc(deposits.id))
        .limit(limit)
        .offset(offset),
  });
}

/**
 * A deposit with its customer, its proof of payment and a staff member's id and name: `decider`
 * is the deposit's own column (who decided) or the id of who is about to.
 */
function selectDepositDetails(db: Db, where: SQL, decider: string | typeof deposits.decidedBy) {
  return db
    .select({
      deposit: deposits,
      customer: { name: users.name, email: users.email },
      proof: { id: files.id, contentType: files.contentType },
      decider: { id: deciders.id, name: deciders.name },
    })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId))
    .innerJoin(files, eq(files.id, deposits.proofFileId))
    .leftJoin(deciders, eq(deciders.id, decider))
    .where(where);
}

/** A deposit with its customer, its proof of payment and the staff member who decided. */
export async function findDepositDetails(db: Db, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectDepositDetails(db, eq(deposits.id, id), deposits.decidedBy);
  return row;
}
