import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { withdrawalProtections } from '../../db/schema/account-security.ts';
import { approvals } from '../../db/schema/approvals.ts';
import { users } from '../../db/schema/auth.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { withdrawalSettings, withdrawals } from '../../db/schema/withdrawals.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ApprovalRow } from '../approvals/approvals.repository.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';
import { customerEmailContains } from '../users/users.repository.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;
/** A new withdrawal's row, with its id. */
export type NewWithdrawalRow = typeof withdrawals.$inferInsert & { id: string };
export type WithdrawalChange = Partial<Omit<typeof withdrawals.$inferInsert, 'id' | 'userId'>>;
export type WithdrawalSettingsRow = typeof withdrawalSettings.$inferSelect;
export type WithdrawalRequestFacts = {
  account: typeof users.$inferSelect;
  protection: typeof withdrawalProtections.$inferSelect | undefined;
  settings: WithdrawalSettingsRow | undefined;
};

// ---------- withdrawals ----------

/** Withdrawals stored by a statement built once (docs/decisions/041, "Statements built once"). */
const withdrawalRows = rowCodec(withdrawals);

/** Stores withdrawals (each with its id) in one statement; the rows come back in the order given. */
export async function insertWithdrawals(
  tx: Db,
  values: readonly NewWithdrawalRow[],
): Promise<WithdrawalRow[]> {
  if (values.length === 0) return [];
  const rows = await withdrawalRows.insert(tx, values);
  return inOrderOf(
    values.map((value) => value.id),
    rows,
    'a withdrawal',
  );
}

/**
 * One withdrawal, optionally only if `ownerId` owns it, optionally locked FOR UPDATE (a decision
 * or a confirmation: the second of two at once waits and sees the first one's result).
 */
export async function findWithdrawal(
  db: Db,
  id: string,
  options: { ownerId?: string; lock?: boolean } = {},
): Promise<WithdrawalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const owned = options.ownerId ? eq(withdrawals.userId, options.ownerId) : undefined;
  const query = db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), owned));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * A withdrawal locked FOR UPDATE for a staff decision, read in one statement with the approval
 * waiting for it (if any) and the Settings' four-eyes threshold (null before the Settings row
 * exists). Undefined when there is no such withdrawal.
 */
export async function lockWithdrawalForDecision(
  tx: Db,
  id: string,
): Promise<
  { row: WithdrawalRow; waiting: ApprovalRow | null; fourEyesThresholdMinor: bigint | null } | undefined
> {
  const [found] = await lockWithdrawalsForDecision(tx, [id]);
  return found;
}

export async function updateWithdrawal(tx: Db, id: string, change: WithdrawalChange): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(change).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error('the withdrawal disappeared');
  return row;
}

/** Marks locked pending withdrawals approved by one staff member, in one statement; answers the rows. */
export async function markWithdrawalsApproved(
  tx: Db,
  ids: readonly string[],
  by: { decidedBy: string; decidedAt: Date },
): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(withdrawals)
    .set({
      status: 'approved',
      decidedBy: by.decidedBy,
      decidedAt: by.decidedAt,
      decisionReason: null,
      updatedAt: by.decidedAt,
    })
    .where(and(among(withdrawals.id, [...ids]), eq(withdrawals.status, 'pending')))
    .returning();
  if (rows.length !== new Set(ids).size) throw new Error('a locked pending withdrawal was not approved');
  return rows;
}

/** A customer's withdrawals, newest first. */
export function selectOwnWithdrawalPage(
  db: Db,
  userId: string,
  paging: { page: number; pageSize: number },
): Promise<Page<WithdrawalRow>> {
  const where = eq(withdrawals.userId, userId);
  return readPage(paging, {
    total: () => countRows(db, withdrawals, where),
    rows: (limit, offset) =>
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
  });
}

/** Every withdrawal with its customer's e-mail, newest first, optionally only e-mails containing `search`. */
export function selectWithdrawalPage(
  db: Db,
  query: { page: number; pageSize: number; search?: string | undefined },
): Promise<Page<{ withdrawal: WithdrawalRow; email: string }>> {
  const where = customerEmailContains(withdrawals.userId, query.search);
  return readPage(query, {
    total: () => countRows(db, withdrawals, where),
    rows: (limit, offset) =>
      db
        .select({ withdrawal: withdrawals, email: users.email })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
  });
}

/** The names and e-mails of the customer and of the staff member who decided. */
export async function selectPeople(
  db: Db,
  ids: readonly string[],
): Promise<{ id: string; email: string; name: string }[]> {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(among(users.id, [...ids]));
}

/** The ledger entries that name this withdrawal, oldest first. */
export async function selectWithdrawalEntries(db: Db, withdrawalId: string) {
  return (await selectEntriesOfWithdrawals(db, [withdrawalId])).get(withdrawalId) ?? [];
}

/** The ledger entries that name these withdrawals, oldest first, by withdrawal id: one query. */
export async function selectEntriesOfWithdrawals(db: Db, withdrawalIds: readonly string[]) {
  const rows =
    withdrawalIds.length === 0
      ? []
      : await db
          .select({
            withdrawalId: sql<string>`${journalEntries.reference}->>'withdrawal'`,
            id: journalEntries.id,
            kind: journalEntries.kind,
            description: journalEntries.description,
            createdAt: journalEntries.createdAt,
          })
          .from(journalEntries)
          .where(among(sql`${journalEntries.reference}->>'withdrawal'`, [...new Set(withdrawalIds)]))
          .orderBy(asc(journalEntries.id));
  const byWithdrawal = new Map<string, Array<Omit<(typeof rows)[number], 'withdrawalId'>>>();
  for (const { withdrawalId, ...entry } of rows) {
    const entries = byWithdrawal.get(withdrawalId) ?? [];
    entries.push(entry);
    byWithdrawal.set(withdrawalId, entries);
  }
  return byWithdrawal;
}

/**
 * Withdrawals locked FOR UPDATE in id order for decisions (one, or several taken together, decision
 * 041), each with the approval waiting for it and the Settings' four-eyes threshold.
 */
export async function lockWithdrawalsForDecision(tx: Db, ids: readonly string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await tx
    .select({ row: withdrawals, waiting: approvals, threshold: siteSettings.fourEyesThresholdMinor })
    .from(withdrawals)
    .leftJoin(approvals, and(eq(approvals.withdrawalId, withdrawals.id), eq(approvals.status, 'awaiting')))
    .leftJoin(siteSettings, eq(siteSettings.id, 1))
    .where(among(withdrawals.id, valid))
    .orderBy(withdrawals.id)
    .for('update', { of: withdrawals });
  return rows.map((found) => ({
    row: found.row,
    waiting: found.waiting,
    fourEyesThresholdMinor: found.threshold,
  }));
}

// ---------- withdrawal settings ----------

export async function findWithdrawalSettings(
  db: Db,
  userId: string,
  options: { lock?: boolean } = {},
): Promise<WithdrawalSettingsRow | undefined> {
  const query = db.select().from(withdrawalSettings).where(eq(withdrawalSettings.userId, userId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/**
 * What a withdrawal request decides on, in one query: the site's Settings and, for each account,
 * the account, its protection (frozen, or waiting after a security change) and its withdrawal
 * settings (undefined: never set); an id that names no account is absent. A new installation's
 * Settings row is made here on first use.
 */
export async function selectWithdrawalRequestFacts(
  db: Db,
  userIds: readonly string[],
): Promise<{ site: SiteSettingsRow; facts: Map<string, WithdrawalRequestFacts> }> {
  const unique = [...new Set(userIds)];
  const rows =
    unique.length === 0
      ? []
      : await db
          .select({
            account: users,
            protection: withdrawalProtections,
            settings: withdrawalSettings,
            site: siteSettings,
          })
          .from(users)
          .leftJoin(withdrawalProtections, eq(withdrawalProtections.userId, users.id))
          .leftJoin(withdrawalSettings, eq(withdrawalSettings.userId, users.id))
          .leftJoin(siteSettings, eq(siteSettings.id, 1))
          .where(among(users.id, unique));
  const site = rows[0]?.site ?? (await requireSiteSettings(db));
  const facts = new Map(
    rows.map(({ account, protection, settings }) => [
      account.id,
      { account, protection: protection ?? undefined, settings: settings ?? undefined },
    ]),
  );
  return { site, facts };
}

export async function upsertWithdrawalSettings(
  tx: Db,
  userId: string,
  values: Omit<typeof withdrawalSettings.$inferInsert, 'userId'>,
): Promise<WithdrawalSettingsRow> {
  const [row] = await tx
    .insert(withdrawalSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: withdrawalSettings.userId, set: values })
    .returning();
  if (!row) throw new Error('the withdrawal settings were not stored');
  return row;
}
