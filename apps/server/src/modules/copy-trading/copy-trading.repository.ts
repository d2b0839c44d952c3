import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { copyRelations, strategyProviders } from '../../db/schema/copy-trading.ts';

export type ProviderRow = typeof strategyProviders.$inferSelect;
export type NewProviderRow = typeof strategyProviders.$inferInsert;
export type RelationRow = typeof copyRelations.$inferSelect;
export type NewRelationRow = typeof copyRelations.$inferInsert;

/** The number of active relations of each provider, as a correlated subquery. */
const followersCount = sql<number>`(
  select count(*)::int from ${copyRelations}
  where ${copyRelations.providerId} = ${strategyProviders.id} and ${copyRelations.status} = 'active'
)`;

export type ProviderWithPeople = {
  provider: ProviderRow;
  email: string;
  accountOpenedAt: Date;
  followers: number;
};

const withPeople = {
  provider: strategyProviders,
  email: users.email,
  accountOpenedAt: users.createdAt,
  followers: followersCount,
};

export async function insertProvider(tx: Db, row: NewProviderRow): Promise<ProviderRow> {
  const [inserted] = await tx.insert(strategyProviders).values(row).returning();
  if (!inserted) throw new Error('the strategy provider was not inserted');
  return inserted;
}

export async function findOpenProviderOfUser(db: Db, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(strategyProviders)
    .where(
      and(eq(strategyProviders.userId, userId), inArray(strategyProviders.status, ['invited', 'active'])),
    );
  return row;
}

/** The account's latest provider record (any status), for its invitation banner. */
export async function findLatestProviderOfUser(db: Db, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(strategyProviders)
    .where(eq(strategyProviders.userId, userId))
    .orderBy(desc(strategyProviders.createdAt))
    .limit(1);
  return row;
}

export async function lockProvider(tx: Db, id: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(strategyProviders).where(eq(strategyProviders.id, id)).for('update');
  return row;
}

/** Reads the provider and keeps it from changing (removal, terms) until the transaction ends. */
export async function lockProviderForShare(tx: Db, id: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(strategyProviders).where(eq(strategyProviders.id, id)).for('share');
  return row;
}

export async function lockInvitationOfUser(tx: Db, userId: string): Promise<ProviderRow | undefined> {
  const [row] = await tx
    .select()
    .from(strategyProviders)
    .where(and(eq(strategyProviders.userId, userId), eq(strategyProviders.status, 'invited')))
    .for('update');
  return row;
}

export async function updateProvider(tx: Db, id: string, change: Partial<NewProviderRow>): Promise<void> {
  await tx.update(strategyProviders).set(change).where(eq(strategyProviders.id, id));
}

export async function findProviderWithPeople(db: Db, id: string): Promise<ProviderWithPeople | undefined> {
  const [row] = await db
    .select(withPeople)
    .from(strategyProviders)
    .innerJoin(users, eq(users.id, strategyProviders.userId))
    .where(eq(strategyProviders.id, id));
  return row;
}

/** Providers of the given statuses, oldest first (the order cards were added). */
export function selectProviders(
  db: Db,
  statuses: readonly ProviderRow['status'][],
): Promise<ProviderWithPeople[]> {
  return db
    .select(withPeople)
    .from(strategyProviders)
    .innerJoin(users, eq(users.id, strategyProviders.userId))
    .where(inArray(strategyProviders.status, [...statuses]))
    .orderBy(asc(strategyProviders.createdAt), asc(strategyProviders.id));
}

export async function selectActiveProviderIdsOf(db: Db, followerUserId: string): Promise<Set<string>> {
  const rows = await db
    .select({ providerId: copyRelations.providerId })
    .from(copyRelations)
    .where(and(eq(copyRelations.followerUserId, followerUserId), eq(copyRelations.status, 'active')));
  return new Set(rows.map((row) => row.providerId));
}

export async function insertRelation(tx: Db, row: NewRelationRow): Promise<RelationRow> {
  const [inserted] = await tx.insert(copyRelations).values(row).returning();
  if (!inserted) throw new Error('the copy relation was not inserted');
  return inserted;
}

export async function findActiveRelation(
  db: Db,
  followerUserId: string,
  providerId: string,
): Promise<RelationRow | undefined> {
  const [row] = await db
    .select()
    .from(copyRelations)
    .where(
      and(
        eq(copyRelations.followerUserId, followerUserId),
        eq(copyRelations.providerId, providerId),
        eq(copyRelations.status, 'active'),
      ),
    );
  return row;
}

export async function lockActiveRelation(
  tx: Db,
  followerUserId: string,
  providerId: string,
): Promise<RelationRow | undefined> {
  const [row] = await tx
    .select()
    .from(copyRelations)
    .where(
      and(
        eq(copyRelations.followerUserId, followerUserId),
        eq(copyRelations.providerId, providerId),
        eq(copyRelations.status, 'active'),
      ),
    )
    .for('update');
  return row;
}

export async function endRelation(
  tx: Db,
  id: string,
  change: Pick<RelationRow, 'status' | 'endedAt' | 'endedBy' | 'endReason'>,
): Promise<RelationRow> {
  const [row] = await tx.update(copyRelations).set(change).where(eq(copyRelations.id, id)).returning();
  if (!row) throw new Error(`copy relation ${id} vanished`);
  return row;
}

/** Ends every active relation of a provider; answers the ended rows with their followers' mail. */
export async function stopRelationsOfProvider(
  tx: Db,
  providerId: string,
  change: Pick<RelationRow, 'status' | 'endedAt' | 'endedBy' | 'endReason'>,
): Promise<Array<{ relationId: string; userId: string; email: string; name: string }>> {
  const ended = await tx
    .update(copyRelations)
    .set(change)
    .where(and(eq(copyRelations.providerId, providerId), eq(copyRelations.status, 'active')))
    .returning({ relationId: copyRelations.id, userId: copyRelations.followerUserId });
  if (ended.length === 0) return [];
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(
        users.id,
        ended.map((row) => row.userId),
      ),
    );
  const byId = new Map(people.map((person) => [person.id, person]));
  return ended.map((row) => ({
    ...row,
    email: byId.get(row.userId)?.email ?? '',
    name: byId.get(row.userId)?.name ?? '',
  }));
}

/**
 * Locks the follower's active relations (an account close takes them before the account's ledger
 * accounts: the order a copy job takes them), and answers their ids.
 */
export async function lockActiveRelationsOfFollower(tx: Db, followerUserId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: copyRelations.id })
    .from(copyRelations)
    .where(and(eq(copyRelations.followerUserId, followerUserId), eq(copyRelations.status, 'active')))
    .orderBy(asc(copyRelations.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Ends every active relation of a follower; answers how many. */
export async function stopRelationsOfFollower(
  tx: Db,
  followerUserId: string,
  change: Pick<RelationRow, 'status' | 'endedAt' | 'endedBy' | 'endReason'>,
): Promise<number> {
  const ended = await tx
    .update(copyRelations)
    .set(change)
    .where(and(eq(copyRelations.followerUserId, followerUserId), eq(copyRelations.status, 'active')))
    .returning({ id: copyRelations.id });
  return ended.length;
}

export type RelationWithProvider = { relation: RelationRow; provider: ProviderRow };

export function selectRelationsOfFollower(
  db: Db,
  followerUserId: string,
  limit: number,
): Promise<RelationWithProvider[]> {
  return db
    .select({ relation: copyRelations, provider: strategyProviders })
    .from(copyRelations)
    .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
    .where(eq(copyRelations.followerUserId, followerUserId))
    .orderBy(desc(copyRelations.startedAt), desc(copyRelations.id))
    .limit(limit);
}

export async function findRelationWithProvider(db: Db, id: string): Promise<RelationWithProvider> {
  const [row] = await db
    .select({ relation: copyRelations, provider: strategyProviders })
    .from(copyRelations)
    .innerJoin(strategyProviders, eq(strategyProviders.id, copyRelations.providerId))
    .where(eq(copyRelations.id, id));
  if (!row) throw new Error(`copy relation ${id} vanished`);
  return row;
}

/** How many relations of the provider were active at each instant (started by then, not ended by then). */
export async function countFollowersAt(
  db: Db,
  providerId: string,
  instants: readonly Date[],
): Promise<number[]> {
  const rows = await db
    .select({ startedAt: copyRelations.startedAt, endedAt: copyRelations.endedAt })
    .from(copyRelations)
    .where(eq(copyRelations.providerId, providerId));
  return instants.map(
    (at) => rows.filter((row) => row.startedAt <= at && (row.endedAt === null || row.endedAt > at)).length,
  );
}
