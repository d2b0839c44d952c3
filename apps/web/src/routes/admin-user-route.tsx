import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { AccountAuditHistory } from '../features/admin-audit/account-audit-history.tsx';
import { CustomerLoans } from '../features/admin-loans/customer-loans.tsx';
import { adminUserQuery } from '../features/admin-user/admin-user-api.ts';
import { AdminUserPage } from '../features/admin-user/admin-user-page.tsx';
import { CustomerPlansSection } from '../features/plans/customer-plans-section.tsx';
import { StatementEntries } from '../features/statement/statement-entries.tsx';
import { useCan } from '../lib/permissions.ts';

/** /user/{id}: one customer, their latest ledger entries shown as on their own statement, their plans, their loans and their audit history. */
export function AdminUserRoute() {
  const { id = '' } = useParams({ strict: false });
  const canReadAudit = useCan('audit.read');
  const canReadLoans = useCan('loans.read');
  // The sections below belong to the user the page shows: they load beside it, and go once it is
  // not found or fails to load (the page says which), so no "could not be loaded" or empty history
  // stands under "User not found."
  const user = useQuery(adminUserQuery(id));
  const found = id !== '' && !user.isError;
  return (
    <div className="space-y-6">
      <AdminUserPage
        entriesTable={(entries) => (
          <StatementEntries entries={entries} label="Recent ledger entries" compact />
        )}
      />
      {found ? <CustomerPlansSection userId={id} /> : null}
      {canReadLoans && found ? <CustomerLoans userId={id} /> : null}
      {canReadAudit && found ? <AccountAuditHistory userId={id} /> : null}
    </div>
  );
}
