import type { Permission } from '@candor/contracts/staff';
import { z } from 'zod';

const MANAGE_TAB_IDS = [
  'users',
  'deposits',
  'withdrawals',
  'trades',
  'approvals',
  'verifications',
  'loans',
  'payment',
  'settings',
  'plans',
  'audit',
  'staff',
] as const;
export type ManageTabId = (typeof MANAGE_TAB_IDS)[number];

const LABELS = {
  users: 'Users',
  deposits: 'Deposit',
  withdrawals: 'Withdrawals',
  trades: 'Trades',
  verifications: 'Verifications',
  loans: 'Loan applications',
  payment: 'Payment',
  settings: 'Settings',
  plans: 'Plans',
  approvals: 'Approvals',
  audit: 'Audit log',
  staff: 'Staff',
} as const satisfies Record<ManageTabId, string>;

/** The permission each tab needs (contracts/staff.ts): a role sees only the tabs it may use. */
export const MANAGE_TAB_PERMISSIONS = {
  users: 'customers.read',
  deposits: 'customers.read',
  withdrawals: 'customers.read',
  trades: 'customers.read',
  approvals: 'approvals.decide',
  verifications: 'verifications.read',
  loans: 'loans.read',
  payment: 'settings.manage',
  settings: 'settings.manage',
  plans: 'plans.manage',
  audit: 'audit.read',
  staff: 'staff.manage',
} as const satisfies Record<ManageTabId, Permission>;

/** The Manage page's tabs, in the seed's order (seed-spec §2, Admin Manage page). */
export const MANAGE_TABS = MANAGE_TAB_IDS.map((id) => ({ id, label: LABELS[id] }));

/** The selected tab lives in the URL (`?tab=settings`); anything unknown falls back to the first. */
export const ManageSearchSchema = z
  .object({ tab: z.enum(MANAGE_TAB_IDS).catch('users') })
  .catch({ tab: 'users' });
