import { randomUUID } from 'node:crypto';
import {
  chargeProfitShare,
  type HighWaterMark,
  INITIAL_HIGH_WATER_MARK,
} from '@candor/domain/copy/profit-share';
import { and, eq, inArray } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { copyHighWaterMarks } from '../../db/schema/copy-trading.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { spyOnStatements, textsOf } from '../../test/statements.ts';
import { assertLedgerConsistent, useTestApp } from '../../test/test-app.ts';
import { selectBalanceFigures } from '../ledger/ledger.repository.ts';
import { insertFollower, insertProvider } from './copy-test-helpers.ts';
import { type ClosedCopy, settleCopiedTrades } from './settle-copied-trades.ts';

/**
 * A copy-close job settles its copies' high-water marks together (decision 032): the marks, the
 * profit shares and the unpaid fees come out as if every copy had settled on its own, in order.
 */
const t = useTestApp();

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

const PROFIT_SHARE_BPS = 2000; // copy-test-helpers' relations

type Follower = Awaited<ReturnType<typeof insertFollower>>;

const copy = (of: Follower, resultMinor: bigint): ClosedCopy => ({
  id: randomUUID(),
  userId: of.user.id,
  copyRelationId: of.relationId,
  resultMinor,
});

async function markOf(followerUserId: string) {
  const [row] = await t.db
    .select()
    .from(copyHighWaterMarks)
    .where(eq(copyHighWaterMarks.followerUserId, followerUserId));
  return row && { cumulative: row.cumulativeMinor, peak: row.peakMinor, unpaid: row.unpaidFeeMinor };
}

async function feesPaidBy(userId: string) {
  const rows = await t.db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'profit_share'), inArray(journalEntries.userId, [userId])));
  return rows.length;
}

test('copies settled together move each mark, pay each fee and keep each unpaid one as one by one', async () => {
  const provider = await insertProvider(t, 0n);
  // Two alike pairs of followers: one pair's copies settle in one call, the other's one call each.
  // The second follower's cash (2.50) covers one 2.00 fee, not two.
  const pair = async () => ({
    rich: await insertFollower(t, 10_000n, provider, null),
    poor: await insertFollower(t, 250n, provider, null),
  });
  const together = await pair();
  const apart = await pair();
  const results = (of: { rich: Follower; poor: Follower }) => [
    copy(of.rich, 1_000n),
    copy(of.poor, 1_000n),
    copy(of.rich, -500n),
    copy(of.rich, 800n),
    copy(of.poor, -2_000n),
    copy(of.poor, 3_000n),
  ];
  const now = new Date();
  await t.db.transaction((tx) => settleCopiedTrades(tx, results(together), now));
  for (const one of results(apart)) await t.db.transaction((tx) => settleCopiedTrades(tx, [one], now));

  // What the domain says, copy by copy: rich +1,000 (fee 200), −500, +800 (fee 60 on the 300
  // above the peak); poor +1,000 (fee 200, paid), −2,000, +3,000 (fee 200 on the 1,000 above the
  // peak: the 50 left cannot pay it, so it stays unpaid on the mark).
  const expected = (resultsOf: bigint[]) =>
    resultsOf.reduce<HighWaterMark>(
      (mark, result) => chargeProfitShare(mark, result, PROFIT_SHARE_BPS).mark,
      INITIAL_HIGH_WATER_MARK,
    );
  expect(expected([1_000n, -500n, 800n])).toEqual({ cumulativeCents: 1_300n, peakCents: 1_300n });
  expect(expected([1_000n, -2_000n, 3_000n])).toEqual({ cumulativeCents: 2_000n, peakCents: 2_000n });
  for (const of of [together, apart]) {
    expect(await markOf(of.rich.user.id)).toEqual({ cumulative: 1_300n, peak: 1_300n, unpaid: 0n });
    expect(await markOf(of.poor.user.id)).toEqual({ cumulative: 2_000n, peak: 2_000n, unpaid: 200n });
    expect((await selectBalanceFigures(t.db, of.rich.user.id)).available).toBe(10_000n - 260n);
    expect((await selectBalanceFigures(t.db, of.poor.user.id)).available).toBe(50n);
    expect(await feesPaidBy(of.rich.user.id)).toBe(2);
    expect(await feesPaidBy(of.poor.user.id)).toBe(1);
  }
  expect((await selectBalanceFigures(t.db, provider.user.id)).available).toBe(2n * (260n + 200n));
});

test('a batch of copies settles in a few statements, however many copies it holds', async () => {
  const provider = await insertProvider(t, 0n);
  const followers: Follower[] = [];
  for (let n = 0; n < 12; n++) followers.push(await insertFollower(t, 10_000n, provider, null));
  const copies = followers.flatMap((of, n) => [copy(of, BigInt(100 * (n + 1))), copy(of, -50n)]);
  await t.db.transaction(async (tx) => {
    const sent = spyOnStatements(tx);
    await settleCopiedTrades(tx, copies, new Date());
    // The relations, the marks created, the marks locked, the fees posted, the marks written.
    expect(textsOf(sent).length).toBeLessThanOrEqual(5);
    sent.mockRestore();
  });
  for (const [n, of] of followers.entries()) {
    const gain = BigInt(100 * (n + 1));
    expect(await markOf(of.user.id)).toEqual({ cumulative: gain - 50n, peak: gain, unpaid: 0n });
    expect((await selectBalanceFigures(t.db, of.user.id)).available).toBe(10_000n - gain / 5n);
  }
});

test('copies without a relation or a result settle nothing', async () => {
  await t.db.transaction(async (tx) => {
    const sent = spyOnStatements(tx);
    await settleCopiedTrades(
      tx,
      [{ id: randomUUID(), userId: 'nobody', copyRelationId: null, resultMinor: 100n }],
      new Date(),
    );
    expect(textsOf(sent)).toEqual([]);
    sent.mockRestore();
  });
});
