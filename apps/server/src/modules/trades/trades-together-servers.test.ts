import type { Trade } from '@candor/contracts/trades';
import { describe, expect, test } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { claimOf, fundedActor, togetherDeps } from '../../test/group-commit.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createTradeCloseGroup } from './close-trades-together.ts';
import { createTradeOpenGroup } from './open-trades-together.ts';
import { balancesOf, order } from './together-test-helpers.ts';
import { useFixedQuotes, useZeroDefaultSpread } from './trade-test-helpers.ts';

const t = useTestApp();
// Closes at the open price: every result is zero, so the balances below are plain sums.
useZeroDefaultSpread(t);
useFixedQuotes(t, { BTCUSD: '67000.00' });

/** Two servers on one database: each has its own queues (and, on PostgreSQL, its own transactions). */
function server() {
  const deps = { ...togetherDeps(t), log: t.app.log };
  return { opens: createTradeOpenGroup(deps), closes: createTradeCloseGroup(deps) };
}

function settled<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; code: string }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => {
      if (error instanceof AppError) return { ok: false as const, code: error.code };
      throw error;
    },
  );
}

describe('trades decided together by two servers on one database', () => {
  test('no customer is overdrawn, each key moves money once, each trade closes once', async () => {
    const servers = [server(), server()];
    const at = (n: number) => servers[n % 2] ?? server();
    const customers: Actor[] = await Promise.all(Array.from({ length: 6 }, () => fundedActor(t, 100_000n)));
    // Each customer: 12 opens of $100 against $1,000, half through each server; two of them sent again
    // with the same key through the other server. The customers' requests arrive in turns of the
    // event loop, so single requests and batches of both servers interleave.
    const opens = [];
    for (const actor of customers) {
      for (let n = 0; n < 12; n++) {
        const input = order({ amount: '100' });
        const claim = claimOf(actor, `open-${n}`, 'POST /api/trades', input);
        const first = settled(at(n).opens.submit({ actor, input, claim }));
        const again = n < 2 ? settled(at(n + 1).opens.submit({ actor, input, claim })) : undefined;
        opens.push({ actor, first, again });
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    const opened = await Promise.all(
      opens.map(async ({ actor, first, again }) => ({
        actor,
        first: await first,
        again: again && (await again),
      })),
    );
    for (const { first, again } of opened) {
      if (!again) continue;
      // The same key: the same trade, or the same refusal.
      expect(again).toEqual(first);
    }
    const trades: Array<{ actor: Actor; trade: Trade }> = [];
    for (const actor of customers) {
      const own = opened.filter((entry) => entry.actor === actor);
      const accepted = own.flatMap(({ first }) => (first.ok ? [first.value] : []));
      expect(accepted).toHaveLength(10);
      expect(own.filter(({ first }) => !first.ok).map(({ first }) => !first.ok && first.code)).toEqual([
        'INSUFFICIENT_FUNDS',
        'INSUFFICIENT_FUNDS',
      ]);
      expect(await balancesOf(t, actor)).toEqual({ available: 0n, reserved: 100_000n });
      trades.push(...accepted.map((trade) => ({ actor, trade })));
    }

    // Every trade closed twice at once, once through each server: one close each.
    const pending = [];
    for (const [index, { actor, trade }] of trades.entries()) {
      for (const [n, each] of servers.entries()) {
        const claim = claimOf(actor, `close-${n}-${trade.id}`, 'POST /api/trades/:id/close', {
          params: { id: trade.id },
        });
        pending.push(settled(each.closes.submit({ actor, id: trade.id, claim })));
      }
      if (index % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const closes = await Promise.all(pending);
    expect(closes.filter((close) => close.ok)).toHaveLength(trades.length);
    expect(closes.filter((close) => !close.ok).map((close) => !close.ok && close.code)).toEqual(
      trades.map(() => 'ALREADY_DECIDED'),
    );
    for (const actor of customers) {
      expect(await balancesOf(t, actor)).toEqual({ available: 100_000n, reserved: 0n });
    }
    const batches = servers.flatMap((each) => [each.opens.stats(), each.closes.stats()]);
    expect(batches.reduce((sum, stats) => sum + stats.batches, 0)).toBeGreaterThan(0);
  });
});
