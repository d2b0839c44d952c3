import { COIN_SPECS } from '@candor/contracts/coins';
import {
  type AdminDeposit,
  depositStatusLabel,
  formatUsdRate,
  RATE_SOURCE_LABELS,
} from '@candor/contracts/deposits';
import { toMinorUnits } from '@candor/contracts/money';
import { formatUsd } from '@candor/domain/money/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useDocumentBranding } from '../settings/settings-api.ts';
import { adminDepositQuery } from './admin-deposits-api.ts';
import { STATUS_STYLES } from './deposits-tab-search.ts';
import { RejectDepositDialog } from './reject-deposit-dialog.tsx';
import { useDepositDecision } from './use-deposit-decision.ts';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-slate-500 transition hover:text-slate-800';

/** /deposit/{id}: everything about one deposit, its proof of payment, and Approve / Reject while pending. */
export function DepositDetailsPage() {
  useDocumentBranding('Deposit');
  const { id = '' } = useParams({ strict: false });
  const { data, isPending, error } = useQuery(adminDepositQuery(id));

  return (
    <div className="space-y-4">
      <Link to="/all-user" search={{ tab: 'deposits' }} className={backLink}>
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
        Deposits
      </Link>
      {isPending ? (
        <div role="status" className="flex items-center gap-3 py-16 text-sm text-slate-500">
          <Spinner className="h-5 w-5 text-brand-600" /> Loading deposit...
        </div>
      ) : error ? (
        <EmptyState
          title={isApiError(error, 'NOT_FOUND') ? 'Deposit not found.' : 'The deposit could not be loaded.'}
        >
          <Link
            to="/all-user"
            search={{ tab: 'deposits' }}
            className="font-semibold text-brand-700 hover:underline"
          >
            Back to the deposits
          </Link>
        </EmptyState>
      ) : (
        <DepositDetails deposit={data} />
      )}
    </div>
  );
}

function DepositDetails({ deposit }: { deposit: AdminDeposit }) {
  const { decide, deciding } = useDepositDecision();
  const [rejecting, setRejecting] = useState(false);
  const spec = COIN_SPECS[deposit.coin];
  const label = depositStatusLabel(deposit.status);
  const amount = formatUsd(toMinorUnits(deposit.amount));
  const busy = deciding === deposit.id;

  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <header className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900 tabular-nums">
            {amount} <span className="text-base font-medium text-slate-500">by {spec.label}</span>
          </h1>
          <p className="mt-1 flex items-center gap-2 text-sm">
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[label] ?? STATUS_STYLES.Unknown}`}
            >
              {label}
            </span>
          </p>
        </div>
        {deposit.status === 'pending' ? (
          <div className="flex gap-2">
            <Button
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => void decide(deposit.id, { kind: 'approve' })}
            >
              {busy && !rejecting ? 'Approving...' : 'Approve'}
            </Button>
            <Button
              variant="danger"
              className="flex-1 sm:flex-none"
              disabled={busy}
              onClick={() => setRejecting(true)}
            >
              Reject
            </Button>
          </div>
        ) : null}
      </header>

      <dl className="grid gap-x-6 gap-y-3 p-5 text-sm sm:grid-cols-[auto_1fr] sm:p-6">
        <Field label="Customer">
          <Link
            to="/user/$id"
            params={{ id: deposit.userId }}
            className="font-medium text-brand-700 hover:underline"
          >
            {deposit.customerName}
          </Link>{' '}
          <span className="text-slate-500">({deposit.customerEmail})</span>
        </Field>
        <Field label="Amount">{amount}</Field>
        <Field label="Coin amount">
          {deposit.cryptoAmount} {spec.ticker}
        </Field>
        <Field label="Rate">
          1 {spec.ticker} = {formatUsdRate(deposit.rate)} ({RATE_SOURCE_LABELS[deposit.rateSource]})
        </Field>
        <Field label="Address shown">
          <code className="font-mono break-all">{deposit.address}</code>
        </Field>
        <Field label="Transaction hash">
          {deposit.transactionHash ? (
            <code className="font-mono break-all">{deposit.transactionHash}</code>
          ) : (
            <span className="text-slate-500">Not given</span>
          )}
        </Field>
        <Field label="Quote expiry">
          <time dateTime={deposit.quoteExpiresAt}>{formatDateTime(deposit.quoteExpiresAt)}</time>
        </Field>
        <Field label="Submitted">
          <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
        </Field>
        <Field label="Decision">
          {deposit.decidedAt ? (
            <>
              {label} by {deposit.decidedBy?.name ?? 'an administrator'} on{' '}
              <time dateTime={deposit.decidedAt}>{formatDateTime(deposit.decidedAt)}</time>
            </>
          ) : (
            <span className="text-slate-500">Not decided yet</span>
          )}
        </Field>
        {deposit.decisionReason ? <Field label="Reason">{deposit.decisionReason}</Field> : null}
      </dl>

      <section className="border-t border-slate-200 p-5 sm:p-6">
        <h2 className="text-sm font-semibold text-slate-900">Proof of payment</h2>
        {deposit.proof.contentType.startsWith('image/') ? (
          <a href={deposit.proof.url} target="_blank" rel="noreferrer" className="mt-3 block">
            <img
              src={deposit.proof.url}
              alt={`Proof of payment from ${deposit.customerEmail}`}
              className="max-h-[32rem] max-w-full rounded-lg border border-slate-200 object-contain"
            />
          </a>
        ) : (
          <a
            href={deposit.proof.url}
            target="_blank"
            rel="noreferrer"
            className="mt-3 inline-block font-semibold text-brand-700 hover:underline"
          >
            Open the proof of payment (PDF)
          </a>
        )}
      </section>

      {rejecting ? (
        <RejectDepositDialog
          email={deposit.customerEmail}
          amount={amount}
          busy={busy}
          onCancel={() => setRejecting(false)}
          onConfirm={async (reason) => {
            await decide(deposit.id, { kind: 'reject', reason });
            setRejecting(false);
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
