import { formatUtcMinute } from '@candor/contracts/account-security';
import type { DeskTradeBooking } from '@candor/contracts/approvals';
import { formatPrice } from '@candor/domain/money/decimal';
import type { ReactNode } from 'react';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { DIRECTION_LABELS, directionToneClass, resultToneClass } from '../../lib/trade-format.ts';

/** A desk booking's result as the card's headline: signed, green for a profit, red for a loss. */
export function BookingResultText({ result }: { result: string }) {
  const cents = toSignedCents(result);
  return (
    <p className={`text-xl font-semibold tabular-nums sm:text-right ${resultToneClass(cents)}`}>
      {formatSignedUsd(cents)}
      <span className="ml-2 align-middle text-xs font-medium text-slate-500 uppercase">
        {cents < 0n ? 'loss' : 'profit'}
      </span>
    </p>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-slate-800 tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * The trade a desk booking above the threshold would propose to its customer (docs/decisions/054):
 * instrument and direction, amount and lot size, open and close (UTC, as the booking form takes
 * them) with their prices, and the result computed from them.
 */
export function DeskTradeBookingDetails({ booking }: { booking: DeskTradeBooking }) {
  return (
    <dl
      aria-label="Booked trade"
      className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-lg border border-slate-100 bg-slate-50/60 p-3 text-sm sm:grid-cols-3"
    >
      <Term label="Instrument">
        <span className="font-medium">{booking.symbol}</span>{' '}
        <span className={`text-xs font-semibold ${directionToneClass(booking.direction)}`}>
          {DIRECTION_LABELS[booking.direction]}
        </span>
      </Term>
      <Term label="Amount">{formatUsdDecimal(booking.amount)}</Term>
      <Term label="Lot size">×{booking.lotSize}</Term>
      <Term label="Opened">
        {formatPrice(booking.openPrice)}
        <span className="block text-xs text-slate-500">{formatUtcMinute(booking.openedAt)}</span>
      </Term>
      <Term label="Closed">
        {formatPrice(booking.closePrice)}
        <span className="block text-xs text-slate-500">{formatUtcMinute(booking.closedAt)}</span>
      </Term>
      <Term label="Result">
        <span className={`font-semibold ${resultToneClass(toSignedCents(booking.result))}`}>
          {formatSignedUsd(toSignedCents(booking.result))}
        </span>
      </Term>
    </dl>
  );
}
