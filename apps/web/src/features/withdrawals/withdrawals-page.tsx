import { NO_PAYMENT_NEEDED } from '@candor/contracts/no-payment-needed';
import {
  customerWithdrawalStatusLabel,
  formatFeePercent,
  payoutMethodLabel,
  summarizePayout,
  WITHDRAWAL_MESSAGES,
  type Withdrawal,
} from '@candor/contracts/withdrawals';
import { isCancellableWithdrawal } from '@candor/domain/withdrawals/withdrawal-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState, PageHeader } from '../../components/ui/card.tsx';
import { DateBadge } from '../../components/ui/date-badge.tsx';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { Pagination } from '../../components/ui/pagination.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import { WithdrawalProtectionGate } from './withdrawal-protection-notice.tsx';
import { cancelWithdrawal, withdrawalsPageQuery } from './withdrawals-api.ts';

const primaryLink =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700';

/** /withdrawals: the customer's withdrawals, newest first, five a page (seed §2). */
export function WithdrawalsPage() {
  useDocumentBranding('Withdrawals');
  const [page, setPage] = useState(1);
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(withdrawalsPageQuery(page));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Withdrawals"
        description="Every withdrawal you requested and where it stands."
        actions={
          <Link to="/select-withdrawal" className={primaryLink}>
            Make withdrawal
          </Link>
        }
      />
      <WithdrawalProtectionGate />
      {isPending ? (
        <LoadingState>Loading withdrawals...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your withdrawals could not be loaded.</LoadError>
      ) : data.items.length === 0 ? (
        <EmptyState title="No withdrawals yet." />
      ) : (
        <div className={isPlaceholderData ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            {data.items.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.id} withdrawal={withdrawal} />
            ))}
          </ul>
          {data.pageCount > 1 ? <Pagination page={page} loaded={data} onPage={setPage} /> : null}
        </div>
      )}
    </div>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: Withdrawal }) {
  const [asking, setAsking] = useState(false);
  return (
    // On phones the status and Cancel go under the details (indented past the date), which keep the width.
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 p-4 sm:flex-nowrap">
      <DateBadge iso={withdrawal.createdAt} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 tabular-nums">
          AMOUNT {formatUsdDecimal(withdrawal.amount)}
        </p>
        <p className="text-xs font-medium tracking-wide text-slate-500">TRADING BALANCE WITHDRAWAL</p>
        <p className="mt-1 text-sm wrap-anywhere text-slate-700">
          {payoutMethodLabel(withdrawal)} · {summarizePayout(withdrawal)}
        </p>
        <p className="text-xs text-slate-500 tabular-nums">
          Fee {formatUsdDecimal(withdrawal.fee)} ({formatFeePercent(withdrawal.feePercent)}%) · You receive{' '}
          {formatUsdDecimal(withdrawal.net)}
        </p>
        {withdrawal.status === 'on_hold' ? (
          <div className="mt-1 text-sm text-orange-800">
            {withdrawal.holdReason ? <p className="wrap-anywhere">Reason: {withdrawal.holdReason}</p> : null}
            <p className="font-medium">{WITHDRAWAL_MESSAGES.noPaymentNeeded}</p>
          </div>
        ) : null}
        {withdrawal.status === 'rejected' && withdrawal.rejectionReason ? (
          <div className="mt-1 text-sm text-red-700">
            <p className="wrap-anywhere">Reason: {withdrawal.rejectionReason}</p>
            <p className="font-medium">{NO_PAYMENT_NEEDED}</p>
          </div>
        ) : null}
        {withdrawal.status === 'awaiting_confirmation' ? (
          <Link
            to="/select-withdrawal"
            search={{ confirm: withdrawal.id }}
            className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline"
          >
            Enter the confirmation code
          </Link>
        ) : null}
      </div>
      <div className="flex w-full items-center justify-between gap-2 pl-16 sm:w-auto sm:shrink-0 sm:flex-col sm:items-end sm:justify-start sm:pl-0">
        <StatusBadge label={customerWithdrawalStatusLabel(withdrawal.status)} className="whitespace-nowrap" />
        {isCancellableWithdrawal(withdrawal.status) ? (
          <Button
            variant="secondary"
            // A tap target at least 44 px high on a phone.
            className="min-h-11 px-3 py-1.5 text-xs"
            aria-label={`Cancel the withdrawal of ${formatUsdDecimal(withdrawal.amount)}`}
            onClick={() => setAsking(true)}
          >
            Cancel
          </Button>
        ) : null}
      </div>
      {asking ? <CancelDialog withdrawal={withdrawal} onClose={() => setAsking(false)} /> : null}
    </li>
  );
}

/** Asks before cancelling; the amount returns to the balance as soon as the server says so. */
function CancelDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useIdempotentMutation({
    mutationFn: (id: string, key) => cancelWithdrawal(id, key),
    onSuccess: async (cancelled) => {
      queryClient.setQueryData(queryKeys.ownWithdrawals.one(cancelled.id), cancelled);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
      notify.success(WITHDRAWAL_MESSAGES.cancelled);
      onClose();
    },
    onError: async (error) => {
      setFailure(errorMessage(error));
      // Decided meanwhile: show where it stands now.
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownWithdrawals.all });
    },
  });
  return (
    <Dialog title="Cancel withdrawal" busy={cancel.isPending} onCancel={onClose}>
      <p className="mt-1 text-sm text-slate-600">
        {formatUsdDecimal(withdrawal.amount)} by {payoutMethodLabel(withdrawal)}.{' '}
        {WITHDRAWAL_MESSAGES.cancelQuestion}
      </p>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      ) : null}
      {/* The shared buttons: the second click of the double click that opened it confirms nothing. */}
      <ConfirmButtons
        className="mt-5"
        busy={cancel.isPending}
        onCancel={onClose}
        onConfirm={() => cancel.mutate(withdrawal.id)}
        confirmLabel="Cancel withdrawal"
        busyLabel="Cancelling..."
        variant="danger"
        dismissLabel="Keep it"
      />
    </Dialog>
  );
}
