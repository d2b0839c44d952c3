import { hasPermission } from '@candor/contracts/staff';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { MANAGE_TAB_PERMISSIONS, MANAGE_TABS, ManageSearchSchema, type ManageTabId } from './manage-tabs.ts';
import { PaymentTab } from './payment-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';

/**
 * /all-user: the administrators' tabs. Settings and Payment are this feature's own; the route brings
 * the others' `panels` (deposits, withdrawals, trades). A tab without a panel is not built yet.
 */
export function ManagePage({ panels = {} }: { panels?: Partial<Record<ManageTabId, ReactNode>> }) {
  useDocumentBranding('Manage');
  const { role } = useMe();
  const canReadOutbox = useCan('outbox.read');
  // Only the tabs the role may use (the server refuses the rest with 403 anyway).
  const tabs = MANAGE_TABS.filter((t) => hasPermission(role, MANAGE_TAB_PERMISSIONS[t.id]));
  const asked = ManageSearchSchema.parse(useSearch({ strict: false })).tab;
  const tab = tabs.some((t) => t.id === asked) ? asked : (tabs[0]?.id ?? 'users');
  const navigate = useNavigate({ from: '/all-user' });
  const select = (next: ManageTabId) => void navigate({ search: { tab: next }, replace: true });

  return (
    <div>
      <PageHeader
        title="Manage"
        description="Users, money movements, verifications and site settings."
        actions={
          canReadOutbox ? (
            <Link
              to="/admin/outbox"
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50"
            >
              <svg
                className="h-4 w-4"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                aria-hidden="true"
              >
                <path
                  d="M4 6h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm-1 1 9 7 9-7"
                  strokeLinejoin="round"
                />
              </svg>
              Delivery log
            </Link>
          ) : undefined
        }
      />
      <Tabs label="Manage" tabs={tabs} selected={tab} onSelect={select}>
        {tab === 'settings' ? (
          <SettingsTab />
        ) : tab === 'payment' ? (
          <PaymentTab />
        ) : panels[tab] ? (
          panels[tab]
        ) : (
          <EmptyState title="This section is not available yet.">
            It opens in a coming release of the platform.
          </EmptyState>
        )}
      </Tabs>
    </div>
  );
}
