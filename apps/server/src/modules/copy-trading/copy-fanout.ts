import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import { enqueueJobs } from '../../lib/jobs/job-queue.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';

/**
 * The copy fan-out's side in the trades services (issue 14): jobs added in the provider's own
 * transaction (so a rolled-back trade copies nothing, and a committed one is copied even after a
 * crash). A closed copy's high-water mark is settled in settle-copied-trades.ts. The handlers are in
 * copy-jobs.ts. This file imports nothing of the trades module (no import cycle).
 */

export const COPY_OPEN_JOB = 'copy.open';
export const COPY_CLOSE_JOB = 'copy.close';
/** Checks one relation's copy stop-loss after one of its copies closed (copy-stop-loss.ts). */
export const COPY_STOP_LOSS_JOB = 'copy.stop-loss';

/**
 * Relations per job: one job copies for up to this many followers in one transaction, set-based
 * (docs/decisions/032: 500 costs less CPU per copy than 100, and 10,000 followers still make 20
 * jobs for the worker's handlers to share).
 */
export const COPY_BATCH_SIZE = 500;

export type CopyOpenPayload = {
  providerTradeId: string;
  /** The provider's equity (cash + reserved, cents) when their trade opened, as a decimal string. */
  providerEquityCents: string;
  relationIds: string[];
};
export type CopyClosePayload = { providerTradeId: string; relationIds: string[] };
export type CopyStopLossPayload = { relationId: string };

function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * After an account's trade opened: when the account is an active strategy provider with active
 * followers, adds `copy.open` jobs (COPY_BATCH_SIZE relations each) in the same transaction.
 */
export async function enqueueCopyOpens(tx: Db, trade: { id: string; userId: string }): Promise<void> {
  await enqueueCopyOpensOfMany(tx, [trade]);
}

/** Active copy relations of active providers, with the provider's user (`findCopyRelationsOfProviders`). */
export type ProviderRelation = { id: string; providerUserId: string };

/**
 * The active copy relations of those among `userIds` who are active strategy providers, in one
 * query of a text built once. A batch of opens reads them beside its locks (decision 041).
 */
export function findCopyRelationsOfProviders(
  tx: Db,
  userIds: readonly string[],
): Promise<ProviderRelation[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return selectRows<ProviderRelation>(
    tx,
    sql`select r.id::text as "id", p.user_id as "providerUserId"
          from copy_relations r join strategy_providers p on p.id = r.provider_id
         where ${among(sql`p.user_id`, [...new Set(userIds)])} and p.status = 'active' and r.status = 'active'
         order by r.id`,
  );
}

/**
 * `enqueueCopyOpens` of trades opened together (decision 041): the accounts' followers are looked
 * up in one query (or given, read beside the batch's locks); only the trades of active providers
 * with followers cost more.
 */
export async function enqueueCopyOpensOfMany(
  tx: Db,
  opened: ReadonlyArray<{ id: string; userId: string }>,
  relations?: readonly ProviderRelation[],
): Promise<void> {
  if (opened.length === 0) return;
  const rows =
    relations ??
    (await findCopyRelationsOfProviders(
      tx,
      opened.map((trade) => trade.userId),
    ));
  if (rows.length === 0) return;
  for (const trade of opened) {
    const relationIds = rows.filter((row) => row.providerUserId === trade.userId).map((row) => row.id);
    if (relationIds.length === 0) continue;
    // Equity = cash + reserved: the trade's margin moved cash to reserved, so this is the equity
    // before it opened (unrealised results of open trades are not counted).
    const { available, reserved } = await selectBalanceFigures(tx, trade.userId);
    const providerEquityCents = (available + reserved).toString();
    await enqueueJobs(
      tx,
      COPY_OPEN_JOB,
      batches(relationIds, COPY_BATCH_SIZE).map((ids) => ({
        payload: {
          providerTradeId: trade.id,
          providerEquityCents,
          relationIds: ids,
        } satisfies CopyOpenPayload,
      })),
    );
  }
}

/**
 * A follower started copying and asked to copy the provider's positions already open: one
 * `copy.open` job per open trade of the provider, for this relation only, in the relation's own
 * transaction, with the provider's equity now. The copy job opens each at the market price of its
 * moment (today's price, not the provider's). Answers how many jobs were added.
 */
export async function enqueueOpenPositionCopies(
  tx: Db,
  relation: { id: string; providerUserId: string },
): Promise<number> {
  const open = await tx
    .select({ id: trades.id })
    .from(trades)
    .where(
      and(
        eq(trades.userId, relation.providerUserId),
        eq(trades.status, 'open'),
        eq(trades.bookedByDesk, false),
      ),
    )
    .orderBy(trades.openedAt, trades.id);
  if (open.length === 0) return 0;
  const { available, reserved } = await selectBalanceFigures(tx, relation.providerUserId);
  const providerEquityCents = (available + reserved).toString();
  await enqueueJobs(
    tx,
    COPY_OPEN_JOB,
    open.map((trade) => ({
      payload: {
        providerTradeId: trade.id,
        providerEquityCents,
        relationIds: [relation.id],
      } satisfies CopyOpenPayload,
    })),
  );
  return open.length;
}

/**
 * After copies of these relations closed (any way): for each relation that is active and has a copy
 * stop-loss, adds a `copy.stop-loss` job in the same transaction (one query and one insert for the
 * lot). The job locks the relation before any of its copies (the order the stop-loss takes them),
 * which a close holding a copy's lock cannot do without risking a deadlock.
 */
export async function enqueueCopyStopLossChecks(tx: Db, relationIds: readonly string[]): Promise<void> {
  if (relationIds.length === 0) return;
  const watched = await tx
    .selectDistinct({ id: copyRelations.id })
    .from(copyRelations)
    .where(
      and(
        inArray(copyRelations.id, [...relationIds]),
        eq(copyRelations.status, 'active'),
        isNotNull(copyRelations.copyStopLossMinor),
      ),
    )
    .orderBy(copyRelations.id);
  if (watched.length === 0) return;
  await enqueueJobs(
    tx,
    COPY_STOP_LOSS_JOB,
    watched.map(({ id }) => ({
      payload: { relationId: id } satisfies CopyStopLossPayload,
      key: `copy-stop-loss:${id}`,
    })),
  );
}

/**
 * After a trade closed (any way): when followers still copying it hold open copies of it, adds
 * `copy.close` jobs in the same transaction. A relation that stopped (cancelled by the follower,
 * the provider deleted, its copy stop-loss reached) is left out: its open copies stayed open for
 * the follower to close (PRODUCT.md §2 Copy Expert), they no longer follow the provider.
 */
export async function enqueueCopyCloses(tx: Db, providerTradeId: string): Promise<void> {
  const rows = await tx
    .select({ relationId: trades.copyRelationId })
    .from(trades)
    .innerJoin(copyRelations, eq(copyRelations.id, trades.copyRelationId))
    .where(
      and(
        eq(trades.copiedFromTradeId, providerTradeId),
        eq(trades.status, 'open'),
        eq(copyRelations.status, 'active'),
      ),
    )
    .orderBy(trades.copyRelationId);
  const relationIds = rows.flatMap((row) => (row.relationId === null ? [] : [row.relationId]));
  if (relationIds.length === 0) return;
  await enqueueJobs(
    tx,
    COPY_CLOSE_JOB,
    batches(relationIds, COPY_BATCH_SIZE).map((ids) => ({
      payload: { providerTradeId, relationIds: ids } satisfies CopyClosePayload,
    })),
  );
}
