import type { CopiedFrom } from '@candor/contracts/trades';
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

/** "+12.50", "−0.00008", "0.00": a signed price difference with thousands separators. */
export function formatPriceDifference(difference: string): string {
  const negative = difference.startsWith('-');
  const abs = negative ? difference.slice(1) : difference;
  const zero = /^0(\.0+)?$/.test(abs);
  return `${zero ? '' : negative ? '−' : '+'}${formatPrice(abs)}`;
}

function describeGap(verb: 'Opened' | 'Closed', delayMs: number, difference: string): string {
  const when = `${formatDelay(delayMs)} ${delayMs < 0 ? 'before' : 'after'} the provider`;
  const price = /^-?0(\.0+)?$/.test(difference)
    ? 'at their price'
    : `${formatPriceDifference(difference)} from their price`;
  return `${verb} ${when}, ${price}`;
}

/** "Opened 1.5 s after the provider, +12.50 from their price". */
export function describeCopyOpen(copy: CopiedFrom): string {
  return describeGap('Opened', copy.openDelayMs, copy.openPriceDifference);
}

/** "Closed 0.8 s after the provider, −10.00 from their price"; null until both trades are closed. */
export function describeCopyClose(copy: CopiedFrom): string | null {
  if (copy.closeDelayMs === null || copy.closePriceDifference === null) return null;
  return describeGap('Closed', copy.closeDelayMs, copy.closePriceDifference);
}
