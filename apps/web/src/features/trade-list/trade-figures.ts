import { toMinorUnits } from '@candor/contracts/money';
import type { Trade } from '@candor/contracts/trades';
import { computeTradeResult, parseLotSize } from '@candor/domain/trading/trade-result';
import { toSignedCents } from '../../lib/signed-usd.ts';

/**
 * The result an open trade would have if it closed at `price` (its unrealized result), in cents,
 * computed exactly as the server will compute it; null when the figures cannot be read.
 */
export function computeUnrealizedResult(
  trade: Pick<Trade, 'direction' | 'amount' | 'lotSize' | 'openPrice'>,
  price: string,
): bigint | null {
  const lot = parseLotSize(trade.lotSize);
  if (!lot.ok) return null;
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

export type CustomerTradeStatus = 'Open' | 'Profit' | 'Loss' | 'Break-even' | 'Unknown';

/** Seed §2 Dashboard: an open trade reads Open, a closed one Profit or Loss (zero: Break-even). */
export function describeTradeStatus(trade: Pick<Trade, 'status' | 'result'>): CustomerTradeStatus {
  if (trade.status === 'open') return 'Open';
  if (trade.status !== 'closed' || trade.result === null) return 'Unknown';
  const cents = toSignedCents(trade.result);
  return cents > 0n ? 'Profit' : cents < 0n ? 'Loss' : 'Break-even';
}
