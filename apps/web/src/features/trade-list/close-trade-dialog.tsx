import type { Quote } from '@candor/contracts/market';
import type { Trade } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { formatSignedUsd, formatUsdDecimal } from '../../lib/signed-usd.ts';
import { DIRECTION_LABELS, resultToneClass } from '../../lib/trade-format.ts';
import { closingPriceNow, computeUnrealizedResult, describeTradeSpread } from './trade-figures.ts';

/**
 * Asks before closing an open trade at market, with the result it would have at the latest price.
 * The server closes it at the price of the moment it receives the request.
 */
export function CloseTradeDialog({
  trade,
  quote,
  busy,
  onCancel,
  onConfirm,
}: {
  trade: Trade;
  quote: Quote | undefined;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const result = quote ? computeUnrealizedResult(trade, quote.price) : null;
  const closePrice = quote ? closingPriceNow(trade, quote.price) : null;
  const spread = describeTradeSpread(trade);
  const side = trade.direction === 'buy' ? 'bid' : 'ask';
  return (
    <Dialog title="Close trade" busy={busy} onCancel={onCancel}>
      <p className="mt-1 text-sm text-slate-600">
        Close your {DIRECTION_LABELS[trade.direction]} {trade.symbol} trade of{' '}
        {formatUsdDecimal(trade.amount)} (lot size {trade.lotSize}) at the market price?
      </p>
      {quote && result !== null && closePrice !== null ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700 tabular-nums">
          {spread
            ? `It closes at the ${side}: ${formatPrice(closePrice)} now (market ${formatPrice(quote.price)}, spread ${spread}); `
            : `At the current price of ${formatPrice(quote.price)} `}
          its result would be{' '}
          <span className={`font-semibold ${resultToneClass(result)}`}>{formatSignedUsd(result)}</span>. The
          result is fixed at the price of the moment it closes.
        </p>
      ) : null}
      <ConfirmButtons
        onConfirm={onConfirm}
        className="mt-5"
        busy={busy}
        onCancel={onCancel}
        confirmLabel="Close trade"
        busyLabel="Closing..."
        variant="primary"
      />
    </Dialog>
  );
}
