import type { Quote } from '@candor/contracts/market';
import { TRADE_MESSAGES } from '@candor/contracts/trades';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import { findInstrument } from '@candor/domain/market/instruments';
import { applySpread, closingPrice } from '@candor/domain/trading/spread';
import { computeExposure, parseLotSize, type TradeDirection } from '@candor/domain/trading/trade-result';
import { AppError } from '../../lib/app-error.ts';
import type { MarketService } from '../../market/market.service.ts';
import type { TradeRow } from './trades.repository.ts';

/** The instrument of a symbol; an unknown one is a request error (400), not a missing page. */
export function requireTradableInstrument(market: MarketService, symbol: string): InstrumentSpec {
  const spec = market.findInstrument(symbol);
  if (!spec) throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${symbol}`);
  return spec;
}

/**
 * A lot size in hundredths: above zero, two decimals at most, and within the maximum leverage.
 * `aboveLeverage` words the refusal (as lotSizeSchema's): to the customer by default.
 */
export function requireLotSize(
  text: string,
  maxLeverage: number,
  aboveLeverage: (max: number) => string = TRADE_MESSAGES.lotSizeAboveLeverage,
): number {
  const lot = parseLotSize(text);
  if (!lot.ok) throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizePositive);
  if (lot.value > maxLeverage * 100) throw new AppError('VALIDATION_FAILED', aboveLeverage(maxLeverage));
  return lot.value;
}

/**
 * The moment a trade opens or closes at `quote`: the transaction's clock (`now`), or the quote's own
 * time when it is later (a tick that arrived while the request waited for its locks). The quote is the
 * latest when it is read, so its price is the one in force at that moment: the trade's time never
 * comes before the price it was given.
 */
export function pricedAt(now: Date, quote: Pick<Quote, 'time'>): Date {
  const quoted = Date.parse(quote.time);
  return Number.isFinite(quoted) && quoted > now.getTime() ? new Date(quoted) : now;
}

/** The price to trade at now: PRICE_UNAVAILABLE (503) when the market has none or only a stale one. */
export function requireFreshQuote(market: MarketService, symbol: string): Quote {
  const quote = market.findFreshQuote(symbol);
  if (!quote) {
    throw new AppError(
      'PRICE_UNAVAILABLE',
      `The price of ${symbol} is not available right now. Please try again in a moment.`,
    );
  }
  return quote;
}

/** What a trade is: its instrument and direction, its amount (the margin), lot size, and the exposure they make. */
export function tradeTerms(
  spec: InstrumentSpec,
  direction: TradeDirection,
  amountMinor: bigint,
  lotHundredths: number,
) {
  return {
    symbol: spec.symbol,
    instrumentClass: spec.class,
    direction,
    amountMinor,
    lotHundredths,
    exposureMinor: computeExposure(amountMinor, lotHundredths),
  };
}

/**
 * Where a trade closes at a mid price: its closing side (the bid for a BUY, the ask for a SELL)
 * under the spread it was opened with, whatever the account's terms are now. A trade opened before
 * spreads (none stored) closes at the mid, as it always did.
 */
export function closingPriceAt(
  row: Pick<TradeRow, 'symbol' | 'direction' | 'spreadUnit' | 'spreadValue'>,
  mid: string,
): { price: string; midPrice: string | null } {
  const spec = findInstrument(row.symbol);
  if (!spec || row.spreadUnit === null || row.spreadValue === null) return { price: mid, midPrice: null };
  const quote = applySpread(spec, { unit: row.spreadUnit, value: row.spreadValue }, mid);
  return { price: closingPrice(row.direction, quote), midPrice: mid };
}
