import { DESK_TRADE_MESSAGES, DESK_TRADE_STATUS_LABELS, type Trade } from '@candor/contracts/trades';
import { formatPrice } from '@candor/domain/money/decimal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card, EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatSignedUsd, formatUsdDecimal, toSignedCents } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import {
  DIRECTION_LABELS,
  describeDeskState,
  deskStateToneClass,
  directionToneClass,
  resultToneClass,
} from '../../lib/trade-format.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { answerDeskTrade, ownDeskTradesQuery } from './desk-trades-api.ts';

/**
 * /desk-trades: trades the desk booked on the customer's behalf (PRODUCT.md §2). Each is a proposal
 * with everything needed to judge it (instrument, side, amount, prices and times, the result, the
 * desk's reason, the expiry); nothing is posted unless the customer accepts it.
 */
export function DeskTradesPage() {
  useDocumentBranding('Desk trades');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(ownDeskTradesQuery(page));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Desk trades"
        description="Trades our desk executed outside the platform on your behalf. Nothing is posted to your account unless you accept it; a trade you do not accept within 7 days expires."
      />
      {isPending ? (
        <LoadingState>Loading desk trades...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your desk trades could not be loaded.</LoadError>
      ) : data.total === 0 ? (
        <EmptyState title="No trades booked by the desk." />
      ) : (
        <div className={isPlaceholderData ? 'space-y-4 opacity-60' : 'space-y-4'}>
          {data.items.map((trade) => (
            <DeskTradeCard key={trade.id} trade={trade} />
          ))}
          {data.pageCount > 1 ? (
            <Pagination page={page} loaded={data} onPage={setPage} loading={isPlaceholderData} waitForPage />
          ) : null}
        </div>
      )}
    </div>
  );
}

type Answer = 'accept' | 'reject';

function DeskTradeCard({ trade }: { trade: Trade }) {
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Either answer is final: each is confirmed in a dialog first.
  const [confirming, setConfirming] = useState<Answer | null>(null);
  const answer = useIdempotentMutation({
    mutationFn: (choice: Answer, key: string) => answerDeskTrade(trade.id, choice, key),
    onMutate: () => setRefusal(null),
    onSuccess: (_trade, choice) => {
      notify.success(choice === 'accept' ? DESK_TRADE_MESSAGES.accepted : DESK_TRADE_MESSAGES.rejected);
    },
    onError: (error) => {
      const message = errorMessage(error);
      setRefusal(message);
      notify.error(message);
    },
    // Balances, statement, trade lists, these proposals and the banner.
    onSettled: () => {
      setConfirming(null);
      return queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
  const desk = trade.desk;
  if (!desk) return null;
  const title = `${DIRECTION_LABELS[trade.direction]} ${trade.symbol}`;
  const cents = trade.result === null ? null : toSignedCents(trade.result);

  return (
    <Card>
      <article aria-label={`${title}, ${DESK_TRADE_STATUS_LABELS[desk.status]}`}>
        <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 pt-5 pb-3 sm:px-6">
          <h2 className="text-base font-semibold text-slate-900">
            <span className={directionToneClass(trade.direction)}>{DIRECTION_LABELS[trade.direction]}</span>{' '}
            {trade.symbol}{' '}
            <span className="ml-1 text-xs font-semibold text-indigo-700">{DESK_TRADE_MESSAGES.bookedBy}</span>
          </h2>
          <span className={`text-sm font-semibold ${deskStateToneClass(desk.status)}`}>
            {describeDeskState(desk)}
          </span>
        </header>
        <DetailList>
          <DetailRow label="Instrument">{trade.symbol}</DetailRow>
          <DetailRow label="Side">{DIRECTION_LABELS[trade.direction]}</DetailRow>
          <DetailRow label="Amount">
            {formatUsdDecimal(trade.amount)} · lot size {trade.lotSize}
          </DetailRow>
          <DetailRow label="Opened">
            <span className="tabular-nums">{formatPrice(trade.openPrice)}</span> on{' '}
            <time dateTime={trade.openedAt}>{formatDateTime(trade.openedAt)}</time>
          </DetailRow>
          <DetailRow label="Closed">
            {trade.closePrice && trade.closedAt ? (
              <>
                <span className="tabular-nums">{formatPrice(trade.closePrice)}</span> on{' '}
                <time dateTime={trade.closedAt}>{formatDateTime(trade.closedAt)}</time>
              </>
            ) : (
              '—'
            )}
          </DetailRow>
          <DetailRow label="Result">
            {cents === null ? (
              '—'
            ) : (
              <span className={`font-semibold ${resultToneClass(cents)}`}>{formatSignedUsd(cents)}</span>
            )}
          </DetailRow>
          <DetailRow label="Reason">{desk.reason}</DetailRow>
          <DetailRow label="Booked by">
            The desk, on <time dateTime={desk.bookedAt}>{formatDateTime(desk.bookedAt)}</time>
          </DetailRow>
          {desk.status === 'proposed' ? (
            <DetailRow label="Expires">
              <time dateTime={desk.expiresAt}>{formatDateTime(desk.expiresAt)}</time> (nothing is posted if
              you do not accept it by then)
            </DetailRow>
          ) : null}
        </DetailList>
        {desk.status === 'proposed' ? (
          <div className="space-y-3 border-t border-slate-100 px-5 py-4 sm:px-6">
            {refusal ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
                {refusal}
              </p>
            ) : null}
            <p className="text-sm text-slate-600">
              Accepting posts this result to your balance and statement. Rejecting posts nothing.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button disabled={answer.isPending} onClick={() => setConfirming('accept')}>
                Accept trade
              </Button>
              <Button variant="secondary" disabled={answer.isPending} onClick={() => setConfirming('reject')}>
                Reject trade
              </Button>
            </div>
          </div>
        ) : null}
      </article>
      {confirming ? (
        <ConfirmAnswerDialog
          choice={confirming}
          title={title}
          result={cents === null ? null : formatSignedUsd(cents)}
          busy={answer.isPending}
          onConfirm={() => answer.mutate(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </Card>
  );
}

/** The last step before a final answer: what accepting or rejecting this trade does. */
function ConfirmAnswerDialog({
  choice,
  title,
  result,
  busy,
  onConfirm,
  onCancel,
}: {
  choice: Answer;
  title: string;
  result: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const accepting = choice === 'accept';
  return (
    <Dialog title={accepting ? 'Accept this trade?' : 'Reject this trade?'} busy={busy} onCancel={onCancel}>
      <p className="mt-2 text-sm text-slate-600">
        {accepting ? (
          <>
            The result of {title}
            {result ? (
              <>
                {' '}
                (<strong className="text-slate-900">{result}</strong>)
              </>
            ) : null}{' '}
            is posted to your balance and statement.
          </>
        ) : (
          `Nothing is posted for ${title}. A rejected trade cannot be accepted later.`
        )}
      </p>
      <ConfirmButtons
        onConfirm={onConfirm}
        busy={busy}
        onCancel={onCancel}
        confirmLabel={accepting ? 'Accept trade' : 'Reject trade'}
        busyLabel={accepting ? 'Accepting...' : 'Rejecting...'}
        variant={accepting ? 'primary' : 'danger'}
      />
    </Dialog>
  );
}
