import { AdminUserPage } from '../features/admin-user/admin-user-page.tsx';
import { StatementEntries } from '../features/statement/statement-entries.tsx';

/** /user/{id}: one customer, their latest ledger entries shown as on their own statement. */
export function AdminUserRoute() {
  return (
    <AdminUserPage
      entriesTable={(entries) => <StatementEntries entries={entries} label="Recent ledger entries" compact />}
    />
  );
}
