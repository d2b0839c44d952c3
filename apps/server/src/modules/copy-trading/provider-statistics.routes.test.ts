import { randomUUID } from 'node:crypto';
import {
  AdminStrategyProviderSchema,
  StrategyProviderDetailSchema,
  StrategyProviderListSchema,
  TraderImageUploadSchema,
} from '@candor/contracts/copy-trading';
import {
  computeMaxDrawdown,
  computeTimeWeightedReturn,
  type EquityValuation,
  type ExternalFlow,
} from '@candor/domain/copy/time-weighted-return';
import { reservationEntry, withdrawalEntries } from '@candor/domain/ledger/entries';
import { sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { selectRows } from '../../db/select-rows.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { insertSignedInUser, useSignedInUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { fund, postOrReject } from '../../test/money.ts';
import { assertLedgerConsistent, type Browser, useTestApp } from '../../test/test-app.ts';
import { makeImage, multipartUpload } from '../../test/uploads.ts';
import {
  closeTradeRequest,
  placeTradeRequest,
  type TradeAnswer,
  useFixedQuotes,
  useZeroDefaultSpread,
} from '../trades/trade-test-helpers.ts';

const clock = createManualClock(new Date('2026-09-01T10:00:00Z'));
const t = useTestApp({}, { clock: clock.now });
const admin = useSignedInUser(t, { role: 'admin' });
const quotes = useFixedQuotes(t, { BTCUSD: '50000' });
useZeroDefaultSpread(t);

/**
 * The ledger stamps entries with the database's time (now()), not the test's clock: move the
 * entries of a step to the clock. The ledger is append-only (a trigger refuses UPDATE), so the
 * test lifts that trigger for this one statement, in a transaction.
 */
async function stampNewEntries(step: () => Promise<unknown>): Promise<void> {
  const [before] = await selectRows<{ id: string | null }>(
    t.db,
    sql`select max(id)::text as id from journal_entries`,
  );
  await step();
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table journal_entries disable trigger user`);
    await tx.execute(
      sql`update journal_entries set created_at = ${clock.now().toISOString()}::timestamptz where id > ${before?.id ?? '0'}::bigint`,
    );
    await tx.execute(sql`alter table journal_entries enable trigger user`);
  });
}

async function makeProvider(): Promise<{ userId: string; browser: Browser; id: string }> {
  const customer = await insertSignedInUser(t);
  const { payload, headers } = multipartUpload({
    filename: 'trader.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  });
  const upload = await admin.browser.request({
    method: 'POST',
    url: '/api/admin/strategy-providers/images',
    payload,
    headers,
  });
  const res = await admin.browser.post('/api/admin/strategy-providers', {
    email: customer.user.email,
    displayName: 'Aurora FX',
    imageFileId: TraderImageUploadSchema.parse(upload.json()).fileId,
    minimumBalance: '500.00',
    profitShare: '20',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await customer.browser.post('/api/strategy-providers/invitation/accept')).statusCode).toBe(200);
  return {
    userId: customer.user.id,
    browser: customer.browser,
    id: AdminStrategyProviderSchema.parse(res.json()).id,
  };
}

async function openTrade(browser: Browser, body: object): Promise<TradeAnswer> {
  let trade: TradeAnswer | undefined;
  await stampNewEntries(async () => {
    const res = await placeTradeRequest(browser, { symbol: 'BTCUSD', ...body }, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    trade = res.json();
  });
  return trade as TradeAnswer;
}

async function closeTrade(browser: Browser, id: string): Promise<TradeAnswer> {
  let trade: TradeAnswer | undefined;
  await stampNewEntries(async () => {
    const res = await closeTradeRequest(browser, id, randomUUID());
    expect(res.statusCode, res.body).toBe(200);
    trade = res.json();
  });
  return trade as TradeAnswer;
}

function at(iso: string): Date {
  return new Date(iso);
}

test('the statistics come from the ledger and trades: deposits and withdrawals are not returns', async () => {
  const provider = await makeProvider();
  const viewer = await insertSignedInUser(t);

  // Before any money: nothing to measure.
  const empty = await viewer.browser.request({
    method: 'GET',
    url: `/api/strategy-providers/${provider.id}`,
  });
  expect(empty.statusCode, empty.body).toBe(200);
  const emptyStats = StrategyProviderDetailSchema.parse(empty.json()).statistics;
  expect(emptyStats.returnRate30d).toBeNull();
  expect(emptyStats.returnRateSinceStart).toBeNull();
  expect(emptyStats.trades).toBe(0);
  expect(emptyStats.riskScore.score).toBe(1);

  clock.set(at('2026-09-01T10:00:00Z'));
  await stampNewEntries(() => fund(t.db, provider.userId, 100_000n)); // deposit 1000.00

  clock.set(at('2026-09-02T10:00:00Z'));
  const first = await openTrade(provider.browser, { direction: 'buy', amount: '100', lotSize: '2' });
  clock.set(at('2026-09-03T10:00:00Z'));
  quotes.set('BTCUSD', '55000');
  expect((await closeTrade(provider.browser, first.id)).result).toBe('20.00');

  clock.set(at('2026-09-05T10:00:00Z'));
  const second = await openTrade(provider.browser, { direction: 'sell', amount: '200', lotSize: '1' });
  clock.set(at('2026-09-06T10:00:00Z'));
  quotes.set('BTCUSD', '60500');
  expect((await closeTrade(provider.browser, second.id)).result).toBe('-20.00');

  clock.set(at('2026-09-10T10:00:00Z'));
  await stampNewEntries(() => fund(t.db, provider.userId, 50_000n)); // second deposit 500.00

  clock.set(at('2026-09-12T10:00:00Z'));
  const third = await openTrade(provider.browser, { direction: 'buy', amount: '100', lotSize: '1' });
  clock.set(at('2026-09-14T10:00:00Z'));
  quotes.set('BTCUSD', '66550');
  expect((await closeTrade(provider.browser, third.id)).result).toBe('10.00');

  // A withdrawal of 300.00 (297.00 paid out, 3.00 fee).
  clock.set(at('2026-10-01T10:00:00Z'));
  await stampNewEntries(async () => {
    const withdrawalId = randomUUID();
    const userId = provider.userId;
    await postOrReject(
      t.db,
      [
        reservationEntry({ userId, amount: 30_000n, withdrawalId, methodLabel: 'Bitcoin(BTC)' }),
        ...withdrawalEntries({
          userId,
          net: 29_700n,
          fee: 300n,
          feePercent: '1',
          withdrawalId,
          methodLabel: 'Bitcoin(BTC)',
        }),
      ],
      COMMAND_LINE_ACTOR,
    );
  });

  clock.set(at('2026-10-05T10:00:00Z'));
  await openTrade(provider.browser, { direction: 'buy', amount: '100', lotSize: '1' });

  const now = at('2026-11-01T10:00:00Z');
  clock.set(now);
  quotes.set('BTCUSD', '73205'); // the open trade is up 10 %: +10.00 unrealised

  const res = await viewer.browser.request({ method: 'GET', url: `/api/strategy-providers/${provider.id}` });
  expect(res.statusCode, res.body).toBe(200);
  const detail = StrategyProviderDetailSchema.parse(res.json());
  const stats = detail.statistics;

  // The hand-listed history: settled equity at every ledger step (just before a flow), flows, and now.
  const valuations: EquityValuation[] = [
    { at: at('2026-09-01T10:00:00Z'), equityCents: 0n },
    { at: at('2026-09-02T10:00:00Z'), equityCents: 100_000n },
    { at: at('2026-09-03T10:00:00Z'), equityCents: 102_000n },
    { at: at('2026-09-05T10:00:00Z'), equityCents: 102_000n },
    { at: at('2026-09-06T10:00:00Z'), equityCents: 100_000n },
    { at: at('2026-09-10T10:00:00Z'), equityCents: 100_000n },
    { at: at('2026-09-12T10:00:00Z'), equityCents: 150_000n },
    { at: at('2026-09-14T10:00:00Z'), equityCents: 151_000n },
    { at: at('2026-10-01T10:00:00Z'), equityCents: 151_000n },
    { at: at('2026-10-05T10:00:00Z'), equityCents: 121_000n },
    { at: now, equityCents: 122_000n },
  ];
  const flows: ExternalFlow[] = [
    { at: at('2026-09-01T10:00:00Z'), amountCents: 100_000n },
    { at: at('2026-09-10T10:00:00Z'), amountCents: 50_000n },
    { at: at('2026-10-01T10:00:00Z'), amountCents: -30_000n },
  ];
  const since = { valuations, flows, from: at('2026-09-01T10:00:00Z'), to: now };
  const from30 = new Date(now.getTime() - 30 * 86_400_000);
  const window30 = {
    valuations: [...valuations, { at: from30, equityCents: 121_000n }],
    flows,
    from: from30,
    to: now,
  };
  expect(stats.returnRateSinceStart).toBe(computeTimeWeightedReturn(since));
  expect(stats.returnRate30d).toBe(computeTimeWeightedReturn(window30));
  expect(stats.maxDrawdown).toBe(computeMaxDrawdown(since));
  // By hand: 1000→1000, 1500→1510, 1210→1220; the deposits (+1500) and the withdrawal are not returns.
  expect(stats.returnRateSinceStart).toBe('1.50');
  expect(stats.returnRate30d).toBe('0.83');
  expect(stats.returnRate90d).toBeNull(); // the account is younger than 90 days
  expect(stats.maxDrawdown).toBe('1.96'); // 1020 → 1000
  expect(detail.returnRate30d).toBe('0.83');

  // Closed trades: +20, −20, +10.
  expect(stats.trades).toBe(3);
  expect(stats.wins).toBe(2);
  expect(stats.losses).toBe(1);
  expect(stats.winRate).toBe('66.67');
  expect(stats.profitFactor).toBe('1.50');
  expect(stats.averageHoldingMs).toBe(Math.floor((4 * 86_400_000) / 3));

  expect(stats.equity).toBe('1220.00');
  expect(stats.openPositions).toEqual([
    {
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100.00',
      lotSize: '1.00',
      openPrice: '66550.00',
      openedAt: '2026-10-05T10:00:00.000Z',
      currentResult: '10.00',
    },
  ]);
  expect(stats.riskScore.score).toBeGreaterThanOrEqual(1);
  expect(stats.riskScoreMethod.length).toBeGreaterThan(3);
  // Daily settled equity from the first day, then now.
  expect(stats.equityCurve[0]).toEqual({ at: '2026-09-01T23:59:59.999Z', equity: '1000.00' });
  expect(stats.equityCurve.at(-1)).toEqual({ at: now.toISOString(), equity: '1220.00' });
  expect(stats.equityCurve.find((p) => p.at.startsWith('2026-10-01'))?.equity).toBe('1210.00');

  // The card shows the same 30-day return.
  const list = await viewer.browser.request({ method: 'GET', url: '/api/strategy-providers' });
  const card = StrategyProviderListSchema.parse(list.json()).items.find((c) => c.id === provider.id);
  expect(card?.returnRate30d).toBe('0.83');

  await assertLedgerConsistent(t.db);
});
