import { APPROVAL_MESSAGES } from '@candor/contracts/approvals';
import { ENTRY_KIND_LABELS } from '@candor/contracts/ledger';
import {
  type AdminWithdrawal,
  DECISION_REASON_MAX_LENGTH,
  describePayout,
  formatFeePercent,
  payoutMethodLabel,
  withdrawalStatusLabel,
} from '@candor/contracts/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { DecisionButtons } from '../../components/ui/decision-buttons.tsx';
import { CustomerRow, DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { DetailsCard, DetailsSection } from '../../components/ui/details-card.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { ReasonDialog } from '../../components/ui/reason-dialog.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { adminWithdrawalQuery } from './admin-withdrawals-api.ts';
import { useWithdrawalDecision } from './use-withdrawal-decision.ts';
import { WithdrawalDecisionDialog } from './withdrawal-decision-dialog.tsx';

/** /withdrawal/{id}: every detail of one withdrawal; Approve / Reject (each with a reason) while pending, Release hold while on hold. */
export function WithdrawalDetailsPage() {
  useDocumentBranding('Withdrawal');
  const { id = '' } = useParams({ strict: false });
  const { data, isPending, error } = useQuery(adminWithdrawalQuery(id));

  return (
    <div className="space-y-4">
      <BackLink to="/all-user" search={{ tab: 'withdrawals' }} label="Withdrawals" />
      {isPending ? (
        <LoadingState plain>Loading withdrawal...</LoadingState>
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
  const canDecide = useCan('withdrawals.decide');
  // Releasing a hold is a compliance decision (withdrawal holds), not an accountant's.
  const canReleaseHold = useCan('withdrawals.settings');
  // Approve and Reject each ask for the reason first (decision 044); Release hold for an optional note.
  const [dialog, setDialog] = useState<'approve' | 'reject' | 'release' | null>(null);
  const waiting = withdrawal.awaitingApproval;
  const label = waiting ? APPROVAL_MESSAGES.awaiting : withdrawalStatusLabel(withdrawal.status);
  const amount = formatUsdDecimal(withdrawal.amount);
  const method = payoutMethodLabel(withdrawal);
  const busy = deciding === withdrawal.id;

  return (
    <DetailsCard
      title={amount}
      subtitle={`by ${method}`}
      status={label}
      actions={
        canDecide && withdrawal.status === 'pending' && !waiting ? (
          <DecisionButtons
            busy={busy}
            onApprove={() => setDialog('approve')}
            onReject={() => setDialog('reject')}
          />
        ) : canReleaseHold && withdrawal.status === 'on_hold' ? (
          <Button className="w-full sm:w-auto" disabled={busy} onClick={() => setDialog('release')}>
            Release hold
          </Button>
        ) : null
      }
    >
      <DetailList>
        <CustomerRow
          userId={withdrawal.userId}
          name={withdrawal.fullName || withdrawal.email}
          email={withdrawal.email}
        />
        <DetailRow label="Amount">{amount}</DetailRow>
        <DetailRow label="Fee">
          {formatUsdDecimal(withdrawal.fee)} ({formatFeePercent(withdrawal.feePercent)}%)
        </DetailRow>
        <DetailRow label="Customer receives">{formatUsdDecimal(withdrawal.net)}</DetailRow>
        <DetailRow label="Method">{method}</DetailRow>
        {describePayout(withdrawal).map((detail) => (
          <DetailRow key={detail.label} label={detail.label}>
            <span className="font-mono break-all">{detail.value}</span>
          </DetailRow>
        ))}
        <DetailRow label="Requested">
          <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
        </DetailRow>
        {withdrawal.holdReason ? <DetailRow label="Hold reason">{withdrawal.holdReason}</DetailRow> : null}
        {withdrawal.holdReleased ? (
          <DetailRow label="Hold released">
            by {withdrawal.holdReleased.by.name} on{' '}
            <time dateTime={withdrawal.holdReleased.at}>{formatDateTime(withdrawal.holdReleased.at)}</time>
          </DetailRow>
        ) : null}
        {withdrawal.status === 'awaiting_confirmation' ? (
          <DetailRow label="Confirmation">
            Waiting for the customer to enter the code e-mailed to them ({withdrawal.codeAttempts} wrong{' '}
            {withdrawal.codeAttempts === 1 ? 'try' : 'tries'}).
          </DetailRow>
        ) : null}
        {waiting ? (
          <DetailRow label="Four-eyes">
            Approved by {waiting.maker.name}; awaiting a second staff member on the Approvals tab since{' '}
            <time dateTime={waiting.createdAt}>{formatDateTime(waiting.createdAt)}</time>. Nothing has moved.
          </DetailRow>
        ) : null}
        <DetailRow label="Decision">
          {withdrawal.decidedAt ? (
            <>
              {label} by {withdrawal.decidedBy?.name ?? 'an administrator'} on{' '}
              <time dateTime={withdrawal.decidedAt}>{formatDateTime(withdrawal.decidedAt)}</time>
            </>
          ) : (
            <span className="text-slate-500">Not decided yet</span>
          )}
        </DetailRow>
        {withdrawal.decisionReason ? <DetailRow label="Reason">{withdrawal.decisionReason}</DetailRow> : null}
      </DetailList>

      <DetailsSection title="Ledger entries">
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
                <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                  {formatUsdDecimal(entry.amount)}
                </span>
                <time dateTime={entry.createdAt} className="text-xs text-slate-500">
                  {formatDateTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
        )}
      </DetailsSection>

      {dialog === 'approve' || dialog === 'reject' ? (
        <WithdrawalDecisionDialog
          kind={dialog}
          email={withdrawal.email}
          amount={amount}
          fee={formatUsdDecimal(withdrawal.fee)}
          net={formatUsdDecimal(withdrawal.net)}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={async (reason) => {
            await decide(withdrawal.id, { kind: dialog, reason });
            setDialog(null);
          }}
        />
      ) : dialog === 'release' ? (
        <ReasonDialog
          title="Release hold"
          readBy="staff"
          description={`The withdrawal of ${amount} becomes pending, ready to approve or reject.`}
          busyLabel="Releasing..."
          maxLength={DECISION_REASON_MAX_LENGTH}
          variant="primary"
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={async (reason) => {
            await decide(withdrawal.id, { kind: 'release_hold', reason: reason || undefined });
            setDialog(null);
          }}
        />
      ) : null}
    </DetailsCard>
  );
}
