import { useParams } from '@tanstack/react-router';
import { AccountAuditHistory } from '../features/admin-audit/account-audit-history.tsx';
import { CustomerLoans } from '../features/admin-loans/customer-loans.tsx';
import { AdminUserPage } from '../features/admin-user/admin-user-page.tsx';
import { CustomerPlansSection } from '../features/plans/customer-plans-section.tsx';
import { StatementEntries } from '../features/statement/statement-entries.tsx';
import { useCan } from '../lib/permissions.ts';

/** /user/{id}: one customer, their latest ledger entries shown as on their own statement, their plans, their loans and their audit history. */
export function AdminUserRoute() {
  const { id = '' } = useParams({ strict: false });
  const canReadAudit = useCan('audit.read');
  const canReadLoans = useCan('loans.read');
  return (
    <div className="space-y-6">
      <AdminUserPage
        entriesTable={(entries) => (
          <StatementEntries entries={entries} label="Recent ledger entries" compact />
        )}
      />
      {id ? <CustomerPlansSection userId={id} /> : null}
      {canReadLoans && id ? <CustomerLoans userId={id} /> : null}
      {canReadAudit && id ? <AccountAuditHistory userId={id} /> : null}
    </div>
  );
}
