import { z } from 'zod';

/**
 * Staff roles (PRODUCT.md §6, issue 10). Customers have the role 'client'; everyone else is staff,
 * and what a staff member may do is the permission table below, not their role's name.
 */
export const STAFF_ROLES = ['owner', 'admin', 'support', 'compliance', 'accountant'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * The refusal of every movement of money on a staff account (docs/decisions/062): staff accounts are
 * not customers, so no deposit, withdrawal, trade, loan, manual adjustment or desk booking reaches
 * or leaves one, whether the staff member asks for it or another staff member does it for them.
 */
export const STAFF_ACCOUNT_MONEY_MESSAGE =
  'Staff accounts do not hold money: money moves on customer accounts only.';

/** Why a staff account sends no identity documents: verification is what a customer's withdrawals rest on. */
export const STAFF_ACCOUNT_IDENTITY_MESSAGE =
  'Staff accounts are not verified here: identity verification is for customer accounts.';

export const STAFF_ROLE_LABELS = {
  owner: 'Owner',
  admin: 'Admin',
  support: 'Support',
  compliance: 'Compliance',
  accountant: 'Accountant',
} as const satisfies Record<StaffRole, string>;

/**
 * What each permission lets a staff member do, and which roles hold it. Every staff route names one
 * permission and the server checks it; the web shows only the navigation and buttons the role may use.
 *
 * - owner: everything, and manages staff
 * - admin: everything but staff
 * - support: reads customers, their trades and money movements, and the mail outbox; changes nothing
 *   that moves money or status
 * - compliance: identity verification, suspensions, withdrawal holds and confirmation settings
 * - accountant: deposit and withdrawal decisions, manual adjustments, booked trades
 *
 * Four-eyes requests (an adjustment, a withdrawal approval or a desk booking above the threshold, a
 * change of the deposit addresses, a change that loosens the threshold) are listed and decided under 'approvals.decide'; deciding one also needs the
 * permission of the original action.
 */
export const PERMISSIONS = {
  /** Users, their details, balances, statements, trades, deposits and withdrawals (reading only). */
  'customers.read': ['owner', 'admin', 'support', 'compliance', 'accountant'],
  /** The mail outbox (kept mail). */
  'outbox.read': ['owner', 'admin', 'support'],
  /** Suspend and unsuspend accounts; list and end a customer's sessions. */
  'customers.status': ['owner', 'admin', 'compliance'],
  /** Close (erase) an account. */
  'customers.close': ['owner', 'admin'],
  /** A customer's withdrawal hold (and releasing a withdrawal it held) and e-mail confirmation setting. */
  'withdrawals.settings': ['owner', 'admin', 'compliance'],
  /** Approve or reject deposits. */
  'deposits.decide': ['owner', 'admin', 'accountant'],
  /** Approve or reject withdrawals (holding one is a customer's withdrawal setting, above). */
  'withdrawals.decide': ['owner', 'admin', 'accountant'],
  /** Manual adjustments of a customer's cash balance. */
  'adjustments.create': ['owner', 'admin', 'accountant'],
  /**
   * The Approvals tab: list and decide four-eyes requests. Holds exactly the roles of
   * 'adjustments.create', 'withdrawals.decide', 'settings.manage' or 'trades.manage'; the service also checks the
   * request's own permission.
   */
  'approvals.decide': ['owner', 'admin', 'accountant'],
  /** Book external trades and close customers' trades at market. */
  'trades.manage': ['owner', 'admin', 'accountant'],
  /** Site settings, wallet addresses and the four-eyes threshold. */
  'settings.manage': ['owner', 'admin'],
  /** The audit log and its chain check. */
  'audit.read': ['owner', 'admin', 'compliance'],
  /** The Verifications tab, a verification's details and its ID images (each image view audited). */
  'verifications.read': ['owner', 'admin', 'compliance'],
  /** Approve, decline or ask to resubmit an identity submission; edit the list of reasons. */
  'verifications.decide': ['owner', 'admin', 'compliance'],
  /** The plan catalogue (the Plans tab): create and edit signal plans, trading packages and loan plans. */
  'plans.manage': ['owner', 'admin'],
  /** The Loan applications tab and customers' loans (reading only). */
  'loans.read': ['owner', 'admin', 'accountant', 'support'],
  /** Approve or decline loan applications (approval pays the loan out). */
  'loans.decide': ['owner', 'admin', 'accountant'],
  /** Strategy providers (copy trading): ADD TRADER, change their terms, delete trader. */
  'copytrading.manage': ['owner', 'admin'],
  /** Staff members and their roles. */
  'staff.manage': ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether someone in this role holds the permission (customers hold none). */
export function hasPermission(role: string, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly string[]).includes(role);
}
