import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { type AdminWithdrawalItem, withdrawalStatusLabel } from '@candor/contracts/withdrawals';
import { useState } from 'react';
import { AdminListTab } from '../../components/ui/admin-list-tab.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { DecisionRow } from '../../components/ui/decision-row.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { useCan } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { adminWithdrawalsPageQuery } from './admin-withdrawals-api.ts';
import { useWithdrawalDecision } from './use-withdrawal-decision.ts';
import { WithdrawalDecisionDialog } from './withdrawal-decision-dialog.tsx';

/** The Manage page's Withdrawals tab: search by e-mail and pages run on the server, five a page. */
export function WithdrawalsTab() {
  return (
    <AdminListTab
      tab="withdrawals"
      query={adminWithdrawalsPageQuery}
      noun="withdrawals"
      empty="No withdrawals found."
      emptySearch="No withdrawal was requested from an e-mail address matching your search."
    >
      {(items) => <WithdrawalsTable items={items} />}
    </AdminListTab>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Email' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Method', className: 'hidden md:table-cell' },
  { label: 'Address', className: 'hidden lg:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Actions' },
  { label: 'Date', className: 'hidden text-right xl:table-cell' },
];

function WithdrawalsTable({ items }: { items: readonly AdminWithdrawalItem[] }) {
  const { decide, deciding } = useWithdrawalDecision();
  const canDecide = useCan('withdrawals.decide');
  // Approve and Reject each ask for the reason first (decision 044).
  const [asking, setAsking] = useState<{ item: AdminWithdrawalItem; kind: 'approve' | 'reject' } | null>(
    null,
  );

  return (
    <>
      <DataTable columns={COLUMNS} scroll>
        {items.map((item) => {
          // A pending withdrawal whose approval waits for a second staff member (four-eyes).
          const label = item.awaitingApproval
            ? APPROVAL_MESSAGES.awaiting
            : withdrawalStatusLabel(item.status);
          return (
            <DecisionRow
              key={item.id}
              to="/withdrawal/$id"
              record={item}
              amount={formatUsdDecimal(item.amount)}
              summary={`${label} · ${item.methodLabel}`}
              emailWidth="sm:max-w-48"
              dateShownFrom="xl:table-cell"
              decisions={
                canDecide && item.status === 'pending' && !item.awaitingApproval
                  ? {
                      subject: `the withdrawal of ${item.email}`,
                      busy: deciding === item.id,
                      onApprove: () => setAsking({ item, kind: 'approve' }),
                      onReject: () => setAsking({ item, kind: 'reject' }),
                    }
                  : null
              }
            >
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                {item.methodLabel}
              </td>
              <td className="hidden max-w-40 px-4 py-3 lg:table-cell">
                <span className="block truncate font-mono text-xs text-slate-700" title={item.address}>
                  {item.address}
                </span>
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <StatusBadge label={label} className="whitespace-nowrap" />
              </td>
            </DecisionRow>
          );
        })}
      </DataTable>
      {asking ? (
        <WithdrawalDecisionDialog
          kind={asking.kind}
          email={asking.item.email}
          amount={formatUsdDecimal(asking.item.amount)}
          fee={formatUsdDecimal(asking.item.fee)}
          net={formatUsdDecimal(asking.item.net)}
          busy={deciding === asking.item.id}
          onCancel={() => setAsking(null)}
          onConfirm={async (reason) => {
            await decide(asking.item.id, { kind: asking.kind, reason });
            setAsking(null);
          }}
        />
      ) : null}
    </>
  );
}
