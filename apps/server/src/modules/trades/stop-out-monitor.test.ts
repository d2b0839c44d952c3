import { randomUUID } from 'node:crypto';
import type { Quote } from '@candor/contracts/market';
import { tradeMarginEntry } from '@candor/domain/ledger/entries';
import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { REFERENCE_ORIGIN_SECONDS } from '@candor/domain/market/simulated-market';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { trades } from '../../db/schema/trades.ts';
import { createMarketService, type MarketService } from '../../market/market.service.ts';
import type { MarketLogger } from '../../market/market-logger.ts';
import { planSources } from '../../market/market-sources.ts';
import type { PriceSource, Tick } from '../../market/price-source.ts';
import { createLocalQuoteBus } from '../../market/quote-bus.ts';
import { insertUser } from '../../test/factories.ts';
import { createManualClock } from '../../test/manual-clock.ts';
import { fund } from '../../test/money.ts';
import { spyOnStatements, textsOf } from '../../test/statements.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { expectPosted, postEntries } from '../ledger/ledger.repository.ts';
import { readBalances } from '../ledger/ledger.service.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { closeOwnTrade } from './close-trade.service.ts';
import { openTrade } from './open-trade.service.ts';
import { createStopOutMonitor, type StopOutMonitor } from './stop-out-monitor.ts';
import { findStopOutCandidates } from './trades.repository.ts';

/**
 * The monitor on the real live market: a fake source (standing in for a real provider) emits
 * ticks for BTCUSD and ETHUSD when told to, the market publishes them in batches on its bus, the
 * monitor follows them. Time is a manual clock; no timer moves a price (the tick interval is an hour).
 */
const clock = createManualClock(new Date('2026-11-22T12:30:00Z'));
const REAL = new Set(['BTCUSD', 'ETHUSD']);

type FakeSource = PriceSource & { emit(symbol: string, price: string): void };

function createFakeSource(): FakeSource {
  let onTick: ((tick: Tick) => void) | undefined;
  const last = new Map<string, Tick>();
  return {
    id: 'coingecko',
    covers: (symbol) => REAL.has(symbol),
    latest: (symbol) => last.get(symbol),
    isStale: (symbol) => !last.has(symbol),
    start: (listener) => {
      onTick = listener;
    },
    stop: async () => {
      onTick = undefined;
    },
    emit: (symbol, price) => {
      const tick: Tick = { symbol, price, time: clock.now(), source: 'coingecko', change24hPercent: null };
      last.set(symbol, tick);
      onTick?.(tick);
    },
  };
}

const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies MarketLogger;
/** The app's job queue stands in here: these trades have no copies, so no job is added. */
const jobs = { prepare: vi.fn(async () => undefined) };

let database: Database;
let drop: () => Promise<void>;
let market: MarketService;
let source: FakeSource | undefined;
let monitor: StopOutMonitor;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  // These tests price at the mid (no spread); the stop-out with a spread is in spreads.routes.test.ts.
  await requireSiteSettings(database.db);
  await database.db.update(siteSettings).set({ defaultForexSpreadPips: '0', defaultOtherSpreadPercent: '0' });
  const settings = { seed: 1, originSeconds: REFERENCE_ORIGIN_SECONDS };
  market = createMarketService({
    db: database.db,
    instruments: INSTRUMENTS,
    settings,
    plan: planSources({
      instruments: INSTRUMENTS,
      settings,
      clock: clock.now,
      tickMs: 3_600_000,
      createRealSource: () => {
        source = createFakeSource();
        return source;
      },
    }),
    bus: createLocalQuoteBus(),
    clock: clock.now,
    tickMs: 3_600_000,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  await market.start();
  monitor = createStopOutMonitor({ db: database.db, market, logger, clock: clock.now, jobs });
  monitor.start();
  await tick({ BTCUSD: '60000.00', ETHUSD: '3000.00' });
});
afterAll(async () => {
  await monitor.stop();
  await market.stop();
  await drop();
});
afterEach(() => {
  vi.restoreAllMocks();
  logger.error.mockClear();
});

/** Emits one batch of ticks and waits until the market published it and the monitor checked it. */
async function tick(prices: Record<string, string>): Promise<void> {
  clock.advance(1000);
  for (const [symbol, price] of Object.entries(prices)) source?.emit(symbol, price);
  await market.live.settle();
  await monitor.settle();
}

async function openTradeForNewCustomer(input: {
  symbol: string;
  direction: 'buy' | 'sell';
  amount: string;
  lotSize: string;
}) {
  const user = await insertUser(database.db);
  await fund(database.db, user.id, 100_000n);
  const trade = await database.db.transaction((tx) =>
    openTrade({ tx, actor: { id: user.id, role: 'client' }, now: clock.now(), market, input }),
  );
  return { user, trade };
}

async function rowOf(id: string) {
  const [row] = await database.db.select().from(trades).where(eq(trades.id, id));
  if (!row) throw new Error('no such trade');
  return row;
}

describe('the stop-out monitor on live ticks', () => {
  test('a tick that crosses closes the trade at −amount at that tick; ticks that do not leave it open', async () => {
    const { user, trade } = await openTradeForNewCustomer({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      lotSize: '50',
    });
    expect(trade.openPrice).toBe('60000.00');
    // BUY ×50 of $100: stopped out at 60000 × (10000·4900 + 50) / (10000·5000) = 58800.06
    await tick({ BTCUSD: '58800.07' });
    expect((await rowOf(trade.id)).status).toBe('open');

    await tick({ BTCUSD: '58800.06' });
    const row = await rowOf(trade.id);
    expect(row).toMatchObject({
      status: 'closed',
      closePrice: '58800.06',
      resultMinor: -10_000n,
      closedBy: 'stop_out',
      closedAt: clock.now(),
    });
    expect(await readBalances(database.db, user.id)).toMatchObject({
      available: '900.00',
      reserved: '0.00',
      profit: '-100.00',
    });
    await tick({ BTCUSD: '60000.00' });
  });

  test('the job queue is prepared before a trade is closed, not for a batch that closes nothing', async () => {
    const { trade } = await openTradeForNewCustomer({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      lotSize: '50',
    });
    jobs.prepare.mockClear();
    await tick({ BTCUSD: '60000.01' });
    expect(jobs.prepare).not.toHaveBeenCalled();

    // A close may add copy-trading jobs in its transaction, which cannot wait for the queue's start.
    const transaction = vi.spyOn(database.db, 'transaction');
    await tick({ BTCUSD: '58800.06' });
    expect((await rowOf(trade.id)).status).toBe('closed');
    expect(jobs.prepare).toHaveBeenCalledTimes(1);
    const [prepared] = jobs.prepare.mock.invocationCallOrder;
    const [opened] = transaction.mock.invocationCallOrder;
    expect(prepared).toBeLessThan(opened ?? 0);
    await tick({ BTCUSD: '60000.00' });
  });

  test('a SELL is stopped out by a rise; one batch handles several symbols in one query', async () => {
    const sell = await openTradeForNewCustomer({
      symbol: 'ETHUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '20',
    });
    const buy = await openTradeForNewCustomer({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '20',
    });
    const sent = spyOnStatements(database.db);
    await tick({ ETHUSD: '3160.00', BTCUSD: '56900.00' });
    const checks = textsOf(sent).filter((text) => text.includes('stop_out_price'));
    sent.mockRestore();
    expect(checks).toHaveLength(1);
    expect((await rowOf(sell.trade.id)).resultMinor).toBe(-1_000n);
    expect((await rowOf(buy.trade.id)).resultMinor).toBe(-1_000n);
    await tick({ ETHUSD: '3000.00', BTCUSD: '60000.00' });
  });

  test('a dip and recovery between two checks is not missed: the lowest tick of the batch counts', async () => {
    const { trade } = await openTradeForNewCustomer({
      symbol: 'BTCUSD',
      direction: 'buy',
      amount: '100',
      lotSize: '50',
    });
    clock.advance(1000);
    source?.emit('BTCUSD', '58000.00');
    await market.live.settle();
    source?.emit('BTCUSD', '60100.00');
    await market.live.settle();
    await monitor.settle();
    expect(await rowOf(trade.id)).toMatchObject({
      status: 'closed',
      closePrice: '58000.00',
      resultMinor: -10_000n,
    });
  });

  test('a trade the customer closed first is skipped quietly', async () => {
    const { user, trade } = await openTradeForNewCustomer({
      symbol: 'ETHUSD',
      direction: 'buy',
      amount: '10',
      lotSize: '10',
    });
    await database.db.transaction((tx) =>
      closeOwnTrade({ tx, actor: { id: user.id, role: 'client' }, now: clock.now(), market, id: trade.id }),
    );
    expect(await monitor.check([quote('ETHUSD', '1.00')])).toBe(0);
    expect(logger.error).not.toHaveBeenCalled();
    expect((await rowOf(trade.id)).closedBy).toBe('customer');
  });

  test('an error is logged and the monitor keeps going', async () => {
    const { trade } = await openTradeForNewCustomer({
      symbol: 'ETHUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '10',
    });
    spyOnStatements(database.db).mockRejectedValueOnce(new Error('connection lost'));
    await tick({ ETHUSD: '3400.00' });
    expect(logger.error).toHaveBeenCalledWith(
      expect.anything(),
      'Stop-out: checking a batch of prices failed',
    );
    expect((await rowOf(trade.id)).status).toBe('open');
    await tick({ ETHUSD: '3400.01' });
    expect((await rowOf(trade.id)).status).toBe('closed');
    await tick({ ETHUSD: '3000.00' });
  });

  test('stale quotes are not checked', async () => {
    const { trade } = await openTradeForNewCustomer({
      symbol: 'ETHUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '10',
    });
    expect(await monitor.check([{ ...quote('ETHUSD', '9000.00'), stale: true }])).toBe(0);
    expect((await rowOf(trade.id)).status).toBe('open');
  });

  test('once stopped, ticks are no longer followed', async () => {
    const { trade } = await openTradeForNewCustomer({
      symbol: 'BTCUSD',
      direction: 'sell',
      amount: '10',
      lotSize: '10',
    });
    const listeners = market.live.listenerCount;
    await monitor.stop();
    expect(market.live.listenerCount).toBe(listeners - 1);
    await tick({ BTCUSD: '90000.00' });
    expect((await rowOf(trade.id)).status).toBe('open');
    monitor.start();
    await tick({ BTCUSD: '90000.01' });
    expect((await rowOf(trade.id)).status).toBe('closed');
    await tick({ BTCUSD: '60000.00' });
  });
});

test("starting follows every instrument's live quotes; stopping lets go of them", async () => {
  const subscribe = vi.spyOn(market, 'subscribe');
  const fresh = createStopOutMonitor({ db: database.db, market, logger, clock: clock.now, jobs });
  const listening = market.live.listenerCount;
  fresh.start();
  expect(subscribe).toHaveBeenCalledTimes(1);
  expect(subscribe.mock.calls[0]?.[0]).toEqual(INSTRUMENTS.map((instrument) => instrument.symbol));
  expect(market.live.listenerCount).toBe(listening + 1);
  fresh.start();
  expect(subscribe).toHaveBeenCalledTimes(1);
  await fresh.stop();
  expect(market.live.listenerCount).toBe(listening);
});

describe('the stop-out query (findStopOutCandidates)', () => {
  /** A trade stored as it is, with the pre-filter price given and its margin reserved in the ledger. */
  async function storeTrade(values: {
    symbol: string;
    direction: 'buy' | 'sell';
    stopOutPrice: string | null;
    status?: 'open' | 'closed';
  }): Promise<string> {
    const user = await insertUser(database.db);
    const id = randomUUID();
    let marginEntryId: bigint | undefined;
    if (values.status !== 'closed') {
      await fund(database.db, user.id, 1_000n);
      const margin = tradeMarginEntry({
        userId: user.id,
        amount: 1_000n,
        tradeId: id,
        description: 'margin',
      });
      const posted = await database.db.transaction((tx) =>
        postEntries(tx, [margin], { id: user.id, role: 'client' }),
      );
      marginEntryId = expectPosted(posted)[0]?.id;
    }
    await database.db.insert(trades).values({
      id,
      userId: user.id,
      symbol: values.symbol,
      instrumentClass: 'crypto',
      direction: values.direction,
      amountMinor: 1_000n,
      lotHundredths: 1000,
      exposureMinor: 10_000n,
      openPrice: '100.00',
      openedAt: clock.now(),
      stopOutPrice: values.stopOutPrice,
      status: values.status ?? 'open',
      priceSource: 'coingecko',
      ...(values.status === 'closed'
        ? { closePrice: '100.00', closedAt: clock.now(), resultMinor: 0n, closedBy: 'customer' as const }
        : {}),
      marginEntryId,
    });
    return id;
  }

  test('selects exactly the open trades a batch crossed, bounds included, each at its crossing price', async () => {
    // A symbol of its own, so the other tests' trades stay out of the answer.
    const symbol = 'FILTERTEST';
    const buyAtLow = await storeTrade({ symbol, direction: 'buy', stopOutPrice: '95.00' });
    const buyAbove = await storeTrade({ symbol, direction: 'buy', stopOutPrice: '96.50' });
    await storeTrade({ symbol, direction: 'buy', stopOutPrice: '94.99' });
    await storeTrade({ symbol, direction: 'buy', stopOutPrice: null });
    const sellAtHigh = await storeTrade({ symbol, direction: 'sell', stopOutPrice: '105.00' });
    const sellBelow = await storeTrade({ symbol, direction: 'sell', stopOutPrice: '104.00' });
    await storeTrade({ symbol, direction: 'sell', stopOutPrice: '105.01' });
    await storeTrade({ symbol, direction: 'buy', stopOutPrice: '99.00', status: 'closed' });
    await storeTrade({ symbol: 'FILTEROTHER', direction: 'buy', stopOutPrice: '99.00' });

    const found = await findStopOutCandidates(database.db, [{ symbol, low: '95.00', high: '105.00' }]);
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: buyAtLow, price: '95.00' },
        { id: buyAbove, price: '95.00' },
        { id: sellAtHigh, price: '105.00' },
        { id: sellBelow, price: '105.00' },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(await findStopOutCandidates(database.db, [])).toEqual([]);
  });
});

test('a server that does not produce prices leaves the checks to the one that does', async () => {
  let listener: ((quote: Quote) => void) | undefined;
  const follower = createStopOutMonitor({
    db: database.db,
    market: {
      listInstruments: () => market.listInstruments(),
      subscribe: (_symbols, given) => {
        listener = given;
        return () => {};
      },
      live: { ...market.live, producing: false },
    },
    logger,
    clock: clock.now,
    jobs,
  });
  follower.start();
  const sent = spyOnStatements(database.db);
  listener?.(quote('BTCUSD', '1.00'));
  await follower.settle();
  expect(sent).not.toHaveBeenCalled();
  sent.mockRestore();
  await follower.stop();
});

function quote(symbol: string, price: string): Quote {
  return {
    symbol,
    price,
    time: clock.now().toISOString(),
    source: 'coingecko',
    stale: false,
    change24hPercent: null,
  };
}
