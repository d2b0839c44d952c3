import { chargeProfitShare, INITIAL_HIGH_WATER_MARK } from '@candor/domain/copy/profit-share';
import { formatUsd } from '@candor/domain/money/money';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { copyHighWaterMarks, skippedCopies } from '../../db/schema/copy-trading.ts';
import { journalEntries } from '../../db/schema/ledger.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { trades } from '../../db/schema/trades.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { closeTradeRequest, placeTradeRequest, useFixedQuotes } from '../trades/trade-test-helpers.ts';
import { insertFollower, insertProvider } from './copy-test-helpers.ts';

const t = useTestApp();
const admin = useSignedInUser(t, { role: 'admin' });
const quotes = useFixedQuotes(t, { BTCUSD: '60000.00' });

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

/** An active provider (profit share 20 %) with `cash` cents (copy-test-helpers). */
const provider = (cash: bigint) => insertProvider(t, cash);
/** A customer with `cash` cents copying the provider, without a copy stop-loss. */
const follower = (cash: bigint, of: { providerId: string; user: { id: string } }) =>
  insertFollower(t, cash, of, null);

async function open(browser: Browser, amount = '100.00', lotSize = '1'): Promise<string> {
  const res = await placeTradeRequest(browser, { symbol: 'BTCUSD', direction: 'buy', amount, lotSize });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function close(browser: Browser, id: string): Promise<void> {
  const res = await closeTradeRequest(browser, id);
  expect(res.statusCode, res.body).toBe(200);
}

function copiesOf(providerTradeId: string) {
  return t.db.select().from(trades).where(eq(trades.copiedFromTradeId, providerTradeId));
}

async function profitShares(userId: string) {
  return t.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'profit_share'), eq(journalEntries.userId, userId)));
}

describe('copy fan-out', () => {
  test('a provider trade is copied once per active follower, equity to equity, rounded down', async () => {
    const trader = await provider(300_000n);
    const a = await follower(100_000n, trader);
    const b = await follower(55_555n, trader);
    const tradeId = await open(trader.browser, '100.00', '2');
    expect(await copiesOf(tradeId)).toHaveLength(0);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const copies = await copiesOf(tradeId);
    expect(copies).toHaveLength(2);
    const byUser = new Map(copies.map((row) => [row.userId, row]));
    // $100 × 1,000 ÷ 3,000 = $33.33…; $100 × 555.55 ÷ 3,000 = $18.518…
    expect(byUser.get(a.user.id)).toMatchObject({ amountMinor: 3_333n, lotHundredths: 200, status: 'open' });
    expect(byUser.get(b.user.id)).toMatchObject({ amountMinor: 1_851n, copyRelationId: b.relationId });
  });

  test('re-running an open job makes no second copy', async () => {
    const trader = await provider(100_000n);
    const a = await follower(100_000n, trader);
    const tradeId = await open(trader.browser);
    await t.app.jobs.drain();
    // The same job delivered again (at-least-once).
    await t.db.transaction(async (tx) => {
      const { enqueueJob } = await import('../../lib/jobs/job-queue.ts');
      await enqueueJob(tx, {
        kind: 'copy.open',
        payload: { providerTradeId: tradeId, providerEquityCents: '100000', relationIds: [a.relationId] },
      });
    });
    await t.app.jobs.drain();
    expect(await copiesOf(tradeId)).toHaveLength(1);
  });

  test('a follower without enough cash gets one skipped record and one mail', async () => {
    const trader = await provider(100_000n);
    const poor = await follower(20_000n, trader);
    // Most of the follower's cash is in an open trade of their own: equity stays, cash is short.
    await open(poor.browser, '190.00');
    const tradeId = await open(trader.browser, '500.00');
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(await copiesOf(tradeId)).toHaveLength(0);
    const skipped = await t.db.select().from(skippedCopies).where(eq(skippedCopies.providerTradeId, tradeId));
    expect(skipped).toMatchObject([{ reasonCode: 'NOT_ENOUGH_CASH', copyRelationId: poor.relationId }]);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, poor.user.email)));
    const skipMails = mails.filter((mail) => mail.subject.endsWith('a copied trade was skipped'));
    expect(skipMails).toHaveLength(1);
    expect(skipMails[0]?.textBody).toContain(
      'Copy skipped: The copy needs $100.00 but your available balance is $10.00.',
    );
  });

  test('the provider closes: the copies close; a rise above the peak pays the profit share', async () => {
    const trader = await provider(100_000n);
    const fan = await follower(100_000n, trader);
    let mark = INITIAL_HIGH_WATER_MARK;

    // A loss first: no profit share.
    const first = await open(trader.browser);
    await t.app.jobs.drain();
    quotes.set('BTCUSD', '57000.00');
    await close(trader.browser, first);
    await t.app.jobs.drain();
    const [lost] = await copiesOf(first);
    expect(lost).toMatchObject({ status: 'closed', closedBy: 'copy' });
    expect(lost?.resultMinor).toBeLessThan(0n);
    mark = chargeProfitShare(mark, lost?.resultMinor ?? 0n, 2000).mark;
    expect(await profitShares(fan.user.id)).toHaveLength(0);

    // A win that only recovers part of the loss: nothing yet.
    const second = await open(trader.browser);
    await t.app.jobs.drain();
    quotes.set('BTCUSD', '58500.00');
    await close(trader.browser, second);
    await t.app.jobs.drain();
    const [partial] = await copiesOf(second);
    expect(partial?.resultMinor).toBeGreaterThan(0n);
    const afterPartial = chargeProfitShare(mark, partial?.resultMinor ?? 0n, 2000);
    expect(afterPartial.feeCents).toBe(0n);
    mark = afterPartial.mark;
    expect(await profitShares(fan.user.id)).toHaveLength(0);

    // A big win above the peak: 20 % of the rise above it.
    const third = await open(trader.browser);
    await t.app.jobs.drain();
    quotes.set('BTCUSD', '66000.00');
    await close(trader.browser, third);
    await t.app.jobs.drain();
    const [won] = await copiesOf(third);
    const charged = chargeProfitShare(mark, won?.resultMinor ?? 0n, 2000);
    expect(charged.feeCents).toBeGreaterThan(0n);
    const [hwm] = await t.db
      .select()
      .from(copyHighWaterMarks)
      .where(eq(copyHighWaterMarks.followerUserId, fan.user.id));
    expect(hwm).toMatchObject({
      cumulativeMinor: charged.mark.cumulativeCents,
      peakMinor: charged.mark.peakCents,
    });
    expect(await profitShares(fan.user.id)).toHaveLength(1);

    type Line = { kind: string; description: string; copiedFromProvider: string | null };
    const statementOf = async (browser: Browser): Promise<Line[]> => {
      const res = await browser.request({ method: 'GET', url: '/api/me/statement' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ items: Line[] }>().items;
    };
    // The follower's copy lines (margins, results, the profit share) name the provider; the
    // provider's own trades and the share they received are not copies of anyone.
    const followerLines = await statementOf(fan.browser);
    const copyLines = followerLines.filter((line) => line.kind !== 'deposit' && line.kind !== 'adjustment');
    expect(copyLines.map((line) => line.kind)).toContain('profit_share');
    // The follower's line says how the fee was computed: the rate, and the rise above their previous best.
    expect(charged.riseCents).toBe(charged.mark.peakCents - mark.peakCents);
    expect(copyLines.find((line) => line.kind === 'profit_share')?.description).toBe(
      `Profit share: 20% of ${formatUsd(charged.riseCents)} above your previous best on copies of Aurora FX`,
    );
    expect(copyLines.filter((line) => line.kind === 'trade_result')).toHaveLength(3);
    expect(copyLines.every((line) => line.copiedFromProvider === 'Aurora FX')).toBe(true);
    expect(followerLines.length).toBeGreaterThan(copyLines.length);
    const providerLines = await statementOf(trader.browser);
    // The provider's side reads as income from a follower's copy, never naming the follower.
    expect(providerLines.find((line) => line.kind === 'profit_share')?.description).toBe(
      `Profit share received: 20% of a follower's ${formatUsd(charged.riseCents)} rise on a copy of your trade`,
    );
    expect(providerLines.every((line) => line.copiedFromProvider === null)).toBe(true);
  });

  test('a follower closing a copy themselves counts toward the mark', async () => {
    const trader = await provider(100_000n);
    const fan = await follower(100_000n, trader);
    const tradeId = await open(trader.browser);
    await t.app.jobs.drain();
    const [copy] = await copiesOf(tradeId);
    quotes.set('BTCUSD', '66000.00');
    await close(fan.browser, copy?.id ?? '');
    await close(trader.browser, tradeId);
    await t.app.jobs.drain();
    const [closed] = await copiesOf(tradeId);
    expect(closed?.closedBy).toBe('customer');
    expect(await profitShares(fan.user.id)).toHaveLength(1);
  });

  test('a cancelled relation gets no new copies, and its open copy stays open for the follower when the provider closes', async () => {
    const trader = await provider(100_000n);
    const fan = await follower(100_000n, trader);
    const first = await open(trader.browser);
    await t.app.jobs.drain();
    const cancelled = await fan.browser.post(`/api/strategy-providers/${trader.providerId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const second = await open(trader.browser);
    await t.app.jobs.drain();
    expect(await copiesOf(second)).toHaveLength(0);
    await close(trader.browser, first);
    await t.app.jobs.drain();
    // PRODUCT.md §2: "Cancel stops future copies; open copied trades stay open for the follower."
    const [kept] = await copiesOf(first);
    expect(kept?.status).toBe('open');
    await close(fan.browser, kept?.id ?? '');
    expect((await copiesOf(first)).map((row) => [row.status, row.closedBy])).toEqual([
      ['closed', 'customer'],
    ]);
  });

  test('a deleted provider: no new copies', async () => {
    const trader = await provider(100_000n);
    await follower(100_000n, trader);
    const removed = await admin.browser.request({
      method: 'DELETE',
      url: `/api/admin/strategy-providers/${trader.providerId}`,
      payload: { reason: 'Stopped trading' },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const tradeId = await open(trader.browser);
    await t.app.jobs.drain();
    expect(await copiesOf(tradeId)).toHaveLength(0);
  });

  test('a rolled-back provider trade copies nothing', async () => {
    const trader = await provider(5_000n);
    const fan = await follower(100_000n, trader);
    // More than the provider's cash: refused, its transaction rolled back.
    const res = await placeTradeRequest(trader.browser, {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100.00',
      lotSize: '1',
    });
    expect(res.statusCode).toBe(422);
    expect(await t.app.jobs.drain()).toBe(0);
    expect(await t.db.select().from(trades).where(eq(trades.userId, fan.user.id))).toHaveLength(0);
  });
});
