import type { IdentityStatus } from '@candor/contracts/auth';
import { and, eq, gt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { deposits } from '../../db/schema/deposits.ts';
import { withdrawals } from '../../db/schema/withdrawals.ts';

export type { IdentityStatus };

export async function findIdentityStatus(db: Db, userId: string): Promise<IdentityStatus | undefined> {
  const [row] = await db
    .select({ identityStatus: users.identityStatus })
    .from(users)
    .where(eq(users.id, userId));
  return row?.identityStatus;
}

/** Cents of the customer's deposits made after `since` that were not rejected (pending or approved). */
export async function sumDepositsSince(db: Db, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${deposits.amountMinor}), 0)::text` })
    .from(deposits)
    .where(
      and(
        eq(deposits.userId, userId),
        gt(deposits.createdAt, since),
        notInArray(deposits.status, ['rejected']),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Cents of the customer's withdrawals requested after `since` that were neither rejected nor cancelled. */
export async function sumWithdrawalsSince(db: Db, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amountMinor}), 0)::text` })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        gt(withdrawals.createdAt, since),
        notInArray(withdrawals.status, ['rejected', 'cancelled']),
      ),
    );
  return BigInt(row?.total ?? '0');
}
