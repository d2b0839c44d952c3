import type { Quote } from '@candor/contracts/market';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, vi } from 'vitest';
import { users } from '../../db/schema/auth.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { TestUser } from '../../test/factories.ts';
import { insertFundedCustomer } from '../../test/money.ts';
import type { Browser, TestApp } from '../../test/test-app.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';

export type QuoteBoard = {
  /** Sets the price the market answers for a symbol from now on. */
  set(symbol: string, price: string, options?: { stale?: boolean; time?: Date }): Quote;
  /** The market has no price for the symbol (its source has not answered yet). */
  clear(symbol: string): void;
};

/**
 * Makes the live market answer the prices a test sets (unknown symbols are still refused, symbols
 * without a set price have none), each stamped with `clock` when it is set, as a source stamps its
 * ticks. Restore with vi.restoreAllMocks().
 */
export function fixQuotes(market: MarketService, clock: Clock = systemClock): QuoteBoard {
  const quotes = new Map<string, Quote>();
  vi.spyOn(market.live, 'quote').mockImplementation((symbol) => quotes.get(symbol));
  return {
    set(symbol, price, options = {}) {
      const quote: Quote = {
        symbol,
        price,
        time: (options.time ?? clock()).toISOString(),
        source: 'simulated',
        stale: options.stale ?? false,
        change24hPercent: null,
      };
      quotes.set(symbol, quote);
      return quote;
    },
    clear(symbol) {
      quotes.delete(symbol);
    },
  };
}

/**
 * The test file's market: the stop-out and copy stop-loss monitors are stopped (the tests drive
 * them with t.app.stopOut.check and t.app.copyStopLoss.check, so live simulated ticks cannot close
 * trades opened at the prices fixed here), and before each test the market answers `prices` and
 * nothing else.
 */
export function useFixedQuotes(t: TestApp, prices: Record<string, string>): QuoteBoard {
  let board: QuoteBoard | undefined;
  beforeAll(async () => {
    await t.app.stopOut.stop();
    await t.app.copyStopLoss.stop();
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    board = fixQuotes(t.app.market, t.clock);
    for (const [symbol, price] of Object.entries(prices)) board.set(symbol, price);
  });
  const current = (): QuoteBoard => {
    if (!board) throw new Error('the quotes are fixed before each test');
    return board;
  };
  return {
    set: (symbol, price, options) => current().set(symbol, price, options),
    clear: (symbol) => current().clear(symbol),
  };
}

export function placeTradeRequest(
  browser: Browser,
  body: object,
  key?: string,
): Promise<LightMyRequestResponse> {
  return browser.post('/api/trades', body, key);
}

export function closeTradeRequest(
  browser: Browser,
  id: string,
  key?: string,
): Promise<LightMyRequestResponse> {
  return browser.post(`/api/trades/${id}/close`, undefined, key);
}

/** A trade as the API answers it (the fields the tests read). */
export type TradeAnswer = {
  id: string;
  symbol: string;
  direction: 'buy' | 'sell';
  amount: string;
  lotSize: string;
  exposure: string;
  openPrice: string;
  openedAt: string;
  status: 'open' | 'closed';
  closePrice: string | null;
  closedAt: string | null;
  result: string | null;
  closedBy: string | null;
  closeReason: string | null;
  bookedByDesk: boolean;
};

/**
 * Before each test, accounts without a trading package trade with no spread (bid = ask = mid), for
 * test files about something else than spreads, whose arithmetic uses the mid. Spreads themselves
 * are tested in spreads.routes.test.ts.
 */
export function useZeroDefaultSpread(t: TestApp): void {
  beforeEach(async () => {
    await requireSiteSettings(t.db);
    await t.db.update(siteSettings).set({ defaultForexSpreadPips: '0', defaultOtherSpreadPercent: '0' });
  });
}

/** Moves an account's creation time back (a desk booking may not open before it). */
export async function backdateAccount(
  t: Pick<TestApp, 'db'>,
  userId: string,
  createdAt: Date,
): Promise<void> {
  await t.db.update(users).set({ createdAt }).where(eq(users.id, userId));
}

/**
 * insertFundedCustomer, with an account created two days ago: the desk may book the trades of the
 * last hours and the day before for them (checkBookingTimes).
 */
export async function insertDeskCustomer(
  t: TestApp,
  cents: bigint,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; browser: Browser }> {
  const customer = await insertFundedCustomer(t, cents, overrides);
  await backdateAccount(t, customer.user.id, new Date(Date.now() - 2 * 24 * 3600 * 1000));
  return customer;
}
