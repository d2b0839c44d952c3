import { randomUUID } from 'node:crypto';
import { type Trade, TradeSchema } from '@candor/contracts/trades';
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { journalEntries } from '../../db/schema/ledger.ts';
import type { Actor } from '../../lib/actor.ts';
import { claimOf, fundedActor, oneAfterTheOther, togetherDeps } from '../../test/group-commit.ts';
import { useTestApp } from '../../test/test-app.ts';
import {
  insertFollower,
  insertProvider,
  openBuy,
  selectCopiesOfRelation,
} from '../copy-trading/copy-test-helpers.ts';
import { closeOwnTrade } from './close-trade.service.ts';
import {
  closeTradesTogether,
  createTradeCloseGroup,
  type TradeCloseRequest,
} from './close-trades-together.ts';
import { openTradesTogether } from './open-trades-together.ts';
import { balancesOf, described, order } from './together-test-helpers.ts';
import { useFixedQuotes, useZeroDefaultSpread } from './trade-test-helpers.ts';

const t = useTestApp();
// Closes at the mid, so the results below are plain arithmetic (spreads: spreads.routes.test.ts).
useZeroDefaultSpread(t);
const quotes = useFixedQuotes(t, { BTCUSD: '67000.00', EURUSD: '1.08000', ETHUSD: '3000.00' });

const deps = () => togetherDeps(t);
const customer = (cents: bigint) => fundedActor(t, cents);
const claim = (actor: Actor, key: string, id: string) =>
  claimOf(actor, key, 'POST /api/trades/:id/close', { params: { id } });

/** Opens trades for their actors (at the prices set now) and answers them in order. */
async function opened(requests: Array<{ actor: Actor; symbol?: string; amount?: string }>): Promise<Trade[]> {
  const outcomes = await openTradesTogether(
    deps(),
    requests.map(({ actor, symbol, amount }) => ({
      actor,
      input: order({ ...(symbol ? { symbol } : {}), ...(amount ? { amount } : {}) }),
      claim: undefined,
    })),
  );
  return outcomes.map((outcome) => {
    if (!outcome.ok) throw new Error('the test trade did not open');
    return outcome.value;
  });
}

type Target = 'own BTCUSD' | 'own ETHUSD' | "another's" | 'unknown';

/** Customer `who`'s trades are at 2·who (BTCUSD) and 2·who + 1 (ETHUSD); null: no such trade. */
function targetIndex(who: number, target: Target): number | null {
  if (target === 'own BTCUSD') return who * 2;
  if (target === 'own ETHUSD') return who * 2 + 1;
  if (target === "another's") return ((who + 1) % 3) * 2;
  return null;
}

function close(actor: Actor, id: string): TradeCloseRequest {
  return { actor, id, claim: undefined };
}

describe('trades closed together (group commit)', () => {
  test('each request gets its own outcome: a refusal does not stop the others', async () => {
    const a = await customer(100_000n);
    const b = await customer(100_000n);
    const [mine, second, theirs, eth] = await opened([
      { actor: a },
      { actor: a, symbol: 'EURUSD' },
      { actor: b },
      { actor: a, symbol: 'ETHUSD' },
    ]);
    if (!mine || !second || !theirs || !eth) throw new Error('four trades were opened');
    quotes.set('BTCUSD', '67670.00');
    quotes.clear('ETHUSD');
    const outcomes = await closeTradesTogether(deps(), [
      close(a, mine.id),
      close(a, theirs.id),
      close(a, mine.id),
      close(a, randomUUID()),
      close(a, 'not-a-trade'),
      close(a, eth.id),
      close(a, second.id),
    ]);
    expect(outcomes.map(described)).toEqual([
      expect.objectContaining({ status: 'closed', closedBy: 'customer', symbol: 'BTCUSD' }),
      { refused: 'NOT_FOUND', message: 'Trade not found' },
      { refused: 'ALREADY_DECIDED', message: 'This trade is already closed' },
      { refused: 'NOT_FOUND', message: 'Trade not found' },
      { refused: 'NOT_FOUND', message: 'Trade not found' },
      { refused: 'PRICE_UNAVAILABLE', message: expect.stringContaining('ETHUSD') },
      expect.objectContaining({ status: 'closed', symbol: 'EURUSD' }),
    ]);
    // The closes' entries name the customer as their actor; b's trade is still open.
    const closedIds = [mine.id, second.id];
    const entries = await t.db
      .select({ actorId: journalEntries.actorId, kind: journalEntries.kind })
      .from(journalEntries)
      .where(inArray(sql`${journalEntries.reference}->>'trade'`, closedIds));
    expect(entries.filter((entry) => entry.kind !== 'trade_margin').length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.actorId).toBe(a.id);
    const again = await closeTradesTogether(deps(), [close(b, theirs.id), close(a, eth.id)]);
    expect(again.map((outcome) => outcome.ok)).toEqual([true, false]);
  });

  test('a retry in a batch answers the first attempt; a refused request releases its key', async () => {
    const d = deps();
    const a = await customer(100_000n);
    const [first, later] = await opened([{ actor: a }, { actor: a, symbol: 'ETHUSD' }]);
    if (!first || !later) throw new Error('two trades were opened');
    const closed = await d.transactions.runIdempotent(claim(a, 'c-1', first.id), TradeSchema, ({ tx, now }) =>
      closeOwnTrade({ tx, actor: a, now, market: d.market, id: first.id }),
    );
    quotes.clear('ETHUSD');
    const outcomes = await closeTradesTogether(d, [
      { actor: a, id: first.id, claim: claim(a, 'c-1', first.id) },
      { actor: a, id: later.id, claim: claim(a, 'c-2', later.id) },
    ]);
    expect(outcomes[0]).toEqual({ ok: true, value: closed });
    expect(described(outcomes[1])).toMatchObject({ refused: 'PRICE_UNAVAILABLE' });
    // The price is back: the same request with the same key closes the trade now.
    quotes.set('ETHUSD', '3030.00');
    const retried = await closeTradesTogether(d, [
      { actor: a, id: later.id, claim: claim(a, 'c-2', later.id) },
      { actor: a, id: first.id, claim: claim(a, 'c-1', first.id) },
    ]);
    expect(retried[0]).toMatchObject({ ok: true, value: { id: later.id, status: 'closed' } });
    expect(retried[1]).toEqual({ ok: true, value: closed });
  });

  test("a provider's trades closed together close their followers' copies", async () => {
    const provider = await insertProvider(t, 100_000n);
    const follower = await insertFollower(t, 100_000n, provider, null);
    const first = await openBuy(provider.browser, 'BTCUSD');
    const second = await openBuy(provider.browser, 'ETHUSD');
    const own = await openBuy(follower.browser, 'EURUSD');
    await t.app.jobs.drain();
    const copies = await selectCopiesOfRelation(t, follower.relationId);
    expect(copies.map((row) => row.copiedFromTradeId).sort()).toEqual([first, second].sort());
    const providerActor: Actor = { id: provider.user.id, role: 'client' };
    const followerActor: Actor = { id: follower.user.id, role: 'client' };
    const outcomes = await closeTradesTogether(deps(), [
      close(providerActor, first),
      close(followerActor, own),
      close(providerActor, second),
    ]);
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true]);
    await t.app.jobs.drain();
    const after = await selectCopiesOfRelation(t, follower.relationId);
    expect(after.map((row) => [row.status, row.closedBy])).toEqual([
      ['closed', 'copy'],
      ['closed', 'copy'],
    ]);
  });

  test('the same close sent many times at once to the group closes once; every attempt gets its answer', async () => {
    const d = deps();
    const group = createTradeCloseGroup({ ...d, log: t.app.log });
    const a = await customer(100_000n);
    const b = await customer(100_000n);
    const [trade, other] = await opened([{ actor: a }, { actor: b }]);
    if (!trade || !other) throw new Error('two trades were opened');
    quotes.set('BTCUSD', '66330.00');
    const answers = await Promise.allSettled([
      ...Array.from({ length: 4 }, () =>
        group.submit({ actor: a, id: trade.id, claim: claim(a, 'c-3', trade.id) }),
      ),
      group.submit(close(b, other.id)),
      group.submit(close(a, trade.id)),
    ]);
    const values = answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : answer.reason));
    for (const value of values.slice(1, 4)) expect(value).toEqual(values[0]);
    expect(values[0]).toMatchObject({ status: 'closed', result: '-2.00' });
    expect(values[4]).toMatchObject({ status: 'closed' });
    expect(values[5]).toMatchObject({ code: 'ALREADY_DECIDED' });
    expect(await balancesOf(t, a)).toEqual({ available: 99_800n, reserved: 0n });
    expect(group.stats()).toMatchObject({ items: 6, failedBatches: 0 });
  });

  test('decided together or one after the other, every request gets the same outcome and balances', async () => {
    const requestArb = fc.record({
      who: fc.integer({ min: 0, max: 2 }),
      // Which trade: one of the customer's own two (often the same twice), another's, or none.
      target: fc.constantFrom<Target>('own BTCUSD', 'own BTCUSD', 'own ETHUSD', "another's", 'unknown'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(requestArb, { minLength: 2, maxLength: 8 }),
        fc.constantFrom('66000.00', '67000.00', '68500.00'),
        fc.boolean(),
        async (requests, btcAtClose, ethPriced) => {
          quotes.set('BTCUSD', '67000.00');
          quotes.set('ETHUSD', '3000.00');
          const setUp = async () => {
            const actors = await Promise.all([0, 1, 2].map(() => customer(50_000n)));
            const trades = await opened(
              actors.flatMap((actor) => [
                { actor, amount: '120' },
                { actor, symbol: 'ETHUSD', amount: '80' },
              ]),
            );
            return { actors, trades };
          };
          const together = await setUp();
          const alone = await setUp();
          quotes.set('BTCUSD', btcAtClose);
          if (!ethPriced) quotes.clear('ETHUSD');
          const build = ({ actors, trades }: Awaited<ReturnType<typeof setUp>>): TradeCloseRequest[] =>
            requests.map(({ who, target }) => {
              const index = targetIndex(who, target);
              return close(actors[who] as Actor, index === null ? randomUUID() : (trades[index]?.id ?? ''));
            });
          const d = deps();
          const batched = await closeTradesTogether(d, build(together));
          const oneByOne = await oneAfterTheOther(build(alone), (request) =>
            d.transactions.runIdempotent(undefined, TradeSchema, ({ tx, now }) =>
              closeOwnTrade({ tx, actor: request.actor, now, market: d.market, id: request.id }),
            ),
          );
          expect(batched.map(described)).toEqual(oneByOne.map(described));
          for (const [index, actor] of together.actors.entries()) {
            expect(await balancesOf(t, actor)).toEqual(await balancesOf(t, alone.actors[index] as Actor));
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
