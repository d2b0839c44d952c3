import type { Quote } from '@candor/contracts/market';
import { TRADE_MESSAGES } from '@candor/contracts/trades';
import type { InstrumentSpec } from '@candor/domain/market/instrument';
import {
  computeExposure,
  DEFAULT_MAX_LEVERAGE,
  parseLotSize,
  type TradeDirection,
} from '@candor/domain/trading/trade-result';
import { AppError } from '../../lib/app-error.ts';
import type { MarketService } from '../../market/market.service.ts';

/** The instrument of a symbol; an unknown one is a request error (400), not a missing page. */
export function requireTradableInstrument(market: MarketService, symbol: string): InstrumentSpec {
  const spec = market.findInstrument(symbol);
  if (!spec) throw new AppError('VALIDATION_FAILED', `Unknown instrument: ${symbol}`);
  return spec;
}

/** A lot size in hundredths: above zero, two decimals at most, and within the account's maximum leverage. */
export function requireLotSize(text: string): number {
  const lot = parseLotSize(text);
  if (!lot.ok) throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizePositive);
  if (lot.value > DEFAULT_MAX_LEVERAGE * 100) {
    throw new AppError('VALIDATION_FAILED', TRADE_MESSAGES.lotSizeAboveLeverage(DEFAULT_MAX_LEVERAGE));
  }
  return lot.value;
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
