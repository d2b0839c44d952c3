import { type ApprovalKind, COUNTED_APPROVAL_STATUSES } from '@candor/domain/approvals/approval-status';
import { and, asc, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { approvals } from '../../db/schema/approvals.ts';
import { users } from '../../db/schema/auth.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
export type NewApprovalRow = typeof approvals.$inferInsert;
export type ApprovalChange = Partial<
  Pick<
    ApprovalRow,
    | 'status'
    | 'checkerId'
    | 'checkerRole'
    | 'checkerReason'
    | 'cancelledBy'
    | 'entryId'
    | 'tradeId'
    | 'decidedAt'
  >
>;

/** A person an approval names: the customer, the maker or the checker. */
export type ApprovalPersonRow = { id: string; email: string; name: string };

export async function insertApproval(tx: Db, values: NewApprovalRow): Promise<ApprovalRow> {
  const [row] = await tx.insert(approvals).values(values).returning();
  if (!row) throw new Error('the approval was not recorded');
  return row;
}

/** One approval; with `lock`, FOR UPDATE in the caller's transaction (racing decisions take turns). */
export async function findApproval(
  db: Db,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ApprovalRow | undefined> {
  const query = db.select().from(approvals).where(eq(approvals.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateApproval(tx: Db, id: string, change: ApprovalChange): Promise<ApprovalRow> {
  const [row] = await tx.update(approvals).set(change).where(eq(approvals.id, id)).returning();
  if (!row) throw new Error('the approval disappeared');
  return row;
}

/** The approval waiting for a withdrawal's second staff member (at most one: a unique index). */
export async function findWaitingWithdrawalApproval(
  db: Db,
  withdrawalId: string,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.withdrawalId, withdrawalId), eq(approvals.status, 'awaiting')));
  return row;
}

/**
 * The amounts of the customer's requests that count towards four-eyes while they wait (manual
 * adjustments, and desk bookings by their result's size; COUNTED_APPROVAL_STATUSES), asked after
 * `since` (approvals_user_idx).
 */
export async function selectWaitingStaffMoveAmountsSince(
  db: Db,
  userId: string,
  since: Date,
): Promise<bigint[]> {
  const rows = await db
    .select({ amountMinor: approvals.amountMinor })
    .from(approvals)
    .where(
      and(
        eq(approvals.userId, userId),
        gt(approvals.createdAt, since),
        among(approvals.kind, STAFF_MOVE_KINDS),
        among(approvals.status, COUNTED_APPROVAL_STATUSES),
      ),
    );
  return rows.flatMap((row) => (row.amountMinor === null ? [] : [row.amountMinor]));
}

/**
 * What the staff requests awaiting a second approval would take from a customer's cash, in cents:
 * their manual debits (docs/decisions/048) and the losses of their desk bookings (054), whatever their
 * age (approvals_user_idx). `except` leaves out the request being carried out now.
 */
export async function selectWaitingCashClaims(db: Db, userId: string, except?: string): Promise<bigint[]> {
  const rows = await db
    .select({ amountMinor: approvals.amountMinor })
    .from(approvals)
    .where(
      and(
        eq(approvals.userId, userId),
        eq(approvals.status, 'awaiting'),
        or(
          and(eq(approvals.kind, 'adjustment'), sql`${approvals.request}->>'direction' = 'debit'`),
          and(eq(approvals.kind, 'desk_trade'), sql`(${approvals.request}->>'result')::numeric < 0`),
        ),
        except === undefined ? undefined : ne(approvals.id, except),
      ),
    );
  return rows.flatMap((row) => (row.amountMinor === null ? [] : [row.amountMinor]));
}

/**
 * The kinds of request that change a setting for everyone (the deposit addresses, the four-eyes
 * threshold, "withdrawals need a verified identity", the unverified accounts' limits): at most one of
 * each waits at a time (a unique index per kind).
 */
export type SettingChangeKind = Extract<
  ApprovalKind,
  'wallet_change' | 'four_eyes_threshold' | 'identity_for_withdrawals' | 'unverified_limits'
>;

/** The change of `kind` waiting for a second approval, if any (at most one: a unique index). */
export async function findWaitingSettingChange(
  db: Db,
  kind: SettingChangeKind,
): Promise<ApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(approvals)
    .where(and(eq(approvals.kind, kind), eq(approvals.status, 'awaiting')));
  return row;
}

/** The kinds of request that move a customer's money on a staff member's word (four-eyes counts them). */
const STAFF_MOVE_KINDS = ['adjustment', 'desk_trade'] as const satisfies readonly ApprovalKind[];

/** How many of a customer's waiting desk bookings /user/{id} lists at most (oldest first). */
export const WAITING_DESK_TRADES_LIMIT = 50;
/** How many of a customer's expired desk bookings /user/{id} lists (the latest). */
export const EXPIRED_DESK_TRADES_LIMIT = 10;

/** The customer's desk bookings waiting for a second approval, oldest first (approvals_user_idx). */
export async function selectWaitingDeskTrades(db: Db, userId: string): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(approvals)
    .where(
      and(eq(approvals.userId, userId), eq(approvals.kind, 'desk_trade'), eq(approvals.status, 'awaiting')),
    )
    .orderBy(asc(approvals.createdAt), asc(approvals.id))
    .limit(WAITING_DESK_TRADES_LIMIT);
}

/** The customer's desk bookings that expired waiting for a second approval, the latest first. */
export async function selectExpiredDeskTrades(db: Db, userId: string): Promise<ApprovalRow[]> {
  return db
    .select()
    .from(approvals)
    .where(
      and(eq(approvals.userId, userId), eq(approvals.kind, 'desk_trade'), eq(approvals.status, 'expired')),
    )
    .orderBy(desc(approvals.decidedAt), asc(approvals.id))
    .limit(EXPIRED_DESK_TRADES_LIMIT);
}

/**
 * The desk bookings waiting for a second approval whose open time is before `openedBefore` (they can
 * no longer be approved), locked FOR UPDATE SKIP LOCKED: one being decided right now is left to its
 * decision, and two servers expiring at once never take the same row.
 */
export async function lockDeskTradesOpenedBefore(tx: Db, openedBefore: Date): Promise<ApprovalRow[]> {
  return tx
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.status, 'awaiting'),
        eq(approvals.kind, 'desk_trade'),
        sql`(${approvals.request} ->> 'openedAt')::timestamptz < ${openedBefore.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(approvals.createdAt), asc(approvals.id))
    .for('update', { skipLocked: true });
}

/** Which of these withdrawals have an approval waiting (the Withdrawals tab's page). */
export async function selectWithdrawalsAwaiting(
  db: Db,
  withdrawalIds: readonly string[],
): Promise<Set<string>> {
  if (withdrawalIds.length === 0) return new Set();
  const rows = await db
    .select({ withdrawalId: approvals.withdrawalId })
    .from(approvals)
    .where(and(among(approvals.withdrawalId, [...withdrawalIds]), eq(approvals.status, 'awaiting')));
  return new Set(rows.flatMap((row) => (row.withdrawalId ? [row.withdrawalId] : [])));
}

/**
 * The Approvals tab: waiting requests first, oldest first (the longest wait on top), then decided
 * ones, most recently decided first.
 */
export function selectApprovalPage(
  db: Db,
  query: { page: number; pageSize: number },
): Promise<Page<ApprovalRow>> {
  return readPage(query, {
    total: () => countRows(db, approvals, undefined),
    rows: (limit, offset) =>
      db
        .select()
        .from(approvals)
        .orderBy(
          sql`(${approvals.status} <> 'awaiting')`,
          sql`case when ${approvals.status} = 'awaiting' then ${approvals.createdAt} end asc`,
          desc(approvals.decidedAt),
          asc(approvals.id),
        )
        .limit(limit)
        .offset(offset),
  });
}

/** The names and e-mail addresses of the people approvals name. */
export async function selectApprovalPeople(db: Db, ids: readonly string[]): Promise<ApprovalPersonRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(among(users.id, unique));
}
