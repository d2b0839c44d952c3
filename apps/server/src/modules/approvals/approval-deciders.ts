import type { SecondDeciders } from '@candor/contracts/approvals';
import { hasPermission, type Permission, STAFF_ROLES, type StaffRole } from '@candor/contracts/staff';
import { APPROVAL_KINDS, type ApprovalKind } from '@candor/domain/approvals/approval-status';
import type { Db } from '../../db/client.ts';
import { countOtherStaffWhoCanAct, lockStaffRoles } from '../users/users.repository.ts';

/** The permission of the original action: only a staff member holding it may decide its request. */
export const APPROVAL_KIND_PERMISSION = {
  adjustment: 'adjustments.create',
  withdrawal_approval: 'withdrawals.decide',
  wallet_change: 'settings.manage',
  four_eyes_threshold: 'settings.manage',
  desk_trade: 'trades.manage',
  identity_for_withdrawals: 'settings.manage',
  unverified_limits: 'settings.manage',
} as const satisfies Record<ApprovalKind, Permission>;

/** The roles that can decide a request of this kind: the Approvals tab's, and the original action's. */
export function rolesDeciding(kind: ApprovalKind): StaffRole[] {
  return STAFF_ROLES.filter(
    (role) => hasPermission(role, 'approvals.decide') && hasPermission(role, APPROVAL_KIND_PERMISSION[kind]),
  );
}

/**
 * Whether a request of this kind by `makerId` can wait for a second person: another active staff
 * member with two-factor on holds a role that decides it (docs/decisions/053, "Four-eyes means two
 * people", and its section of 2026-12-02). Counted
 * under the staff roles' lock, taken shared in a statement before the count: a role given or taken
 * away at the same moment either committed before (and is counted) or waits until this transaction
 * commits. Call it only once the request is above the threshold: below it nothing is counted.
 */
export async function hasSecondDecider(
  tx: Db,
  { kind, makerId }: { kind: ApprovalKind; makerId: string },
): Promise<boolean> {
  await lockStaffRoles(tx, 'count');
  return (await countOtherStaffWhoCanAct(tx, { roles: rolesDeciding(kind), exceptId: makerId })) > 0;
}

/**
 * For the Settings page and the Approvals tab: for each kind of request, whether a staff member
 * other than `actorId` could decide it (a reading, not a lock: the request itself counts again).
 */
export async function readSecondDeciders(db: Db, actorId: string): Promise<SecondDeciders> {
  const counts = await Promise.all(
    APPROVAL_KINDS.map((kind) =>
      countOtherStaffWhoCanAct(db, { roles: rolesDeciding(kind), exceptId: actorId }),
    ),
  );
  const kinds = Object.fromEntries(APPROVAL_KINDS.map((kind, i) => [kind, (counts[i] ?? 0) > 0]));
  return { kinds: kinds as SecondDeciders['kinds'] };
}
