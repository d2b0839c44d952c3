import {
  ADMIN_USERS_PAGE_SIZE,
  type AdminUserFilter,
  type AdminUserListItem,
  type AdminUserListPage,
  type AdminUserListQuery,
  IDENTITY_STATUS_LABELS,
  USER_LIST_STATUS_LABELS,
} from '@candor/contracts/admin-user-list';
import { formatDecimal } from '@candor/domain/money/money';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { csvLine } from '../../lib/csv.ts';
import {
  type CustomerCursor,
  type CustomerListRow,
  selectCustomerBatch,
  selectCustomerPage,
} from '../users/customer-list.repository.ts';

/** How many customers the CSV export reads per query. */
export const EXPORT_BATCH_SIZE = 1000;

function toListItem(row: CustomerListRow): AdminUserListItem {
  return {
    id: row.id,
    fullName: row.name,
    email: row.email,
    username: row.displayUsername ?? row.username ?? '',
    balance: formatDecimal(row.balanceMinor),
    status: row.status,
    identityStatus: row.identityStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The Users tab: one page of customers (10 a page) matching the filter, in its order. */
export async function listCustomers(db: Db, query: AdminUserListQuery): Promise<AdminUserListPage> {
  const page = await selectCustomerPage(db, { ...query, pageSize: ADMIN_USERS_PAGE_SIZE });
  return { ...mapPage(page, toListItem), totalCapped: page.totalCapped };
}

export const CSV_HEADER = [
  'Name',
  'Email',
  'Username',
  'Balance',
  'Status',
  'Verification',
  'Date joined',
  'ID',
];

/**
 * The CSV export of the Users tab's filter, a line at a time: the header, then every matching
 * customer in the tab's order, read in batches (keyset paging), so the whole list is never held in
 * memory and a slow download holds no transaction open. `tally` counts the customers read.
 */
export async function* customersCsv(
  db: Db,
  filter: AdminUserFilter,
  tally: { rows: number } = { rows: 0 },
): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER);
  let after: CustomerCursor | undefined;
  for (;;) {
    const rows = await selectCustomerBatch(db, filter, after, EXPORT_BATCH_SIZE);
    if (rows.length === 0) return;
    tally.rows += rows.length;
    yield rows
      .map((row) => {
        const item = toListItem(row);
        return csvLine([
          item.fullName,
          item.email,
          item.username,
          item.balance,
          USER_LIST_STATUS_LABELS[item.status],
          IDENTITY_STATUS_LABELS[item.identityStatus],
          item.createdAt,
          item.id,
        ]);
      })
      .join('');
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = { id: last.id, createdAt: last.createdAtCursor, balanceMinor: last.balanceMinor };
  }
}
