import type { IdentityStatus } from '@candor/contracts/auth';
import { and, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
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
  return (await sumWithdrawalsSinceOf(db, [userId], since)).get(userId) ?? 0n;
}

/** `sumWithdrawalsSince` of several customers in one query, by customer (absent: none). */
export async function sumWithdrawalsSinceOf(
  db: Db,
  userIds: readonly string[],
  since: Date,
): Promise<Map<string, bigint>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      userId: withdrawals.userId,
      total: sql<string>`coalesce(sum(${withdrawals.amountMinor}), 0)::text`,
    })
    .from(withdrawals)
    .where(
      and(
        inArray(withdrawals.userId, unique),
        gt(withdrawals.createdAt, since),
        notInArray(withdrawals.status, ['rejected', 'cancelled']),
      ),
    )
    .groupBy(withdrawals.userId);
  return new Map(rows.map((row) => [row.userId, BigInt(row.total)]));
}
