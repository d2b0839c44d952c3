import { hasPermission, type Permission } from '@candor/contracts/staff';
import { z } from 'zod';

const MANAGE_TAB_IDS = [
  'users',
  'deposits',
  'withdrawals',
  'trades',
  'approvals',
  'verifications',
  'payment',
  'settings',
] as const;
export type ManageTabId = (typeof MANAGE_TAB_IDS)[number];

const LABELS = {
  users: 'Users',
  deposits: 'Deposit',
  withdrawals: 'Withdrawals',
  trades: 'Trades',
  verifications: 'Verifications',
  payment: 'Payment',
  settings: 'Settings',
  approvals: 'Approvals',
} as const satisfies Record<ManageTabId, string>;

/**
 * Tabs only some roles see: Approvals (four-eyes) for whoever may decide an adjustment or a
 * withdrawal; Settings (with the four-eyes threshold) for settings.manage. The others show to every
 * staff member.
 */
const VISIBLE_TO: Partial<Record<ManageTabId, readonly Permission[]>> = {
  approvals: ['adjustments.create', 'withdrawals.decide'],
  settings: ['settings.manage'],
};

/** The Manage page's tabs, in the seed's order (seed-spec §2, Admin Manage page). */
export const MANAGE_TABS = MANAGE_TAB_IDS.map((id) => ({ id, label: LABELS[id] }));

/** The tabs someone in `role` sees. */
export function manageTabsFor(role: string) {
  return MANAGE_TABS.filter(({ id }) => {
    const needed = VISIBLE_TO[id];
    return !needed || needed.some((permission) => hasPermission(role, permission));
  });
}

/** The selected tab lives in the URL (`?tab=settings`); anything unknown falls back to the first. */
export const ManageSearchSchema = z
  .object({ tab: z.enum(MANAGE_TAB_IDS).catch('users') })
  .catch({ tab: 'users' });
