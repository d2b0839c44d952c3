import {
  ACCOUNT_STATUS_MESSAGES,
  type AccountStatus,
  STAFF_ACCOUNT_STATUS_MESSAGE,
} from '@candor/contracts/account-status';
import type { AuditAction } from '@candor/contracts/audit';
import type { UserStatus } from '@candor/contracts/auth';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import type { UserRow } from '../users/users.repository.ts';
import { requireLockedUser } from '../users/users.service.ts';
import { updateUserStatus } from './account-status.repository.ts';
import { accountStatusNotice } from './account-status-notice.ts';

/**
 * The customer a staff member changes the status of, locked for the change: USER_NOT_FOUND,
 * ACCOUNT_CLOSED once closed (a closed account stays closed), CONFLICT for a staff account (staff
 * are managed by their role on the Staff tab, not suspended or closed from a customer's page).
 */
export async function requireLockedCustomer(tx: Command['tx'], userId: string): Promise<UserRow> {
  return requireOpenCustomer(await requireLockedUser(tx, userId));
}

/** `requireLockedCustomer`'s refusals of a user row however it was read (the close check reads it unlocked). */
export function requireOpenCustomer(user: UserRow): UserRow {
  if (user.status === 'closed') throw new AppError('ACCOUNT_CLOSED', ACCOUNT_STATUS_MESSAGES.closed);
  if (user.role !== 'client') {
    throw new AppError('CONFLICT', STAFF_ACCOUNT_STATUS_MESSAGE);
  }
  return user;
}

type StatusChange = Command<{ outbox: Outbox; userId: string; reason: string }>;

/**
 * Suspends an active customer with a reason they read under the inactive message. They can still
 * sign in, read their statement and close their own trades; opening trades, deposits and
 * withdrawal requests are refused (requireActiveActor). Suspending twice is refused; a reason asking
 * the customer to pay is refused with its body (422 PAYMENT_DEMAND, AccountStatusRequestSchema).
 * The customer is told, with the reason (`accountStatusNotice`).
 */
export function suspendAccount(command: StatusChange): Promise<AccountStatus> {
  return changeStatus(command, { from: 'active', to: 'suspended', action: 'user.suspend' });
}

/**
 * Makes a suspended customer active again, and tells them so; the reason is recorded for staff.
 * Unsuspending an active account is refused.
 */
export function unsuspendAccount(command: StatusChange): Promise<AccountStatus> {
  return changeStatus(command, { from: 'suspended', to: 'active', action: 'user.unsuspend' });
}

async function changeStatus(
  { tx, actor, now, outbox, userId, reason }: StatusChange,
  move: { from: UserStatus; to: 'suspended' | 'active'; action: AuditAction },
): Promise<AccountStatus> {
  const [user, site] = await Promise.all([requireLockedCustomer(tx, userId), requireSiteSettings(tx)]);
  if (user.status !== move.from) {
    throw new AppError(
      'ACCOUNT_STATUS_UNCHANGED',
      move.to === 'suspended'
        ? ACCOUNT_STATUS_MESSAGES.alreadySuspended
        : ACCOUNT_STATUS_MESSAGES.notSuspended,
    );
  }
  // The customer reads a suspension's reason; an active account shows none.
  const statusReason = move.to === 'suspended' ? reason : null;
  await updateUserStatus(tx, userId, { status: move.to, reason: statusReason, now });
  await recordAudit(tx, {
    actor,
    action: move.action,
    targetType: 'user',
    targetId: userId,
    reason,
    before: { status: user.status, statusReason: user.statusReason },
    after: { status: move.to, statusReason },
  });
  // The customer is told (by the delivery worker with SMTP: nobody waits for it).
  outbox.queue(accountStatusNotice({ user, status: move.to, reason, at: now, site }));
  return { id: userId, status: move.to, statusReason };
}
