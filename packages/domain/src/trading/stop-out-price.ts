import { requireDecimal } from '../money/decimal.ts';
import { formatDecimal } from '../money/money.ts';
import type { TradeDirection } from './trade-result.ts';

/** Decimals the stored stop-out price carries beyond the open price's own. */
const STOP_OUT_EXTRA_DECIMALS = 6;

/**
 * The price at which a trade is stopped out, stored with the trade as a PRE-FILTER for the
 * stop-out monitor's query; the decision itself is always `isStopOut` (computeTradeResult).
 *
 * With A the amount in cents and L the lot size in hundredths, `computeTradeResult` rounds half
 * away from zero, so the result reaches −A once the exact loss reaches A − ½ cent:
 *   BUY  stopped out ⇔ price ≤ open × (A·(L − 100) + 50) / (A·L)   (none when that is ≤ 0)
 *   SELL stopped out ⇔ price ≥ open × (A·(L + 100) − 50) / (A·L)
 * (≈ open × (1 ∓ 100/L), the textbook stop-out, a hair closer to the open price because of the
 * half cent). The bound is rational; it is rounded OUTWARD to the open price's decimals + 6 (up
 * for a BUY, down for a SELL), so every price that stops a trade out passes the filter; the few
 * that pass within that last digit without stopping it out are refused by `isStopOut`.
 * A BUY at lot size 1.00 is stopped out only near a price of zero (open ÷ 2A); below 1.00 (for
 * amounts of 50 cents and more) it can never lose its whole amount: null.
 */
export function computeStopOutPrice(input: {
  direction: TradeDirection;
  amountCents: bigint;
  lotHundredths: number;
  openPrice: string;
}): string | null {
  const open = requireDecimal(input.openPrice);
  const amount = input.amountCents;
  const lot = BigInt(input.lotHundredths);
  if (amount <= 0n || lot <= 0n || open.units <= 0n)
    throw new Error('a trade needs a positive amount, lot and price');
  const factor = input.direction === 'buy' ? amount * (lot - 100n) + 50n : amount * (lot + 100n) - 50n;
  if (factor <= 0n) return null;
  const numerator = open.units * 10n ** BigInt(STOP_OUT_EXTRA_DECIMALS) * factor;
  const denominator = amount * lot;
  const units =
    input.direction === 'buy' ? (numerator + denominator - 1n) / denominator : numerator / denominator;
  if (units <= 0n) return null;
  return formatDecimal(units, open.scale + STOP_OUT_EXTRA_DECIMALS);
}
