import { COIN_SPECS } from '@candor/contracts/coins';
import {
  type AdminDeposit,
  depositStatusLabel,
  formatUsdRate,
  RATE_SOURCE_LABELS,
} from '@candor/contracts/deposits';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ProofOfPayment } from '../../components/proof-of-payment.tsx';
import { BackLink } from '../../components/ui/back-link.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { DecisionButtons } from '../../components/ui/decision-buttons.tsx';
import { CustomerRow, DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { DetailsCard, DetailsSection } from '../../components/ui/details-card.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { useCan } from '../../lib/permissions.ts';
import { formatUsdDecimal } from '../../lib/signed-usd.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { adminDepositQuery } from './admin-deposits-api.ts';
import { DepositDecisionDialog } from './deposit-decision-dialog.tsx';
import { type Decision, useDepositDecision } from './use-deposit-decision.ts';

/** /deposit/{id}: everything about one deposit, its proof of payment, and Approve / Reject (each with a reason) while pending. */
export function DepositDetailsPage() {
  useDocumentBranding('Deposit');
  const { id = '' } = useParams({ strict: false });
  const { data, isPending, error } = useQuery(adminDepositQuery(id));

  return (
    <div className="space-y-4">
      <BackLink to="/all-user" search={{ tab: 'deposits' }} label="Deposits" />
      {isPending ? (
        <LoadingState plain>Loading deposit...</LoadingState>
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
  const canDecide = useCan('deposits.decide');
  // Approve and Reject each ask for the reason first (decision 044).
  const [asking, setAsking] = useState<Decision['kind'] | null>(null);
  const spec = COIN_SPECS[deposit.coin];
  const label = depositStatusLabel(deposit.status);
  const amount = formatUsdDecimal(deposit.amount);
  const busy = deciding === deposit.id;

  return (
    <DetailsCard
      title={amount}
      subtitle={`by ${spec.label}`}
      status={label}
      actions={
        canDecide && deposit.status === 'pending' ? (
          <DecisionButtons
            busy={busy}
            onApprove={() => setAsking('approve')}
            onReject={() => setAsking('reject')}
          />
        ) : null
      }
    >
      <DetailList>
        <CustomerRow userId={deposit.userId} name={deposit.customerName} email={deposit.customerEmail} />
        <DetailRow label="Amount">{amount}</DetailRow>
        <DetailRow label="Coin amount">
          {deposit.cryptoAmount} {spec.ticker}
        </DetailRow>
        <DetailRow label="Rate">
          1 {spec.ticker} = {formatUsdRate(deposit.rate)} ({RATE_SOURCE_LABELS[deposit.rateSource]})
        </DetailRow>
        <DetailRow label="Address shown">
          <code className="font-mono break-all">{deposit.address}</code>
        </DetailRow>
        <DetailRow label="Transaction hash">
          {deposit.transactionHash ? (
            <code className="font-mono break-all">{deposit.transactionHash}</code>
          ) : (
            <span className="text-slate-500">Not given</span>
          )}
        </DetailRow>
        <DetailRow label="Quote expiry">
          <time dateTime={deposit.quoteExpiresAt}>{formatDateTime(deposit.quoteExpiresAt)}</time>
        </DetailRow>
        <DetailRow label="Submitted">
          <time dateTime={deposit.createdAt}>{formatDateTime(deposit.createdAt)}</time>
        </DetailRow>
        <DetailRow label="Decision">
          {deposit.decidedAt ? (
            <>
              {label} by {deposit.decidedBy?.name ?? 'an administrator'} on{' '}
              <time dateTime={deposit.decidedAt}>{formatDateTime(deposit.decidedAt)}</time>
            </>
          ) : (
            <span className="text-slate-500">Not decided yet</span>
          )}
        </DetailRow>
        {deposit.decisionReason ? <DetailRow label="Reason">{deposit.decisionReason}</DetailRow> : null}
      </DetailList>

      <DetailsSection title="Proof of payment">
        <ProofOfPayment
          proof={deposit.proof}
          label={`Proof of payment from ${deposit.customerEmail}`}
          large
        />
      </DetailsSection>

      {asking ? (
        <DepositDecisionDialog
          kind={asking}
          email={deposit.customerEmail}
          amount={amount}
          busy={busy}
          onCancel={() => setAsking(null)}
          onConfirm={async (reason) => {
            await decide(deposit.id, { kind: asking, reason });
            setAsking(null);
          }}
        />
      ) : null}
    </DetailsCard>
  );
}
