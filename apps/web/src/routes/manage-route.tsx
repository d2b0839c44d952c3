import { ApprovalsTab } from '../features/admin-approvals/approvals-tab.tsx';
import { AuditLogTab } from '../features/admin-audit/audit-log-tab.tsx';
import { DepositsTab } from '../features/admin-deposits/deposits-tab.tsx';
import { LoanApplicationsTab } from '../features/admin-loans/loan-applications-tab.tsx';
import { ManagePage } from '../features/admin-manage/manage-page.tsx';
import { StaffTab } from '../features/admin-staff/staff-tab.tsx';
import { TradesTab } from '../features/admin-trades/trades-tab.tsx';
import { UsersTab } from '../features/admin-users/users-tab.tsx';
import { VerificationsTab } from '../features/admin-verifications/verifications-tab.tsx';
import { WithdrawalsTab } from '../features/admin-withdrawals/withdrawals-tab.tsx';
import { PlansTab } from '../features/plans/plans-tab.tsx';

/** /all-user: the Manage page, with the money movements' tabs from their features. */
export function ManageRoute() {
  return (
    <ManagePage
      panels={{
        users: <UsersTab />,
        deposits: <DepositsTab />,
        withdrawals: <WithdrawalsTab />,
        trades: <TradesTab />,
        approvals: <ApprovalsTab />,
        verifications: <VerificationsTab />,
        loans: <LoanApplicationsTab />,
        audit: <AuditLogTab />,
        staff: <StaffTab />,
        plans: <PlansTab />,
      }}
    />
  );
}
