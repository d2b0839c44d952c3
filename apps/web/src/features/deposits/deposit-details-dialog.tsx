import { COIN_SPECS } from '@candor/contracts/coins';
import {
  type Deposit,
  depositStatusLabel,
  formatUsdRate,
  RATE_SOURCE_LABELS,
} from '@candor/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { ProofOfPayment } from '../../components/proof-of-payment.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { formatCoin } from './deposit-format.ts';
import { ownDepositQuery } from './deposits-api.ts';

/**
 * A deposit opened from the customer's history: what was paid, where to, where it stands, and the
 * proof of payment they sent. The row's facts show at once; the fresh record and the proof follow.
 */
export function DepositDetailsDialog({ deposit, onClose }: { deposit: Deposit; onClose: () => void }) {
  const { data, error, refetch } = useQuery(ownDepositQuery(deposit.id));
  const shown = data ?? deposit;
  return (
    <Dialog title="Deposit details" busy={false} onCancel={onClose}>
      <div className="-mx-5 mt-2 max-h-[70vh] overflow-y-auto sm:-mx-6">
        <DepositFacts deposit={shown} />
        <section className="border-t border-slate-200 px-5 py-4 sm:px-6">
          <h3 className="text-sm font-semibold text-slate-900">Proof of payment</h3>
          {data ? (
            <ProofOfPayment proof={data.proof} label="Your proof of payment" />
          ) : error ? (
            <div className="mt-3">
              <LoadError onRetry={() => void refetch()}>
                {isApiError(error, 'NOT_FOUND')
                  ? 'This deposit was not found.'
                  : 'The proof of payment could not be loaded.'}
              </LoadError>
            </div>
          ) : (
            <LoadingState plain padding="py-6">
              Loading the proof of payment...
            </LoadingState>
          )}
        </section>
      </div>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}

function DepositFacts({ deposit }: { deposit: Deposit }) {
  const spec = COIN_SPECS[deposit.coin];
  const status = depositStatusLabel(deposit.status);
  return (
    <DetailList>
      <DetailRow label="Amount">{formatUsdDecimal(deposit.amount)}</DetailRow>
      <DetailRow label="Method">{spec.label}</DetailRow>
      <DetailRow label="You sent">
        <span className="tabular-nums">{formatCoin(deposit.cryptoAmount, deposit.coin)}</span>
        <span className="block text-xs text-slate-500 tabular-nums">
          1 {spec.ticker} = {formatUsdRate(deposit.rate)} ({RATE_SOURCE_LABELS[deposit.rateSource]})
        </span>
      </DetailRow>
      <DetailRow label="To address">
        <code className="font-mono break-all">{deposit.address}</code>
      </DetailRow>
      <DetailRow label="Transaction hash">
        {deposit.transactionHash ? (
          <code className="font-mono break-all">{deposit.transactionHash}</code>
        ) : (
          <span className="text-slate-500">Not given</span>
        )}
      </DetailRow>
      <DetailRow label="Status">
        <StatusBadge label={status} />
      </DetailRow>
      <DetailRow label="Submitted">
        <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
      </DetailRow>
      <DetailRow label="Decided">
        {deposit.decidedAt ? (
          <time dateTime={deposit.decidedAt}>{formatDateTime(deposit.decidedAt)}</time>
        ) : (
          <span className="text-slate-500">Not decided yet</span>
        )}
      </DetailRow>
      {deposit.status === 'rejected' && deposit.decisionReason ? (
        <DetailRow label="Reason">
          <span className="text-red-700">{deposit.decisionReason}</span>
        </DetailRow>
      ) : null}
    </DetailList>
  );
}
