import { formatDecimal, formatUsd } from '@candor/domain/money/money';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { copyRelations, skippedCopies } from '../../db/schema/copy-trading.ts';
import { enqueueJob } from '../../lib/jobs/job-queue.ts';
import { useSignedInUser } from '../../test/factories.ts';
import { assertLedgerConsistent, useTestApp } from '../../test/test-app.ts';
import { closeTradeRequest, useFixedQuotes } from '../trades/trade-test-helpers.ts';
import { COPY_STOP_LOSS_JOB } from './copy-fanout.ts';
import {
  findRelation,
  insertFollower,
  insertProvider,
  mailsTo,
  openBuy,
  type Person,
  selectCopiesOfRelation,
} from './copy-test-helpers.ts';

const t = useTestApp();
useSignedInUser(t, { role: 'admin' });
const quotes = useFixedQuotes(t, { BTCUSD: '60000.00', ETHUSD: '3000.00' });

afterEach(async () => {
  await assertLedgerConsistent(t.db);
});

const SUBJECT = 'copy stop-loss reached';

/** The follower stops copying (so later tests' checks do not find this relation). */
async function cancel(fan: Person, providerId: string) {
  const res = await fan.browser.post(`/api/strategy-providers/${providerId}/cancel`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().relation as Record<string, unknown>;
}

/** A provider with $1,000 and a follower with $1,000 and a copy stop-loss of $40; the provider buys $100 of BTCUSD, copied. */
async function copiedBuy() {
  const trader = await insertProvider(t, 100_000n);
  const fan = await insertFollower(t, 100_000n, trader, 4_000n);
  const tradeId = await openBuy(trader.browser);
  await t.app.jobs.drain();
  const copies = await selectCopiesOfRelation(t, fan.relationId);
  expect(copies).toMatchObject([{ status: 'open', amountMinor: 10_000n }]);
  return { trader, fan, tradeId };
}

async function myRelations(fan: Person) {
  const res = await fan.browser.request({ method: 'GET', url: '/api/copy-relations/mine' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<Record<string, unknown>>;
}

describe('copy stop-loss', () => {
  test('a price move that makes the copies lose the limit closes them, stops copying and mails once', async () => {
    const { trader, fan } = await copiedBuy();
    quotes.set('BTCUSD', '57000.00');
    expect(await t.app.copyStopLoss.check(['BTCUSD'])).toBe(0);
    const [before] = await myRelations(fan);
    expect(before).toMatchObject({ status: 'active', copyStopLoss: '40.00', openCopies: 1, endReason: null });
    // 5 % down on $100, plus the spread: a loss above $5 and below the limit.
    expect(Number(before?.copyLoss)).toBeGreaterThan(5);
    expect(Number(before?.copyLoss)).toBeLessThan(40);

    quotes.set('BTCUSD', '30000.00');
    expect(await t.app.copyStopLoss.check(['BTCUSD'])).toBe(1);
    expect(await t.app.copyStopLoss.check(['BTCUSD'])).toBe(0);
    const relation = await findRelation(t, fan.relationId);
    expect(relation).toMatchObject({ status: 'stopped', endReason: 'stop_loss', endedBy: 'system' });
    const [copy] = await selectCopiesOfRelation(t, fan.relationId);
    expect(copy).toMatchObject({ status: 'closed', closedBy: 'copy_stop_loss', closedByUserId: null });
    expect(copy?.resultMinor).toBeLessThanOrEqual(-4_000n);
    const [after] = await myRelations(fan);
    expect(after).toMatchObject({
      status: 'stopped',
      endReason: 'stop_loss',
      openCopies: 0,
      copyLoss: formatDecimal(-(copy?.resultMinor ?? 0n)),
    });
    const mails = await mailsTo(t, fan.user.email, SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('reaching your copy stop-loss of $40.00');
    expect(mails[0]?.textBody).toContain('Your open copied trade was closed at the market price.');

    // Copying stopped: the provider's next trade is not copied.
    await openBuy(trader.browser);
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toHaveLength(1);
  });

  test('a close that realises the loss fires it: the other open copies close at market', async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFollower(t, 100_000n, trader, 4_000n);
    const btc = await openBuy(trader.browser, 'BTCUSD');
    await openBuy(trader.browser, 'ETHUSD');
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toHaveLength(2);
    // Half of BTCUSD's price gone; the monitor is not running: only the close's check can see it.
    quotes.set('BTCUSD', '30000.00');
    const closed = await closeTradeRequest(trader.browser, btc);
    expect(closed.statusCode, closed.body).toBe(200);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    const copies = await selectCopiesOfRelation(t, fan.relationId);
    const bySymbol = new Map(copies.map((row) => [row.symbol, row]));
    expect(bySymbol.get('BTCUSD')).toMatchObject({ status: 'closed', closedBy: 'copy' });
    expect(bySymbol.get('ETHUSD')).toMatchObject({ status: 'closed', closedBy: 'copy_stop_loss' });
    expect(await findRelation(t, fan.relationId)).toMatchObject({
      status: 'stopped',
      endReason: 'stop_loss',
    });
    const mails = await mailsTo(t, fan.user.email, SUBJECT);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('Your open copied trade was closed at the market price.');
  });

  test('a loss below the limit, or no limit, leaves copying on', async () => {
    const trader = await insertProvider(t, 100_000n);
    const capped = await insertFollower(t, 100_000n, trader, 9_000n);
    const free = await insertFollower(t, 100_000n, trader, null);
    await openBuy(trader.browser);
    await t.app.jobs.drain();
    quotes.set('BTCUSD', '30000.00');
    expect(await t.app.copyStopLoss.check(['BTCUSD'])).toBe(0);
    for (const relationId of [capped.relationId, free.relationId]) {
      expect(await findRelation(t, relationId)).toMatchObject({ status: 'active' });
      expect(await selectCopiesOfRelation(t, relationId)).toMatchObject([{ status: 'open' }]);
    }
    // Cancelled, the relation's copy stays open, and still counts in what it lost.
    const [listed] = await myRelations(capped);
    expect(await cancel(capped, trader.providerId)).toMatchObject({
      status: 'cancelled',
      openCopies: 1,
      copyLoss: listed?.copyLoss,
    });
    await cancel(free, trader.providerId);
  });

  test('an open copy without a price decides nothing', async () => {
    const { trader, fan } = await copiedBuy();
    quotes.set('BTCUSD', '30000.00', { stale: true });
    expect(await t.app.copyStopLoss.check(['BTCUSD'])).toBe(0);
    expect(await findRelation(t, fan.relationId)).toMatchObject({ status: 'active' });
    const [listed] = await myRelations(fan);
    expect(listed).toMatchObject({ copyLoss: null, openCopies: 1 });
    await cancel(fan, trader.providerId);
  });

  test('a copy whose spread alone would reach the stop-loss is skipped, told once, and copying goes on', async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFollower(t, 100_000n, trader, 1n);
    const tradeId = await openBuy(trader.browser);
    await t.app.jobs.drain();
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toHaveLength(0);
    const skipped = await t.db.select().from(skippedCopies).where(eq(skippedCopies.providerTradeId, tradeId));
    expect(skipped).toMatchObject([{ reasonCode: 'COPY_STOP_LOSS', copyRelationId: fan.relationId }]);
    expect(skipped[0]?.message).toMatch(
      /^Opening the copy would bring your copies' loss to \$\d+\.\d\d, at or past your copy stop-loss of \$0\.01\.$/,
    );
    const mails = await mailsTo(t, fan.user.email, 'a copied trade was skipped');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain(`Copy skipped: ${skipped[0]?.message}`);
    // Nothing opened, so nothing was lost: copying goes on.
    expect(await findRelation(t, fan.relationId)).toMatchObject({ status: 'active' });
    await cancel(fan, trader.providerId);
  });

  test("the loss so far counts: a second copy whose spread would take the copies' loss to the limit is skipped", async () => {
    const trader = await insertProvider(t, 100_000n);
    const fan = await insertFollower(t, 100_000n, trader, 4_000n);
    await openBuy(trader.browser);
    await t.app.jobs.drain();
    const [opened] = await myRelations(fan);
    // The first copy at the price it opened at: its loss is its spread.
    const spreadCents = BigInt(Math.round(Number(opened?.copyLoss) * 100));
    expect(spreadCents).toBeGreaterThan(0n);
    // The same copy again would take the loss to exactly twice its spread: the limit.
    await t.db
      .update(copyRelations)
      .set({ copyStopLossMinor: 2n * spreadCents })
      .where(eq(copyRelations.id, fan.relationId));
    const second = await openBuy(trader.browser);
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toMatchObject([{ status: 'open' }]);
    const skipped = await t.db.select().from(skippedCopies).where(eq(skippedCopies.providerTradeId, second));
    expect(skipped).toMatchObject([
      {
        reasonCode: 'COPY_STOP_LOSS',
        message: `Opening the copy would bring your copies' loss to ${formatUsd(2n * spreadCents)}, at or past your copy stop-loss of ${formatUsd(2n * spreadCents)}.`,
      },
    ]);
    expect(await findRelation(t, fan.relationId)).toMatchObject({ status: 'active' });

    // A cent more room, and the same copy opens.
    await t.db
      .update(copyRelations)
      .set({ copyStopLossMinor: 2n * spreadCents + 1n })
      .where(eq(copyRelations.id, fan.relationId));
    await openBuy(trader.browser);
    await t.app.jobs.drain();
    expect(await selectCopiesOfRelation(t, fan.relationId)).toMatchObject([
      { status: 'open' },
      { status: 'open' },
    ]);
    await cancel(fan, trader.providerId);
  });

  test('racing monitors and a close job fire it once', async () => {
    const { fan } = await copiedBuy();
    quotes.set('BTCUSD', '30000.00');
    await t.db.transaction((tx) =>
      enqueueJob(tx, { kind: COPY_STOP_LOSS_JOB, payload: { relationId: fan.relationId } }),
    );
    // Each earlier test's relation ended, so only this one can fire: once in all.
    const [first, second] = await Promise.all([
      t.app.copyStopLoss.check(['BTCUSD']),
      t.app.copyStopLoss.check(['BTCUSD']),
      t.app.jobs.drain(),
    ]);
    expect((first ?? 0) + (second ?? 0)).toBeLessThanOrEqual(1);
    expect(await findRelation(t, fan.relationId)).toMatchObject({
      status: 'stopped',
      endReason: 'stop_loss',
    });
    expect(await selectCopiesOfRelation(t, fan.relationId)).toMatchObject([
      { status: 'closed', closedBy: 'copy_stop_loss' },
    ]);
    expect(await mailsTo(t, fan.user.email, SUBJECT)).toHaveLength(1);
  });
});
