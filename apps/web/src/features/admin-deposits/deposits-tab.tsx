import { COIN_SPECS } from '@candor/contracts/coins';
import { type AdminDepositItem, depositStatusLabel } from '@candor/contracts/deposits';
import { useState } from 'react';
import { AdminListTab } from '../../components/ui/admin-list-tab.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { DecisionRow } from '../../components/ui/decision-row.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { useCan } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { adminDepositsPageQuery } from './admin-deposits-api.ts';
import { DepositDecisionDialog } from './deposit-decision-dialog.tsx';
import { DepositEvidence } from './deposit-evidence.tsx';
import { type Decision, useDepositDecision } from './use-deposit-decision.ts';

/** The Manage page's Deposit tab: search by e-mail and pages run on the server, ten a page. */
export function DepositsTab() {
  return (
    <AdminListTab
      tab="deposits"
      query={adminDepositsPageQuery}
      noun="deposits"
      empty="No deposits found."
      emptySearch="No deposit was made from an e-mail address matching your search."
    >
      {(items) => <DepositsTable items={items} />}
    </AdminListTab>
  );
}

const COLUMNS: readonly Column[] = [
  { label: 'Email' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Method', className: 'hidden md:table-cell' },
  { label: 'Status', className: 'hidden sm:table-cell' },
  { label: 'Actions' },
  { label: 'Date', className: 'hidden text-right lg:table-cell' },
];

function DepositsTable({ items }: { items: readonly AdminDepositItem[] }) {
  const { decide, deciding } = useDepositDecision();
  const canDecide = useCan('deposits.decide');
  // Approve and Reject each ask for the reason first (decision 044).
  const [asking, setAsking] = useState<{ item: AdminDepositItem; kind: Decision['kind'] } | null>(null);

  return (
    <>
      <DataTable columns={COLUMNS}>
        {items.map((item) => {
          const label = depositStatusLabel(item.status);
          return (
            <DecisionRow
              key={item.id}
              to="/deposit/$id"
              record={item}
              amount={formatUsdDecimal(item.amount)}
              summary={`${label} · ${COIN_SPECS[item.coin].label}`}
              emailWidth="sm:max-w-none"
              dateShownFrom="lg:table-cell"
              decisions={
                canDecide && item.status === 'pending'
                  ? {
                      subject: `the deposit of ${item.email}`,
                      wrap: true,
                      busy: deciding === item.id,
                      onApprove: () => setAsking({ item, kind: 'approve' }),
                      onReject: () => setAsking({ item, kind: 'reject' }),
                    }
                  : null
              }
            >
              <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 md:table-cell">
                {COIN_SPECS[item.coin].label}
              </td>
              <td className="hidden px-4 py-3 sm:table-cell">
                <StatusBadge label={label} />
              </td>
            </DecisionRow>
          );
        })}
      </DataTable>
      {asking ? (
        <DepositDecisionDialog
          kind={asking.kind}
          email={asking.item.email}
          amount={formatUsdDecimal(asking.item.amount)}
          evidence={<DepositEvidence id={asking.item.id} email={asking.item.email} />}
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
