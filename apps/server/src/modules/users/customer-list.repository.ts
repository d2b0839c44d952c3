import {
  ADMIN_USERS_COUNT_CAP,
  type AdminUserFilter,
  type UserSort,
} from '@candor/contracts/admin-user-list';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { type Page, pageCount, pageWindow } from '../../db/page.ts';
import { customerCounts, users } from '../../db/schema/auth.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { selectRows } from '../../db/select-rows.ts';

/** One customer as the Users tab and its CSV export list them. */
export type CustomerListRow = {
  id: string;
  name: string;
  email: string;
  username: string | null;
  displayUsername: string | null;
  status: (typeof users.$inferSelect)['status'];
  identityStatus: (typeof users.$inferSelect)['identityStatus'];
  createdAt: Date;
  /** The cash balance in minor units. */
  balanceMinor: bigint;
  /** The exact stored join time (microseconds), for keyset paging. */
  createdAtCursor: string;
};

/** Where the export's last batch ended: the sort key of its last row. */
export type CustomerCursor = { id: string; createdAt: string; balanceMinor: bigint };

/**
 * Every customer has a cash account from sign-up on (a trigger on users, migration
 * users_list_counts), so the list joins it: sorted by balance, the page is the first rows of
 * ledger_accounts_kind_balance_idx; sorted by date, the first rows of users_created_idx.
 */
const cashAccount = and(eq(ledgerAccounts.userId, users.id), eq(ledgerAccounts.kind, 'customer_cash'));

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  username: users.username,
  displayUsername: users.displayUsername,
  status: users.status,
  identityStatus: users.identityStatus,
  createdAt: users.createdAt,
  balance: sql<string>`${ledgerAccounts.balanceMinor}::text`,
  createdAtCursor: sql<string>`${users.createdAt}::text`,
};

/**
 * The filter of the Users tab: customers only (staff are not listed), any part of the e-mail,
 * username or full name (case-insensitive, `%` and `_` taken literally; each has a trigram index,
 * migration 0019: e-mails and usernames are stored in lower case, the name is matched lowered),
 * status and verification.
 */
function customerFilter(filter: Omit<AdminUserFilter, 'sort'>): SQL | undefined {
  const search = filter.search?.trim().toLowerCase();
  const pattern = search ? containsPattern(search) : undefined;
  return and(
    eq(users.role, 'client'),
    pattern
      ? or(
          sql`${users.email} like ${pattern}`,
          sql`${users.username} like ${pattern}`,
          sql`lower(${users.name}) like ${pattern}`,
        )
      : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
    filter.verification ? eq(users.identityStatus, filter.verification) : undefined,
  );
}

function byDate(sort: UserSort): boolean {
  return sort === 'newest' || sort === 'oldest';
}

/**
 * The sort key of each order; every one ends with the user id, so the order is total. Sorted by
 * balance the id is the account's user_id (the same value), the column its index holds.
 */
function sortKey(sort: UserSort): { key: SQL; descending: boolean } {
  const key = byDate(sort)
    ? sql`${users.createdAt}, ${users.id}`
    : sql`${ledgerAccounts.balanceMinor}, ${ledgerAccounts.userId}`;
  return { key, descending: sort === 'newest' || sort === 'balance_desc' };
}

function orderBy(sort: UserSort, reversed: boolean): SQL {
  const { descending } = sortKey(sort);
  // Both indexes are (… desc nulls last, … desc nulls last): only these spellings (or the backward
  // scan, asc nulls first) let PostgreSQL read them in order instead of sorting every row.
  const direction = descending !== reversed ? sql`desc nulls last` : sql`asc nulls first`;
  const [first, second] = byDate(sort)
    ? [users.createdAt, users.id]
    : [ledgerAccounts.balanceMinor, ledgerAccounts.userId];
  return sql`${first} ${direction}, ${second} ${direction}`;
}

function selectCustomers(db: Db, where: SQL | undefined) {
  return db.select(columns).from(users).innerJoin(ledgerAccounts, cashAccount).where(where);
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['execute']>>[number];

function toRow({ balance: minor, ...row }: SelectedRow): CustomerListRow {
  return { ...row, balanceMinor: BigInt(minor) };
}

/**
 * How many customers match. Without a search, from the counts the users trigger keeps (exact, one
 * read). A search counts its matches, at most ADMIN_USERS_COUNT_CAP + 1 (a one-letter prefix can
 * match a tenth of a million customers): `capped` says the total is the cap.
 */
export async function countCustomers(
  db: Db,
  filter: Omit<AdminUserFilter, 'sort'>,
): Promise<{ total: number; capped: boolean }> {
  if (!filter.search?.trim()) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${customerCounts.customers}), 0)::text` })
      .from(customerCounts)
      .where(
        and(
          filter.status ? eq(customerCounts.status, filter.status) : undefined,
          filter.verification ? eq(customerCounts.identityStatus, filter.verification) : undefined,
        ),
      );
    return { total: Number(row?.total ?? 0), capped: false };
  }
  const [row] = await selectRows<{ total: string }>(
    db,
    sql`select count(*)::text as total from (select 1 from ${users} where ${customerFilter(filter)}
      limit ${ADMIN_USERS_COUNT_CAP + 1}) as matches`,
  );
  const total = Number(row?.total ?? 0);
  return total > ADMIN_USERS_COUNT_CAP
    ? { total: ADMIN_USERS_COUNT_CAP, capped: true }
    : { total, capped: false };
}

/**
 * One page of customers and the total (not db/page.ts readPage: the rows' query depends on the
 * total). A page in the second half of the list is read from its end in the opposite order (then
 * put back in order), so the last page costs what the first does instead of skipping every row
 * before it.
 */
export async function selectCustomerPage(
  db: Db,
  query: AdminUserFilter & { page: number; pageSize: number },
): Promise<Page<CustomerListRow> & { totalCapped: boolean }> {
  const { total, capped } = await countCustomers(db, query);
  const where = customerFilter(query);
  // Only an exact total says where the end is.
  const window = pageWindow(query, total, { fromEnd: !capped });
  const rows = window
    ? await selectCustomers(db, where)
        .orderBy(orderBy(query.sort, window.reversed))
        .limit(window.limit)
        .offset(window.offset)
    : [];
  const items = (window?.reversed ? rows.reverse() : rows).map(toRow);
  return { items, page: query.page, pageCount: pageCount(total, query.pageSize), total, totalCapped: capped };
}

/**
 * The next `limit` customers after `after` in the filter's order (keyset paging: each batch is
 * one index range, however deep into the list), for the CSV export.
 */
export async function selectCustomerBatch(
  db: Db,
  filter: AdminUserFilter,
  after: CustomerCursor | undefined,
  limit: number,
): Promise<CustomerListRow[]> {
  const { key, descending } = sortKey(filter.sort);
  const cursor = after
    ? byDate(filter.sort)
      ? sql`(${after.createdAt}::timestamptz, ${after.id})`
      : sql`(${after.balanceMinor.toString()}::bigint, ${after.id})`
    : undefined;
  const past = cursor ? (descending ? sql`(${key}) < ${cursor}` : sql`(${key}) > ${cursor}`) : undefined;
  const rows = await selectCustomers(db, and(customerFilter(filter), past))
    .orderBy(orderBy(filter.sort, false))
    .limit(limit);
  return rows.map(toRow);
}
