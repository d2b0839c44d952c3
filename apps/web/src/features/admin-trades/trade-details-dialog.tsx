import { AdminCloseTradeRequestSchema, type AdminTradeDetail } from '@candor/contracts/admin-trades';
import { CLOSED_BY_LABELS } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { formatSpread } from '@candor/domain/trading/spread';
import { useQuery } from '@tanstack/react-query';
import { CopyGap } from '../../components/copied-from-mark.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CustomerRow, DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { Dialog, DialogButtons } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { TextAreaField } from '../../components/ui/text-area-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import {
  DIRECTION_LABELS,
  describeDeskState,
  deskStateToneClass,
  directionToneClass,
  resultToneClass,
} from '../../lib/trade-format.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { ADMIN_TRADE_STATUS_LABELS } from './admin-trade-status.ts';
import { type AdminCloseTradeRequest, adminTradeQuery } from './admin-trades-api.ts';
import { useCloseAtMarket } from './use-close-at-market.ts';

/**
 * The "Trade details" modal of the All trades tab. An open trade shows the current price and the
 * result closing now would give, and can be closed at market with a reason. Nobody types a result.
 */
export function TradeDetailsDialog({ id, onDone }: { id: string; onDone: () => void }) {
  const { data, isPending, error, refetch } = useQuery(adminTradeQuery(id));
  const { decide, deciding } = useCloseAtMarket();
  const canClose = useCan('trades.manage');
  const busy = deciding === id;

  return (
    <Dialog title="Trade details" busy={busy} onCancel={onDone}>
      <div className="-mx-5 mt-2 max-h-[70vh] overflow-y-auto sm:-mx-6">
        {isPending ? (
          <div className="px-5 sm:px-6">
            <LoadingState plain>Loading trade...</LoadingState>
          </div>
        ) : error ? (
          <div className="p-5 sm:p-6">
            <LoadError onRetry={() => void refetch()}>
              {isApiError(error, 'NOT_FOUND')
                ? 'This trade was not found.'
                : 'The trade could not be loaded.'}
            </LoadError>
          </div>
        ) : (
          <>
            <TradeFacts trade={data} />
            {canClose && data.status === 'open' ? (
              <CloseAtMarketForm
                trade={data}
                busy={busy}
                onCancel={onDone}
                onConfirm={(request) => void decide(id, request)}
              />
            ) : null}
          </>
        )}
      </div>
      {data?.status === 'open' ? null : (
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={onDone}>
            Done
          </Button>
        </div>
      )}
    </Dialog>
  );
}

function SignedResult({ decimal }: { decimal: string }) {
  const cents = toSignedCents(decimal);
  return <span className={`font-semibold ${resultToneClass(cents)}`}>{formatSignedUsd(cents)}</span>;
}

function TradeFacts({ trade }: { trade: AdminTradeDetail }) {
  const open = trade.status === 'open';
  return (
    <DetailList>
      <CustomerRow userId={trade.userId} name={trade.customerName} email={trade.email} />
      <DetailRow label="Asset">
        {trade.symbol}{' '}
        <span className={`font-semibold ${directionToneClass(trade.direction)}`}>
          {DIRECTION_LABELS[trade.direction]}
        </span>
      </DetailRow>
      <DetailRow label="Status">
        <span className="inline-flex flex-wrap items-center gap-2">
          <StatusBadge label={ADMIN_TRADE_STATUS_LABELS[trade.status]} />
          {trade.bookedByDesk ? (
            <span className="text-xs font-semibold text-indigo-700">Booked by desk</span>
          ) : null}
        </span>
      </DetailRow>
      {trade.copiedFrom ? (
        <DetailRow label="Copied from">
          <span className="font-medium">{trade.copiedFrom.providerName}</span>
          <CopyGap trade={trade} className="mt-0.5" />
        </DetailRow>
      ) : null}
      {trade.desk ? (
        <>
          <DetailRow label="Customer's answer">
            <span className={`font-semibold ${deskStateToneClass(trade.desk.status)}`}>
              {describeDeskState(trade.desk)}
            </span>
            <span className="block text-xs text-slate-500">
              Booked {formatDateTime(trade.desk.bookedAt)}. Nothing is posted unless the customer accepts it.
            </span>
          </DetailRow>
          <DetailRow label="Reason">{trade.desk.reason}</DetailRow>
        </>
      ) : null}
      <DetailRow label="Amount">{formatUsdDecimal(trade.amount)}</DetailRow>
      <DetailRow label="Lot size">{trade.lotSize}</DetailRow>
      <DetailRow label="Amount traded">{formatUsdDecimal(trade.exposure)}</DetailRow>
      <DetailRow label="Open price">
        <span className="tabular-nums">{formatPrice(trade.openPrice)}</span>
        {trade.openMidPrice ? (
          <span className="block text-xs text-slate-500 tabular-nums">
            {trade.direction === 'buy' ? 'Ask' : 'Bid'} · mid {formatPrice(trade.openMidPrice)}
          </span>
        ) : null}
      </DetailRow>
      <DetailRow label="Spread">
        {trade.spread ? (
          formatSpread(trade.spread)
        ) : (
          <span className="text-slate-500">
            {trade.bookedByDesk ? 'Recorded prices' : 'None (opened at the mid)'}
          </span>
        )}
      </DetailRow>
      <DetailRow label="Opened">
        <time dateTime={trade.openedAt}>{formatDateTime(trade.openedAt)}</time>
      </DetailRow>
      {open ? (
        <>
          <DetailRow label="Current price">
            {trade.currentPrice ? (
              <span className="tabular-nums">
                {formatPrice(trade.currentPrice)}
                {trade.closePriceNow && trade.closePriceNow !== trade.currentPrice ? (
                  <span className="block text-xs text-slate-500">
                    Closes at the {trade.direction === 'buy' ? 'bid' : 'ask'}:{' '}
                    {formatPrice(trade.closePriceNow)}
                  </span>
                ) : null}
              </span>
            ) : (
              <span className="text-slate-500">Not available</span>
            )}
            {trade.priceStale ? (
              <span className="block text-xs text-amber-700">
                This price is not updating at the moment: closing is refused until it does.
              </span>
            ) : null}
          </DetailRow>
          <DetailRow label="Result at this price">
            {trade.resultAtCurrentPrice === null ? (
              <span className="text-slate-500">Not available</span>
            ) : (
              <SignedResult decimal={trade.resultAtCurrentPrice} />
            )}
          </DetailRow>
        </>
      ) : (
        <>
          <DetailRow label="Close price">
            {trade.closePrice ? <span className="tabular-nums">{formatPrice(trade.closePrice)}</span> : '—'}
            {trade.closeMidPrice ? (
              <span className="block text-xs text-slate-500 tabular-nums">
                {trade.direction === 'buy' ? 'Bid' : 'Ask'} · mid {formatPrice(trade.closeMidPrice)}
              </span>
            ) : null}
          </DetailRow>
          <DetailRow label="Closed">
            {trade.closedAt ? <time dateTime={trade.closedAt}>{formatDateTime(trade.closedAt)}</time> : '—'}
          </DetailRow>
          <DetailRow label="Outcome">
            {trade.result === null ? '—' : <SignedResult decimal={trade.result} />}
          </DetailRow>
          <DetailRow label="Closed by">{trade.closedBy ? CLOSED_BY_LABELS[trade.closedBy] : '—'}</DetailRow>
          {trade.closeReason ? <DetailRow label="Reason">{trade.closeReason}</DetailRow> : null}
        </>
      )}
      <DetailRow label="Price source">{trade.priceSource}</DetailRow>
    </DetailList>
  );
}

/** Close at market: the result is the market's, the administrator gives only the reason. */
function CloseAtMarketForm({
  trade,
  busy,
  onCancel,
  onConfirm,
}: {
  trade: AdminTradeDetail;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (request: AdminCloseTradeRequest) => void;
}) {
  const form = useZodForm(AdminCloseTradeRequestSchema, { reason: '' });
  const field = bindFields(form);
  const { handleSubmit } = form;

  return (
    <form
      noValidate
      aria-label="Close at market"
      className="space-y-4 border-t border-slate-200 px-5 pt-4 sm:px-6"
      onSubmit={handleSubmit(onConfirm)}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Close at market</h3>
        <p className="mt-1 text-sm text-slate-500">
          The trade closes at the market price of the moment you confirm
          {trade.closePriceNow ? ` (now ${formatPrice(trade.closePriceNow)})` : ''}
          {trade.spread ? `, on its closing side with its own spread of ${formatSpread(trade.spread)}` : ''}
          {'; its result follows from that price.'} The customer's balance changes by the result.
        </p>
      </div>
      <TextAreaField
        label="Reason"
        hint="Required. Shown to the customer on the trade and their statement, and e-mailed to them."
        {...field('reason')}
      />
      <DialogButtons
        busy={busy}
        onCancel={onCancel}
        confirmLabel="Close at market"
        busyLabel="Closing..."
        variant="danger"
      />
    </form>
  );
}
