import { ENTRY_KIND_LABELS } from '@candor/contracts/ledger';
import {
  type AdminWithdrawal,
  describePayout,
  formatFeePercent,
  payoutMethodLabel,
  withdrawalStatusLabel,
} from '@candor/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { adminWithdrawalQuery } from './admin-withdrawals-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { useWithdrawalDecision } from './use-withdrawal-decision.ts';
import { usdText } from './withdrawal-text.ts';
import { STATUS_STYLES } from './withdrawals-tab-search.ts';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-slate-500 transition hover:text-slate-800';

/** /withdrawal/{id}: every detail of one withdrawal; Approve / Reject while pending, Release hold while on hold. */
export function WithdrawalDetailsPage() {
  useDocumentBranding('Withdrawal');
  const { id = '' } = useParams({ strict: false });
  const { data, isPending, error } = useQuery(adminWithdrawalQuery(id));

  return (
    <div className="space-y-4">
      <Link to="/all-user" search={{ tab: 'withdrawals' }} className={backLink}>
        <svg
          className="h-4 w-4"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        Withdrawals
      </Link>
      {isPending ? (
        <div role="status" className="flex items-center gap-3 py-16 text-sm text-slate-500">
          <Spinner className="h-5 w-5 text-brand-600" /> Loading withdrawal...
        </div>
      ) : error ? (
        <EmptyState
          title={
            isApiError(error, 'NOT_FOUND') ? 'Withdrawal not found.' : 'The withdrawal could not be loaded.'
          }
        >
          <Link
            to="/all-user"
            search={{ tab: 'withdrawals' }}
            className="font-semibold text-brand-700 hover:underline"
          >
            Back to the withdrawals
          </Link>
        </EmptyState>
      ) : (
        <WithdrawalDetails withdrawal={data} />
      )}
    </div>
  );
}

function WithdrawalDetails({ withdrawal }: { withdrawal: AdminWithdrawal }) {
  const { decide, deciding } = useWithdrawalDecision();
  const [dialog, setDialog] = useState<'reject' | 'release' | null>(null);
  const label = withdrawalStatusLabel(withdrawal.status);
  const amount = usdText(withdrawal.amount);
  const method = payoutMethodLabel(withdrawal);
  const busy = deciding === withdrawal.id;

  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {amount} <span className="text-base font-medium text-slate-500">by {method}</span>
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
            >
              {label}
            </span>
          </p>
        </div>
        {withdrawal.status === 'pending' ? (
          <div className="flex gap-2">
            <Button
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => void decide(withdrawal.id, { kind: 'approve' })}
            >
              {busy && !dialog ? 'Approving...' : 'Approve'}
            </Button>
            <Button
              variant="danger"
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => setDialog('reject')}
            >
              Reject
            </Button>
          </div>
        ) : withdrawal.status === 'on_hold' ? (
          <Button className="w-full sm:w-auto" disabled={busy} onClick={() => setDialog('release')}>
            Release hold
          </Button>
        ) : null}
      </header>

      <dl className="grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-[auto_1fr] sm:p-6">
        <Field label="Customer">
          <Link
            to="/user/$id"
            params={{ id: withdrawal.userId }}
            className="font-medium text-brand-700 hover:underline"
          >
            {withdrawal.fullName || withdrawal.email}
          </Link>{' '}
          <span className="text-slate-500">({withdrawal.email})</span>
        </Field>
        <Field label="Amount">{amount}</Field>
        <Field label="Fee">
          {usdText(withdrawal.fee)} ({formatFeePercent(withdrawal.feePercent)}%)
        </Field>
        <Field label="Customer receives">{usdText(withdrawal.net)}</Field>
        <Field label="Method">{method}</Field>
        {describePayout(withdrawal).map((detail) => (
          <Field key={detail.label} label={detail.label}>
            <span className="font-mono break-all">{detail.value}</span>
          </Field>
        ))}
        <Field label="Requested">
          <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
        </Field>
        {withdrawal.holdReason ? <Field label="Hold reason">{withdrawal.holdReason}</Field> : null}
        {withdrawal.status === 'awaiting_confirmation' ? (
          <Field label="Confirmation">
            Waiting for the customer to enter the code e-mailed to them ({withdrawal.codeAttempts} wrong{' '}
            {withdrawal.codeAttempts === 1 ? 'try' : 'tries'}).
          </Field>
        ) : null}
        <Field label="Decision">
          {withdrawal.decidedAt ? (
            <>
              {label} on <time dateTime={withdrawal.decidedAt}>{formatDateTime(withdrawal.decidedAt)}</time>
            </>
          ) : (
            <span className="text-slate-500">Not decided yet</span>
          )}
        </Field>
        {withdrawal.decisionReason ? <Field label="Reason">{withdrawal.decisionReason}</Field> : null}
      </dl>

      <section className="border-t border-slate-200 p-5 sm:p-6">
        <h2 className="text-sm font-semibold text-slate-900">Ledger entries</h2>
        {withdrawal.entries.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">None.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100 text-sm">
            {withdrawal.entries.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-3"
              >
                <span className="font-mono text-xs text-slate-500">#{entry.id}</span>
                <span className="font-medium text-slate-900">{ENTRY_KIND_LABELS[entry.kind]}</span>
                <span className="min-w-0 flex-1 text-slate-600">{entry.description}</span>
                <time dateTime={entry.createdAt} className="text-xs text-slate-500">
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </section>

      {dialog === 'reject' ? (
        <ReasonDialog
          title="Reject withdrawal"
          description={`${amount} to ${withdrawal.email}. The reserved amount returns to the customer's balance.`}
          confirmLabel="Reject withdrawal"
          busyLabel="Rejecting..."
          required
          hint="Shown to the customer."
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={async (reason) => {
            await decide(withdrawal.id, { kind: 'reject', reason });
            setDialog(null);
          }}
        />
      ) : dialog === 'release' ? (
        <ReasonDialog
          title="Release hold"
          description={`The withdrawal of ${amount} becomes pending, ready to approve or reject.`}
          confirmLabel="Release hold"
          busyLabel="Releasing..."
          required={false}
          hint="Recorded in the audit log."
          variant="primary"
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={async (reason) => {
            await decide(withdrawal.id, { kind: 'release_hold', reason: reason || undefined });
            setDialog(null);
          }}
        />
      ) : null}
    </article>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 wrap-anywhere text-slate-900">{children}</dd>
    </>
  );
}
