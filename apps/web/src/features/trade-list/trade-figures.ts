import { toMinorUnits } from '@candor/contracts/money';
import type { Trade } from '@candor/contracts/trades';
import { findInstrument } from '@candor/domain/market/instruments';
import { applySpread, closingPrice, formatSpread } from '@candor/domain/trading/spread';
import { computeTradeResult, parseLotSize } from '@candor/domain/trading/trade-result';
import { toSignedCents } from '../../lib/signed-usd.ts';

type Closable = Pick<Trade, 'symbol' | 'direction' | 'spread'>;

/**
 * Where an open trade would close at the market's mid price `mid`: its closing side (the bid for a
 * BUY, the ask for a SELL) under the spread it was opened with, as the server closes it; the mid
 * itself for a trade without a spread. Null when the price cannot be read.
 */
export function closingPriceNow(trade: Closable, mid: string): string | null {
  if (!trade.spread) return mid;
  const spec = findInstrument(trade.symbol);
  if (!spec) return mid;
  try {
    return closingPrice(trade.direction, applySpread(spec, trade.spread, mid));
  } catch {
    return null;
  }
}

/** "2.0 pips", "0.20%"; null for a trade without a spread. */
export function describeTradeSpread(trade: Pick<Trade, 'spread'>): string | null {
  return trade.spread ? formatSpread(trade.spread) : null;
}

/**
 * The result an open trade would have if it closed now at the mid `mid` (its unrealized result),
 * in cents: at its closing side, computed exactly as the server will compute it; null when the
 * figures cannot be read.
 */
export function computeUnrealizedResult(
  trade: Pick<Trade, 'direction' | 'amount' | 'lotSize' | 'openPrice'> & Closable,
  mid: string,
): bigint | null {
  const lot = parseLotSize(trade.lotSize);
  const price = closingPriceNow(trade, mid);
  if (!lot.ok || price === null) return null;
  try {
    return computeTradeResult({
      direction: trade.direction,
      amountCents: toMinorUnits(trade.amount),
      lotHundredths: lot.value,
      openPrice: trade.openPrice,
      closePrice: price,
    });
  } catch {
    return null;
  }
}

export type CustomerTradeStatus = 'Pending' | 'Profit' | 'Loss' | 'Break-even' | 'Unknown';

/**
 * Seed §2 Dashboard, "Status (Pending, Profit or Loss)": an open trade's result is still pending, a
 * closed one reads Profit or Loss (zero: Break-even).
 */
export function describeTradeStatus(trade: Pick<Trade, 'status' | 'result'>): CustomerTradeStatus {
  if (trade.status === 'open') return 'Pending';
  if (trade.status !== 'closed' || trade.result === null) return 'Unknown';
  const cents = toSignedCents(trade.result);
  return cents > 0n ? 'Profit' : cents < 0n ? 'Loss' : 'Break-even';
}
