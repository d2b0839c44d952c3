import type { UserRole } from '@candor/contracts/auth';
import { isStaffRole } from '@candor/contracts/staff';
import {
  type CreateStaffMemberRequest,
  STAFF_MESSAGES,
  type StaffList,
  type StaffMember,
} from '@candor/contracts/staff-members';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command } from '../../lib/transactions.ts';
import type { Auth } from '../../plugins/auth.ts';
import { countOpenBusiness } from '../admin-users/account-status.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
import {
  findUserByEmail,
  makeVerifiedStaff,
  type UserRow,
  updateUserRole,
} from '../users/users.repository.ts';
import { requireLockedUser, signUp } from '../users/users.service.ts';
import { whileMakingVerifiedAccount } from '../users/verified-at-once.ts';
import { lockOwners, type StaffMemberRow, selectStaffMembers } from './staff.repository.ts';
import { requireStrongStaffPassword } from './staff-password.ts';

function toStaffMember(row: StaffMemberRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    role: row.role,
    since: (row.assignedAt ?? row.createdAt).toISOString(),
    twoFactorEnabled: row.twoFactorEnabled,
  };
}

export async function listStaff(db: Db): Promise<StaffList> {
  return { items: (await selectStaffMembers(db)).map(toStaffMember) };
}

/**
 * Gives an account a role and records it (who, before, after). Used by the Staff tab (after its
 * guard rails) and by the command line, whose operator may do anything else. `user` is the row as
 * read under its lock in this transaction.
 *
 * A customer becomes staff only with nothing in their account: staff are not listed on the Users
 * tab and cannot be suspended, so a balance, an open position, a pending deposit, an undecided
 * withdrawal, a request awaiting approval, a loan application, a loan owed or a trader copied
 * would vanish with them (CONFLICT, nothing changed). See requireNothingHeld for the locks.
 */
export async function assignRole({
  tx,
  actor,
  now,
  user,
  role,
}: Command<{ user: UserRow; role: UserRole }>): Promise<void> {
  if (isStaffRole(role) && !isStaffRole(user.role)) await requireNothingHeld(tx, user.id);
  await updateUserRole(tx, user.id, role, now);
  await recordAudit(tx, {
    actor,
    action: 'staff.role',
    targetType: 'user',
    targetId: user.id,
    before: { role: user.role },
    after: { role },
  });
}

/**
 * Reads what the customer holds under the locks its writers take (docs/decisions/055): the caller
 * holds the user row FOR NO KEY UPDATE, which a deposit submission, a loan application, a copy
 * started, a desk booking and a manual adjustment share-lock first; then the customer's ledger
 * accounts (every customer has them from sign-up, migrations 0008 and 0011) are locked FOR NO KEY
 * UPDATE, as every posting, trade and withdrawal request locks them before it writes. So each such
 * writer either committed before these locks were granted (and the counts, read after them, see
 * it) or waits for the role change.
 */
async function requireNothingHeld(tx: Command['tx'], userId: string): Promise<void> {
  const accounts = await lockCustomerAccounts(tx, [userId]);
  const business = await countOpenBusiness(tx, userId);
  const open = Object.values(business).some((count) => count > 0);
  if (open || accounts.some((account) => account.balanceMinor !== 0n)) {
    throw new AppError('CONFLICT', STAFF_MESSAGES.customerHoldsMoney);
  }
}

/**
 * The owner changes a member's role (or removes them from the staff with 'client'). Refused: their
 * own role (they could lock themselves out; another owner changes it), and the last owner's
 * demotion. Owners' rows are locked first, so two owners demoting each other cannot both succeed.
 */
export async function changeStaffRole({
  tx,
  actor,
  now,
  userId,
  role,
}: Command<{ userId: string; role: UserRole }>): Promise<StaffMember | null> {
  if (userId === actor.id) throw new AppError('CONFLICT', STAFF_MESSAGES.ownRole);
  const owners = await lockOwners(tx);
  const user = await requireLockedUser(tx, userId);
  if (user.status === 'closed') throw new AppError('USER_NOT_FOUND', 'User not found');
  if (user.role === 'owner' && role !== 'owner' && owners.length <= 1) {
    throw new AppError('CONFLICT', STAFF_MESSAGES.lastOwner);
  }
  // The access check read the role before these locks: an owner demoted meanwhile acts no more.
  if (!owners.includes(actor.id)) throw new AppError('FORBIDDEN', 'Only an owner manages the staff');
  if (user.role !== role) await assignRole({ tx, actor, now, user, role });
  const member = (await selectStaffMembers(tx)).find((row) => row.id === userId);
  return member ? toStaffMember(member) : null;
}

/** A staff role for an account that already exists, found by its e-mail (the same rules as a change). */
export async function grantStaffRole(
  command: Command<{ email: string; role: UserRole }>,
): Promise<StaffMember | null> {
  const user = await findUserByEmail(command.tx, command.email.trim().toLowerCase());
  if (!user || user.status === 'closed') throw new AppError('USER_NOT_FOUND', STAFF_MESSAGES.notStaffYet);
  return changeStaffRole({ ...command, userId: user.id });
}

/**
 * Creates a staff account with a password hard to guess (staff-password.ts): signed up as every
 * account is (better-auth hashes the password), then verified (the owner typed the address) and given
 * its role, audited as 'staff.create'. No verification link is mailed (it is verified already), and
 * the password the owner chose does not sign in: the member sets their own through a reset link
 * first (decision 049, "A password chosen by someone else").
 */
export async function createStaffMember({
  db,
  auth,
  actor,
  now,
  input,
  headers,
}: {
  db: Db;
  auth: Auth;
  actor: Actor;
  now: Date;
  input: CreateStaffMemberRequest;
  headers: Headers;
}): Promise<StaffMember> {
  const { role, ...signUpInput } = input;
  await requireStrongStaffPassword(db, input.password, {
    email: input.email,
    username: input.username,
    name: input.fullname,
  });
  const { id } = await whileMakingVerifiedAccount(() => signUp({ db, auth, input: signUpInput, headers }));
  const email = input.email.trim().toLowerCase();
  await db.transaction(async (tx) => {
    // The owner chose the password: it only asks for a reset until the member sets their own (049).
    await makeVerifiedStaff(tx, { email, role, now, passwordChosenByOther: true });
    await recordAudit(tx, {
      actor,
      action: 'staff.create',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { name: input.fullname, email, username: input.username, role },
    });
  });
  const member = (await selectStaffMembers(db)).find((row) => row.id === id);
  if (!member) throw new Error('the new staff member was not found');
  return toStaffMember(member);
}
