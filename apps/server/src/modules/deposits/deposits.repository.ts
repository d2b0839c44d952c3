import { desc, eq, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { required } from '../../db/require.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { users } from '../../db/schema/auth.ts';
import { depositQuotes, deposits } from '../../db/schema/deposits.ts';
import { selectRows } from '../../db/select-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import { lockCustomerAccountsWhere } from '../ledger/ledger.repository.ts';
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

/**
 * A deposit locked FOR UPDATE for a decision (the second of two at once sees the first one's
 * result), read with what its answer shows (customer, proof) and the name of `deciderId`, the
 * staff member about to decide: one statement, so the decision needs no read-back.
 */
export async function lockDepositForDecision(
  tx: Db,
  id: string,
  deciderId: string,
): Promise<DepositDetails | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectRows<Record<string, unknown>>(
    tx,
    sql`${DEPOSIT_DETAILS} left join users k on k.id = ${deciderId} where d.id = ${id} for update of d`,
  );
  return row && readDepositDetails(row);
}

/**
 * Deposits locked FOR UPDATE in id order for decisions taken together (decision 041), each read with
 * what its answer shows (customer, proof); each decider's name is read on its own (`selectUserNames`).
 */
export async function lockDepositsForDecision(tx: Db, ids: readonly string[]): Promise<DepositDetails[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await selectRows<Record<string, unknown>>(
    tx,
    sql`${DEPOSIT_DETAILS} left join users k on k.id = d.decided_by
         where ${among(sql`d.id`, valid, 'uuid')}
         order by d.id for update of d`,
  );
  return rows.map(readDepositDetails);
}

/**
 * The ledger accounts of the customers whose deposits these are, locked (`lockCustomerAccountsWhere`):
 * sent right behind `lockDepositsForDecision`, it runs once the deposits are locked, in the same
 * round trip.
 */
export function lockAccountsOfDeposits(tx: Db, ids: readonly string[]) {
  return lockCustomerAccountsWhere(
    tx,
    sql`select d.user_id from deposits d where ${among(sql`d.id`, [...new Set(ids.filter(isUuid))], 'uuid')}`,
  );
}

/**
 * Records approvals on deposits that are still pending, in one statement that fails (and its
 * transaction with it) unless every one was pending: checked in the database, so the statement can
 * leave with the COMMIT behind it (lib/transactions.ts, `beforeCommit`). Each names its credit by
 * `entryId`, which must exist by then (a foreign key).
 */
export async function approveDeposits(
  tx: Db,
  approvals: ReadonlyArray<{ id: string; decidedBy: string; decidedAt: Date; entryId: bigint }>,
): Promise<void> {
  if (approvals.length === 0) return;
  await selectRows(
    tx,
    sql`with approved as (
          update deposits d
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
             and ${among(
               sql`d.id`,
               approvals.map((approval) => approval.id),
               'uuid',
             )}
          returning d.id
        )
        select ${required(
          sql`(select count(*) from approved) = ${approvals.length}`,
          'a locked pending deposit was not approved',
        )} as ok`,
  );
}

/** What a decision writes on a deposit. */
export type DepositDecision = Pick<DepositRow, 'status' | 'decidedBy' | 'decidedAt'> &
  Partial<Pick<DepositRow, 'decisionReason' | 'entryId'>>;

/** Records a decision on a deposit that is still pending. */
export async function decideDeposit(tx: Db, id: string, decision: DepositDecision): Promise<void> {
  await selectRows(
    tx,
    sql`update deposits
           set status = ${decision.status}, decided_by = ${decision.decidedBy},
               decided_at = ${decision.decidedAt?.toISOString() ?? null}::timestamptz,
               decision_reason = coalesce(${decision.decisionReason ?? null}::text, decision_reason),
               entry_id = coalesce(${decision.entryId?.toString() ?? null}::bigint, entry_id)
         where id = ${id} and status = 'pending'`,
  );
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

/** A deposit with its customer, its proof of payment and a staff member (who decided, or is about to). */
export type DepositDetails = {
  deposit: DepositRow;
  /** `role`: a staff account's deposit is not approved (decision 062). */
  customer: { name: string; email: string; role: string };
  proof: { id: string; contentType: string };
  decider: { id: string; name: string } | null;
};

const depositRows = rowCodec(deposits);

/**
 * The select of a deposit (`d`) with its customer and proof, built once (decision 041, "Statements
 * built once"); the statement goes on with the decider's join (`k`) and its condition.
 */
const DEPOSIT_DETAILS = sql.raw(
  `select ${depositRows.columns('d', 'deposit_')}, u.name as customer_name, u.email as customer_email,
          u.role as customer_role, f.id::text as proof_id, f.content_type as proof_content_type, k.id as decider_id, k.name as decider_name
     from deposits d
     join users u on u.id = d.user_id
     join files f on f.id = d.proof_file_id`,
);

function readDepositDetails(raw: Record<string, unknown>): DepositDetails {
  return {
    deposit: depositRows.read(raw, 'deposit_'),
    customer: {
      name: raw.customer_name as string,
      email: raw.customer_email as string,
      role: raw.customer_role as string,
    },
    proof: { id: raw.proof_id as string, contentType: raw.proof_content_type as string },
    decider:
      raw.decider_id === null ? null : { id: raw.decider_id as string, name: raw.decider_name as string },
  };
}

/** A deposit with its customer, its proof of payment and the staff member who decided. */
export async function findDepositDetails(db: Db, id: string): Promise<DepositDetails | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectRows<Record<string, unknown>>(
    db,
    sql`${DEPOSIT_DETAILS} left join users k on k.id = d.decided_by where d.id = ${id}`,
  );
  return row && readDepositDetails(row);
}

/**
 * When the customer's latest deposit rejected after `since` was decided, or undefined: an account
 * is not closed while the customer may still be reading why (docs/decisions/046). Reads the
 * customer's deposits by deposits_user_idx.
 */
export async function findLatestDepositRejectionSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<Date | undefined> {
  const [row] = await selectRows<{ decided_at: Date | string | null }>(
    db,
    sql`select max(decided_at) as decided_at
          from deposits
         where user_id = ${userId} and status = 'rejected' and decided_at > ${since.toISOString()}::timestamptz`,
  );
  return row?.decided_at ? new Date(row.decided_at) : undefined;
}
