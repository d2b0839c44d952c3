import { CLOSED_BY_LABELS, type CopiedFrom, type Trade } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A delay for people, to the unit that matters: "48 ms", "1.5 s", "12 s", "3 min 5 s",
 * "2 h 10 min", "4 d 3 h".
 */
export function formatDelay(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < SECOND) return `${Math.round(abs)} ms`;
  if (abs < 10 * SECOND) return `${(Math.floor(abs / 100) / 10).toFixed(1)} s`;
  if (abs < MINUTE) return `${Math.floor(abs / SECOND)} s`;
  const [big, bigUnit, small, smallUnit] =
    abs < HOUR
      ? [MINUTE, 'min', SECOND, 's']
      : abs < DAY
        ? [HOUR, 'h', MINUTE, 'min']
        : [DAY, 'd', HOUR, 'h'];
  const whole = Math.floor(abs / big);
  const rest = Math.floor((abs % big) / small);
  return rest === 0 ? `${whole} ${bigUnit}` : `${whole} ${bigUnit} ${rest} ${smallUnit}`;
}

/** A copy with what its gap lines need: its direction and who closed it (the lists' trade rows). */
export type CopiedTrade = Pick<Trade, 'direction' | 'closedBy'> & { copiedFrom: CopiedFrom };

/**
 * How a copy's price compares with the provider's, for the follower: "4.71 better than their
 * price", "49.40 worse than their price", or "at their price". `difference` is the copy's price −
 * the provider's; a BUY gains by opening lower and closing higher, a SELL the other way round.
 */
export function describePriceGap(
  direction: Trade['direction'],
  side: 'open' | 'close',
  difference: string,
): string {
  const negative = difference.startsWith('-');
  const size = negative ? difference.slice(1) : difference;
  if (/^0(\.0+)?$/.test(size)) return 'at their price';
  const higher = !negative;
  const better = (direction === 'buy') === (side === 'close') ? higher : !higher;
  return `${formatPrice(size)} ${better ? 'better' : 'worse'} than their price`;
}

/**
 * How a copy's close line starts: who closed it when the system did, in the words of the statement's
 * line for it ("closed by the copy stop-loss at …", "stopped out at …"); "Closed" otherwise (a close
 * by staff says so beside the row, ClosedByStaff).
 */
function closeVerb(closedBy: Trade['closedBy']): string {
  if (closedBy === 'copy_stop_loss') return CLOSED_BY_LABELS.copy_stop_loss;
  if (closedBy === 'stop_out') return 'Stopped out';
  return 'Closed';
}

function describeWhen(delayMs: number): string {
  return `${formatDelay(delayMs)} ${delayMs < 0 ? 'before' : 'after'} the provider`;
}

/** "Opened 1.5 s after the provider, 12.50 worse than their price". */
export function describeCopyOpen({ direction, copiedFrom }: CopiedTrade): string {
  return `Opened ${describeWhen(copiedFrom.openDelayMs)}, ${describePriceGap(direction, 'open', copiedFrom.openPriceDifference)}`;
}

/**
 * "Closed 0.8 s after the provider, 10.00 worse than their price", "Closed by the copy stop-loss
 * 1 min 35 s before the provider, 49.40 worse than their price"; null until both trades are closed.
 */
export function describeCopyClose({ direction, closedBy, copiedFrom }: CopiedTrade): string | null {
  if (copiedFrom.closeDelayMs === null || copiedFrom.closePriceDifference === null) return null;
  return `${closeVerb(closedBy)} ${describeWhen(copiedFrom.closeDelayMs)}, ${describePriceGap(direction, 'close', copiedFrom.closePriceDifference)}`;
}
