import {
  customerWithdrawalStatusLabel,
  payoutMethodLabel,
  WITHDRAWAL_MESSAGES,
  type Withdrawal,
} from '@candor/contracts/withdrawals';
import { Link } from '@tanstack/react-router';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';

const secondaryLink =
  'inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm ring-1 ring-slate-300 transition hover:bg-slate-50';
const primaryLink =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-brand-700';

/** Where a recorded request stands: pending, on hold with the hold's reason, or decided. */
export function WithdrawalOutcome({
  withdrawal,
  onAnother,
}: {
  withdrawal: Withdrawal;
  onAnother?: () => void;
}) {
  const label = customerWithdrawalStatusLabel(withdrawal.status);
  const amount = formatUsdDecimal(withdrawal.amount);
  const method = payoutMethodLabel(withdrawal);
  return (
    <section aria-label="Withdrawal status" className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900 tabular-nums">
          {amount} by {method}
        </h2>
        <StatusBadge label={label} />
      </div>
      {withdrawal.status === 'on_hold' ? (
        <div
          role="status"
          className="rounded-lg border border-orange-200 bg-orange-50 p-4 text-sm text-orange-900"
        >
          <p className="font-medium">Your withdrawal is on hold.</p>
          {withdrawal.holdReason ? (
            <p className="mt-1 wrap-anywhere">Reason: {withdrawal.holdReason}</p>
          ) : null}
          <p className="mt-2 font-medium">{WITHDRAWAL_MESSAGES.noPaymentNeeded}</p>
          <p className="mt-1">
            The amount stays reserved for this request until the hold is released. To cancel, use Cancel on
            the Withdrawals page.
          </p>
        </div>
      ) : withdrawal.status === 'pending' ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          Your request is recorded and {amount} is reserved from your balance. Once it is approved you receive{' '}
          {formatUsdDecimal(withdrawal.net)} (fee {formatUsdDecimal(withdrawal.fee)}).
        </p>
      ) : withdrawal.status === 'rejected' ? (
        <p
          role="status"
          className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm wrap-anywhere text-red-800"
        >
          This withdrawal was rejected and the amount returned to your balance.
          {withdrawal.rejectionReason ? ` Reason: ${withdrawal.rejectionReason}` : ''}
        </p>
      ) : withdrawal.status === 'approved' ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          This withdrawal was approved: {formatUsdDecimal(withdrawal.net)} was paid out.
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/withdrawals" className={primaryLink}>
          View withdrawals
        </Link>
        {onAnother ? (
          <button type="button" className={secondaryLink} onClick={onAnother}>
            Make another withdrawal
          </button>
        ) : (
          <Link to="/select-withdrawal" className={secondaryLink}>
            Make another withdrawal
          </Link>
        )}
      </div>
    </section>
  );
}
