import { chargeProfitShare } from '@candor/domain/copy/profit-share';
import { type EntryDraft, profitShareEntry } from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import { among } from '../../db/among.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import { selectRows } from '../../db/select-rows.ts';
import { SYSTEM_ACTOR } from '../../lib/actor.ts';
import { postEntries } from '../ledger/ledger.repository.ts';

/**
 * A follower's copy, once closed, counts toward their high-water mark with its provider and may owe
 * the provider a profit share (issue 14; decision 032). Every close of a copy settles here, whoever
 * closed it. This file imports nothing of the trades module (no import cycle).
 */

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
  const closed = copies.flatMap(({ id, userId, copyRelationId, resultMinor }) =>
    copyRelationId === null || resultMinor === null
      ? []
      : [{ id, userId, relationId: copyRelationId, resultMinor }],
  );
  if (closed.length === 0) return;
  const terms = await selectCopyTerms(tx, [...new Set(closed.map((copy) => copy.relationId))]);
  const settling = closed.map((copy) => {
    const relation = terms.get(copy.relationId);
    if (!relation) throw new Error('a copied trade has its copy relation');
    return { ...copy, relation, key: markKey(copy.userId, relation.providerUserId) };
  });
  const pairs = new Map(
    settling.map(({ userId, relation, key }) => [
      key,
      { followerUserId: userId, providerUserId: relation.providerUserId },
    ]),
  );
  const marks = await lockHighWaterMarks(tx, [...pairs.values()], now);

  const fees: Array<{ key: string; fee: bigint; entry: EntryDraft }> = [];
  for (const { id, userId, relation, resultMinor, key } of settling) {
    const mark = marks.get(key);
    if (!mark) throw new Error('the high-water mark was not stored');
    const charged = chargeProfitShare(mark, resultMinor, relation.profitShareBps);
    marks.set(key, { ...mark, ...charged.mark });
    if (charged.feeCents === 0n) continue;
    fees.push({
      key,
      fee: charged.feeCents,
      entry: profitShareEntry({
        followerId: userId,
        providerId: relation.providerUserId,
        amount: charged.feeCents,
        tradeId: id,
        providerName: relation.providerName,
        profitShareBps: relation.profitShareBps,
        riseCents: charged.riseCents,
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
  const keys = rowsOf('k', {
    follower: pairs.map((pair) => pair.followerUserId),
    provider: pairs.map((pair) => pair.providerUserId),
  });
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
  const values = rowsOf('v', {
    follower: marks.map((mark) => mark.followerUserId),
    provider: marks.map((mark) => mark.providerUserId),
    cumulative: marks.map((mark) => mark.cumulativeCents.toString()),
    peak: marks.map((mark) => mark.peakCents.toString()),
    unpaid: marks.map((mark) => mark.unpaidFeeCents.toString()),
  });
  const written = await selectRows<{ n: string }>(
    tx,
    sql`with written as (
          update copy_high_water_marks m
             set cumulative_minor = v.cumulative::bigint, peak_minor = v.peak::bigint,
                 unpaid_fee_minor = m.unpaid_fee_minor + v.unpaid::bigint,
                 updated_at = ${now.toISOString()}::timestamptz
            from ${values}
           where m.follower_user_id = v.follower and m.provider_user_id = v.provider
          returning 1
        )
        select count(*)::text as n from written`,
  );
  if (Number(written[0]?.n) !== marks.length) throw new Error('a high-water mark was not written');
}
