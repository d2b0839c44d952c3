import { chargeProfitShare } from '@candor/domain/copy/profit-share';
import { type EntryDraft, profitShareEntry } from '@candor/domain/ledger/entries';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { copyRelations } from '../../db/schema/copy-trading.ts';
import { trades } from '../../db/schema/trades.ts';
import { selectRows } from '../../db/select-rows.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { enqueueJobs } from '../../lib/jobs/job-queue.ts';
import { postEntries, selectBalanceFigures } from '../ledger/ledger.repository.ts';

/**
 * The copy fan-out's side in the trades services (issue 14): jobs added in the provider's own
 * transaction (so a rolled-back trade copies nothing, and a committed one is copied even after a
 * crash), and the high-water mark of a follower's copy when it closes. The handlers are in
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
 * After a trade closed (any way): when followers hold open copies of it, adds `copy.close` jobs in
 * the same transaction. Relations cancelled after the copy opened are included: the copy closes
 * with the provider's trade whatever became of the relation.
 */
export async function enqueueCopyCloses(tx: Db, providerTradeId: string): Promise<void> {
  const rows = await tx
    .select({ relationId: trades.copyRelationId })
    .from(trades)
    .where(and(eq(trades.copiedFromTradeId, providerTradeId), eq(trades.status, 'open')))
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

/** A follower's copy as it closed: the trade, its follower, its relation and its result. */
export type ClosedCopy = {
  id: string;
  userId: string;
  copyRelationId: string | null;
  resultMinor: bigint | null;
};

/** What a relation's copies are charged: the provider, the percent the follower started with. */
type CopyTerms = { relationId: string; providerUserId: string; profitShareBps: number; providerName: string };

/** A high-water mark's key: one follower with one provider. */
const markKey = (followerUserId: string, providerUserId: string) =>
  JSON.stringify([followerUserId, providerUserId]);

/**
 * Followers' copies closed with their results (by the provider's close, the follower, an
 * administrator or the stop-out), in the order they closed: each result moves its follower's
 * high-water mark with that provider, and a rise above the peak charges the relation's profit
 * share, from the follower's cash to the provider's cash, in this transaction. A fee the follower's
 * cash cannot cover (not expected: it follows a larger profit) is kept as unpaid on the mark and not
 * collected later.
 *
 * Set-based, whatever the number of copies (a copy-close job settles 500): the relations read in
 * one statement, the missing marks created in one, all the marks locked in one (in key order, as
 * every settlement takes them), the fees posted together, the marks written in one. The marks move
 * copy by copy in the given order, so two copies of one follower and provider settle as they would
 * one after the other. Should a follower's cash not cover their fees, the fees are posted one by one
 * in that order instead, and each refused one is kept as unpaid, exactly as when every copy settled
 * on its own.
 */
export async function settleCopiedTrades(tx: Db, copies: readonly ClosedCopy[], now: Date): Promise<void> {
  const settling = copies.flatMap((copy) =>
    copy.copyRelationId === null || copy.resultMinor === null
      ? []
      : [
          {
            id: copy.id,
            userId: copy.userId,
            relationId: copy.copyRelationId,
            resultMinor: copy.resultMinor,
          },
        ],
  );
  if (settling.length === 0) return;
  const terms = await selectCopyTerms(tx, [...new Set(settling.map((copy) => copy.relationId))]);
  const pairs = new Map<string, { followerUserId: string; providerUserId: string }>();
  for (const copy of settling) {
    const relation = terms.get(copy.relationId);
    if (!relation) throw new Error('a copied trade has its copy relation');
    const followerUserId = copy.userId;
    pairs.set(markKey(followerUserId, relation.providerUserId), {
      followerUserId,
      providerUserId: relation.providerUserId,
    });
  }
  const marks = await lockHighWaterMarks(tx, [...pairs.values()], now);

  const fees: Array<{ key: string; fee: bigint; entry: EntryDraft }> = [];
  for (const copy of settling) {
    const relation = terms.get(copy.relationId) as CopyTerms;
    const key = markKey(copy.userId, relation.providerUserId);
    const mark = marks.get(key);
    if (!mark) throw new Error('the high-water mark was not stored');
    const charged = chargeProfitShare(mark, copy.resultMinor, relation.profitShareBps);
    marks.set(key, { ...mark, ...charged.mark });
    if (charged.feeCents === 0n) continue;
    fees.push({
      key,
      fee: charged.feeCents,
      entry: profitShareEntry({
        followerId: copy.userId,
        providerId: relation.providerUserId,
        amount: charged.feeCents,
        tradeId: copy.id,
        providerName: relation.providerName,
      }),
    });
  }
  if (fees.length > 0) {
    const posted = await postEntries(
      tx,
      fees.map(({ entry }) => entry),
      SYSTEM_ACTOR,
    );
    if (!posted.ok) {
      for (const { key, fee, entry } of fees) {
        if ((await postEntries(tx, [entry], SYSTEM_ACTOR)).ok) continue;
        const mark = marks.get(key) as LockedMark;
        marks.set(key, { ...mark, unpaidFeeCents: mark.unpaidFeeCents + fee });
      }
    }
  }
  await writeHighWaterMarks(tx, [...marks.values()], now);
}

/** The terms of these relations, by relation id (one statement). */
async function selectCopyTerms(tx: Db, relationIds: readonly string[]): Promise<Map<string, CopyTerms>> {
  const rows = await selectRows<CopyTerms>(
    tx,
    sql`select r.id::text as "relationId", r.provider_user_id as "providerUserId",
               r.profit_share_bps as "profitShareBps", p.display_name as "providerName"
          from copy_relations r join strategy_providers p on p.id = r.provider_id
         where ${among(sql`r.id`, relationIds, 'uuid')}`,
  );
  return new Map(rows.map((row) => [row.relationId, row]));
}

/** A high-water mark as locked, with the unpaid fees this settlement adds to it. */
type LockedMark = {
  followerUserId: string;
  providerUserId: string;
  cumulativeCents: bigint;
  peakCents: bigint;
  unpaidFeeCents: bigint;
};

/**
 * The marks of these follower–provider pairs, created at 0 where missing (one statement), then
 * locked for this transaction (another: it sees marks another transaction created meanwhile), in
 * key order, by key.
 */
async function lockHighWaterMarks(
  tx: Db,
  pairs: ReadonlyArray<{ followerUserId: string; providerUserId: string }>,
  now: Date,
): Promise<Map<string, LockedMark>> {
  const followers = JSON.stringify(pairs.map((pair) => pair.followerUserId));
  const providers = JSON.stringify(pairs.map((pair) => pair.providerUserId));
  const keys = sql`unnest(array(select jsonb_array_elements_text(${followers}::jsonb)),
                          array(select jsonb_array_elements_text(${providers}::jsonb))) as k(follower, provider)`;
  await selectRows(
    tx,
    sql`insert into copy_high_water_marks (follower_user_id, provider_user_id, updated_at)
        select k.follower, k.provider, ${now.toISOString()}::timestamptz from ${keys}
            on conflict do nothing`,
  );
  const rows = await selectRows<{ follower: string; provider: string; cumulative: string; peak: string }>(
    tx,
    sql`select m.follower_user_id as follower, m.provider_user_id as provider,
               m.cumulative_minor::text as cumulative, m.peak_minor::text as peak
          from copy_high_water_marks m join ${keys}
            on m.follower_user_id = k.follower and m.provider_user_id = k.provider
         order by m.follower_user_id, m.provider_user_id
           for update of m`,
  );
  return new Map(
    rows.map((row) => [
      markKey(row.follower, row.provider),
      {
        followerUserId: row.follower,
        providerUserId: row.provider,
        cumulativeCents: BigInt(row.cumulative),
        peakCents: BigInt(row.peak),
        unpaidFeeCents: 0n,
      },
    ]),
  );
}

/** The marks' new cumulative results and peaks, and the fees left unpaid added (one statement). */
async function writeHighWaterMarks(tx: Db, marks: readonly LockedMark[], now: Date): Promise<void> {
  const column = (pick: (mark: LockedMark) => string) => JSON.stringify(marks.map(pick));
  const written = await selectRows<{ n: string }>(
    tx,
    sql`with written as (
          update copy_high_water_marks m
             set cumulative_minor = v.cumulative::bigint, peak_minor = v.peak::bigint,
                 unpaid_fee_minor = m.unpaid_fee_minor + v.unpaid::bigint,
                 updated_at = ${now.toISOString()}::timestamptz
            from unnest(array(select jsonb_array_elements_text(${column((mark) => mark.followerUserId)}::jsonb)),
                        array(select jsonb_array_elements_text(${column((mark) => mark.providerUserId)}::jsonb)),
                        array(select jsonb_array_elements_text(${column((mark) => mark.cumulativeCents.toString())}::jsonb)),
                        array(select jsonb_array_elements_text(${column((mark) => mark.peakCents.toString())}::jsonb)),
                        array(select jsonb_array_elements_text(${column((mark) => mark.unpaidFeeCents.toString())}::jsonb)))
                 as v(follower, provider, cumulative, peak, unpaid)
           where m.follower_user_id = v.follower and m.provider_user_id = v.provider
          returning 1
        )
        select count(*)::text as n from written`,
  );
  if (Number(written[0]?.n) !== marks.length) throw new Error('a high-water mark was not written');
}
