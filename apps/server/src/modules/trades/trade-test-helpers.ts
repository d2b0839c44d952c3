import type { Quote } from '@candor/contracts/market';
import type { LightMyRequestResponse } from 'fastify';
import { vi } from 'vitest';
import type { MarketService } from '../../market/market.service.ts';
import type { Browser } from '../../test/test-app.ts';

export type QuoteBoard = {
  /** Sets the price the market answers for a symbol from now on. */
  set(symbol: string, price: string, options?: { stale?: boolean }): Quote;
  /** The market has no price for the symbol (its source has not answered yet). */
  clear(symbol: string): void;
};

/**
 * Makes the live market answer the prices a test sets (unknown symbols are still refused, symbols
 * without a set price have none). Restore with vi.restoreAllMocks().
 */
export function fixQuotes(market: MarketService): QuoteBoard {
  const quotes = new Map<string, Quote>();
  vi.spyOn(market.live, 'quote').mockImplementation((symbol) => quotes.get(symbol));
  return {
    set(symbol, price, options = {}) {
      const quote: Quote = {
        symbol,
        price,
        time: new Date().toISOString(),
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

export function placeTradeRequest(
  browser: Browser,
  body: object,
  key?: string,
): Promise<LightMyRequestResponse> {
  return browser.request({
    method: 'POST',
    url: '/api/trades',
    payload: body,
    headers: key ? { 'idempotency-key': key } : {},
  });
}

export function closeTradeRequest(
  browser: Browser,
  id: string,
  key?: string,
): Promise<LightMyRequestResponse> {
  return browser.request({
    method: 'POST',
    url: `/api/trades/${id}/close`,
    headers: key ? { 'idempotency-key': key } : {},
  });
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
  status: 'open' | 'closed';
  closePrice: string | null;
  result: string | null;
  closedBy: string | null;
  closeReason: string | null;
  bookedByDesk: boolean;
};
