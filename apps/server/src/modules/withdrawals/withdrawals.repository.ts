import { and, desc, eq, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { inOrderOf } from '../../db/in-order.ts';
import { countRows, type Page, readPage } from '../../db/page.ts';
import { required } from '../../db/require.ts';
import { rowCodec } from '../../db/row-codec.ts';
import { withdrawalProtections } from '../../db/schema/account-security.ts';
import { approvals } from '../../db/schema/approvals.ts';
import { users } from '../../db/schema/auth.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { withdrawalSettings, withdrawals } from '../../db/schema/withdrawals.ts';
import { selectRows } from '../../db/select-rows.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { ApprovalRow } from '../approvals/approvals.repository.ts';
import { lockCustomerAccountsWhere } from '../ledger/ledger.repository.ts';
import { requireSiteSettings, type SiteSettingsRow } from '../settings/settings.repository.ts';
import { customerEmailContains, userRows } from '../users/users.repository.ts';

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
 * The row `insertWithdrawals` stores for `values`, read as it will read: the columns the values
 * leave out take their defaults. A batch answers with it before the insert has answered (decision
 * 041); the values of a new withdrawal (`newWithdrawal`) give its times.
 */
export function storedWithdrawal(values: NewWithdrawalRow): WithdrawalRow {
  const { createdAt, updatedAt } = values;
  if (!createdAt || !updatedAt) throw new Error('a new withdrawal is given its times');
  return {
    id: values.id,
    userId: values.userId,
    amountMinor: values.amountMinor,
    feeBps: values.feeBps,
    feeMinor: values.feeMinor,
    netMinor: values.netMinor,
    method: values.method,
    details: values.details,
    status: values.status,
    holdReason: values.holdReason ?? null,
    codeHash: values.codeHash ?? null,
    codeExpiresAt: values.codeExpiresAt ?? null,
    codeAttempts: values.codeAttempts ?? 0,
    holdReleasedBy: values.holdReleasedBy ?? null,
    holdReleasedAt: values.holdReleasedAt ?? null,
    decidedBy: values.decidedBy ?? null,
    decidedAt: values.decidedAt ?? null,
    decisionReason: values.decisionReason ?? null,
    reservationEntryId: values.reservationEntryId ?? null,
    createdAt,
    updatedAt,
  };
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
 * waiting for it (if any) and the Settings' four-eyes threshold and site name (null before the
 * Settings row exists). Undefined when there is no such withdrawal.
 */
export async function lockWithdrawalForDecision(
  tx: Db,
  id: string,
): Promise<
  | {
      row: WithdrawalRow;
      waiting: ApprovalRow | null;
      ownerRole: string;
      fourEyesThresholdMinor: bigint | null;
      siteName: string | null;
    }
  | undefined
> {
  const [found] = await lockWithdrawalsForDecision(tx, [id]);
  return found;
}

export async function updateWithdrawal(tx: Db, id: string, change: WithdrawalChange): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(change).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error('the withdrawal disappeared');
  return row;
}

/**
 * Marks withdrawals approved (several requests decided together, decision 041), each by its own
 * approver, with the payout entries posted for them (ids reserved by `reserveEntryIds`). Sent behind
 * the posting without waiting for its answer, so what it must hold the database checks: every
 * withdrawal was still pending, and every payout entry exists (a posting that wrote nothing fails
 * here). Either failure aborts the transaction.
 */
export async function approveWithdrawalsPaidOut(
  tx: Db,
  decided: ReadonlyArray<{ id: string; decidedBy: string; decidedAt: Date }>,
  payoutEntryIds: readonly bigint[],
): Promise<void> {
  if (decided.length === 0) return;
  await selectRows(
    tx,
    sql`with approved as (
          update withdrawals w
             set status = 'approved', decided_by = v.decided_by, decided_at = v.decided_at,
                 decision_reason = null, updated_at = v.decided_at
            from jsonb_to_recordset(${JSON.stringify(
              decided.map((one) => ({
                id: one.id,
                decided_by: one.decidedBy,
                decided_at: one.decidedAt.toISOString(),
              })),
            )}::jsonb) as v(id uuid, decided_by text, decided_at timestamptz)
           where w.id = v.id and w.status = 'pending'
             -- through the primary key (joined only with the JSON, PostgreSQL may read the whole table)
             and ${among(
               sql`w.id`,
               decided.map((one) => one.id),
               'uuid',
             )}
          returning w.id
        )
        select ${required(
          sql`(select count(*) from approved) = ${new Set(decided.map((one) => one.id)).size}
              and (select count(*) from journal_entries e
                    where e.id = any(array(select jsonb_array_elements_text(${JSON.stringify(
                      payoutEntryIds.map(String),
                    )}::jsonb)::bigint))) = ${payoutEntryIds.length}`,
          'a locked pending withdrawal was not approved with its payout',
        )} as ok`,
  );
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
  return selectRows<{ id: string; email: string; name: string }>(
    db,
    sql`select id, email, name from users where ${among(sql`id`, ids)}`,
  );
}

/**
 * The people `ids` name, and the owners of the withdrawals `withdrawalIds` name and who released
 * their holds (their id, e-mail and name), in one query: sent behind the withdrawals' lock, it needs
 * no answer of it first.
 */
export async function selectPeopleAndWithdrawalOwners(
  db: Db,
  ids: readonly string[],
  withdrawalIds: readonly string[],
): Promise<{ id: string; email: string; name: string }[]> {
  return selectRows<{ id: string; email: string; name: string }>(
    db,
    sql`select id, email, name from users where ${among(sql`id`, ids)}
        union
        select u.id, u.email, u.name from withdrawals w join users u on u.id in (w.user_id, w.hold_released_by)
         where ${among(sql`w.id`, [...new Set(withdrawalIds.filter(isUuid))], 'uuid')}`,
  );
}

/**
 * The ledger accounts of the customers whose withdrawals these are, locked
 * (`lockCustomerAccountsWhere`): sent right behind `lockWithdrawalsForDecision`, it runs once the
 * withdrawals are locked, in the same round trip.
 */
export function lockAccountsOfWithdrawals(tx: Db, ids: readonly string[]) {
  return lockCustomerAccountsWhere(
    tx,
    sql`select w.user_id from withdrawals w where ${among(sql`w.id`, [...new Set(ids.filter(isUuid))], 'uuid')}`,
  );
}

/** The ledger entries that name this withdrawal, oldest first. */
export async function selectWithdrawalEntries(db: Db, withdrawalId: string) {
  return (await selectEntriesOfWithdrawals(db, [withdrawalId])).get(withdrawalId) ?? [];
}

/** The ledger entries that name these withdrawals, with what each moves, oldest first, by withdrawal id: one query. */
export async function selectEntriesOfWithdrawals(db: Db, withdrawalIds: readonly string[]) {
  const raw =
    withdrawalIds.length === 0
      ? []
      : await selectRows<{
          withdrawal_id: string;
          id: string;
          kind: string;
          description: string;
          created_at: string;
          amount_minor: string;
        }>(
          db,
          sql`select e.reference->>'withdrawal' as withdrawal_id, e.id::text as id, e.kind, e.description,
                     e.created_at::text as created_at,
                     (select coalesce(sum(p.amount_minor), 0) from postings p
                       where p.entry_id = e.id and p.amount_minor > 0)::text as amount_minor
                from journal_entries e
               where ${among(sql`e.reference->>'withdrawal'`, [...new Set(withdrawalIds)])}
               order by e.id`,
        );
  const rows = raw.map((row) => ({
    withdrawalId: row.withdrawal_id,
    id: journalEntries.id.mapFromDriverValue(row.id) as bigint,
    kind: row.kind as (typeof journalEntries.$inferSelect)['kind'],
    description: row.description,
    createdAt: journalEntries.createdAt.mapFromDriverValue(row.created_at) as Date,
    /** What the entry moves: the sum of its postings' positive side. */
    amountMinor: BigInt(row.amount_minor),
  }));
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
 * 041), each with the approval waiting for it, the Settings' four-eyes threshold and site name (for
 * the customer's notice; both null before the Settings row exists) and its customer's role (a staff
 * account's withdrawal is not approved, decision 062).
 */
export async function lockWithdrawalsForDecision(tx: Db, ids: readonly string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  const rows = await selectRows<Record<string, unknown>>(
    tx,
    sql`${WITHDRAWALS_FOR_DECISION}
         where ${among(sql`w.id`, valid, 'uuid')}
         order by w.id for update of w`,
  );
  return rows.map((raw) => ({
    row: withdrawalRows.read(raw, 'w_'),
    waiting: raw.a_id === null ? null : approvalRows.read(raw, 'a_'),
    ownerRole: raw.owner_role as string,
    fourEyesThresholdMinor:
      raw.threshold === null
        ? null
        : (siteSettings.fourEyesThresholdMinor.mapFromDriverValue(raw.threshold as string) as bigint),
    siteName: raw.site_name as string | null,
  }));
}

const approvalRows = rowCodec(approvals);

/** The select of `lockWithdrawalsForDecision`, built once (decision 041, "Statements built once"). */
const WITHDRAWALS_FOR_DECISION = sql.raw(
  `select ${withdrawalRows.columns('w', 'w_')}, ${approvalRows.columns('a', 'a_')},
          s.four_eyes_threshold_minor::text as threshold, s.site_name, u.role as owner_role
     from withdrawals w
     join users u on u.id = w.user_id
     left join approvals a on a.withdrawal_id = w.id and a.status = 'awaiting'
     left join site_settings s on s.id = 1`,
);

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

const protectionRows = rowCodec(withdrawalProtections);
const settingsRows = rowCodec(withdrawalSettings);
const siteRows = rowCodec(siteSettings);

/** The select of `selectWithdrawalRequestFacts`, built once (decision 041, "Statements built once"). */
const REQUEST_FACTS = sql.raw(
  `select ${userRows.columns('u', 'u_')}, ${protectionRows.columns('p', 'p_')},
          ${settingsRows.columns('w', 'w_')}, ${siteRows.columns('s', 's_')}
     from users u
     left join withdrawal_protections p on p.user_id = u.id
     left join withdrawal_settings w on w.user_id = u.id
     left join site_settings s on s.id = 1`,
);

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
      : await selectRows<Record<string, unknown>>(
          db,
          sql`${REQUEST_FACTS} where ${among(sql`u.id`, unique)}`,
        );
  const [first] = rows;
  const site = first && first.s_id !== null ? siteRows.read(first, 's_') : await requireSiteSettings(db);
  const facts = new Map<string, WithdrawalRequestFacts>(
    rows.map((raw) => {
      const account = userRows.read(raw, 'u_');
      return [
        account.id,
        {
          account,
          protection: raw.p_user_id === null ? undefined : protectionRows.read(raw, 'p_'),
          settings: raw.w_user_id === null ? undefined : settingsRows.read(raw, 'w_'),
        },
      ];
    }),
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
