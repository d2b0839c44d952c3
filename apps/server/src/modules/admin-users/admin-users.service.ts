import {
  ADJUSTMENT_MESSAGES,
  ADMIN_RECENT_ENTRIES,
  type Adjustment,
  type AdminUser,
  type CreateAdjustmentRequest,
} from '@candor/contracts/admin-users';
import { UserRoleSchema, UserStatusSchema } from '@candor/contracts/auth';
import { toMinorUnits } from '@candor/contracts/money';
import { adjustmentEntry } from '@candor/domain/ledger/entries';
import { formatDecimal } from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';
import { lockCustomerAccounts, postEntries } from '../ledger/ledger.repository.ts';
import { readBalances, readStatement } from '../ledger/ledger.service.ts';

const userNotFound = () => new AppError('USER_NOT_FOUND', 'User not found');

/** A customer's details, balances and latest ledger entries for the admin user page. */
export async function requireAdminUser(db: Db, userId: string): Promise<AdminUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw userNotFound();
  const [balances, recentEntries] = await Promise.all([
    readBalances(db, userId),
    readStatement(db, userId, 1, ADMIN_RECENT_ENTRIES),
  ]);
  return {
    id: row.id,
    fullName: row.name,
    username: row.displayUsername ?? row.username ?? '',
    email: row.email,
    // A role or status outside the known values is a broken invariant: fail loudly.
    status: UserStatusSchema.parse(row.status),
    statusReason: row.statusReason,
    role: UserRoleSchema.parse(row.role),
    createdAt: row.createdAt.toISOString(),
    balances,
    recentEntries,
  };
}

/**
 * A manual adjustment by an administrator, inside the caller's transaction: one ledger entry of
 * kind "adjustment" whose description is the reason the customer reads on their statement. A
 * debit that would take the cash balance below zero is refused and writes nothing. Recorded in
 * the audit log with the balances before and after.
 */
export async function adjustBalance(
  tx: Db,
  actor: AuditActor,
  userId: string,
  input: CreateAdjustmentRequest,
): Promise<Adjustment> {
  const [user] = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw userNotFound();
  if (user.status === 'closed') throw new AppError('ACCOUNT_CLOSED', 'This account is closed');

  const amount = toMinorUnits(input.amount);
  // Lock the customer's accounts first, so "before" is the balance this adjustment moves from.
  await lockCustomerAccounts(tx, [userId]);
  const before = await readBalances(tx, userId);
  let entryId: bigint;
  try {
    const [posted] = await postEntries(
      tx,
      [adjustmentEntry({ userId, direction: input.direction, amount, reason: input.reason })],
      actor,
    );
    if (!posted) throw new Error('the adjustment entry was not posted');
    entryId = posted.id;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      throw new AppError('INSUFFICIENT_FUNDS', ADJUSTMENT_MESSAGES.belowZero);
    }
    throw error;
  }
  const after = await readBalances(tx, userId);
  await recordAudit(tx, {
    actor,
    action: 'user.adjustment',
    targetType: 'user',
    targetId: userId,
    reason: input.reason,
    before: { balances: before },
    after: {
      balances: after,
      entryId: String(entryId),
      direction: input.direction,
      amount: formatDecimal(amount),
    },
  });
  return { entryId: String(entryId), balances: after };
}
