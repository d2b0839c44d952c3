import {
  type AdminVerificationDetail,
  documentHasBack,
  IDENTITY_DOCUMENT_TYPE_LABELS,
  SUBMISSION_STATUS_LABELS,
  type SubmissionDecision,
  VERIFICATION_MESSAGES,
  type VerificationDecision,
} from '@candor/contracts/verifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/card.tsx';
import { DetailList, DetailRow } from '../../components/ui/detail-list.tsx';
import { DetailsCard, DetailsSection } from '../../components/ui/details-card.tsx';
import { LoadingState } from '../../components/ui/load-states.tsx';
import { RoleNotAllowed } from '../../components/ui/role-not-allowed.tsx';
import { StatusBadge } from '../../components/ui/status-badge.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime, formatDay } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { useIdempotentMutation } from '../../lib/use-idempotent-mutation.ts';
import {
  adminVerificationQuery,
  decideVerification,
  verificationReasonsQuery,
} from './admin-verifications-api.ts';
import { type DecisionChoice, DecisionDialog } from './decision-dialog.tsx';
import { DocumentImage } from './document-image.tsx';
import { formatWaiting } from './verification-format.ts';

/**
 * /admin/verifications/{uid}: a customer's latest submission with everything a reviewer needs on one
 * screen, and Approve / Decline / Ask to resubmit one side while it is pending. Opening it claims a
 * pending submission for 15 minutes; the buttons wait while another reviewer holds it.
 */
export function VerificationDetailsPage() {
  useDocumentBranding('Verification');
  const canRead = useCan('verifications.read');
  return (
    <div className="space-y-4">
      <BackLink to="/all-user" search={{ tab: 'verifications' }} label="Verifications" />
      {canRead ? (
        <LoadedVerification />
      ) : (
        <RoleNotAllowed permission="verifications.read" doing="review identity verifications" />
      )}
    </div>
  );
}

function LoadedVerification() {
  const { uid = '' } = useParams({ strict: false });
  const { data, isPending, error, refetch, isFetching } = useQuery(adminVerificationQuery(uid));
  return isPending ? (
    <LoadingState plain>Loading verification...</LoadingState>
  ) : error ? (
    <EmptyState
      title={
        isApiError(error, 'NOT_FOUND')
          ? VERIFICATION_MESSAGES.notFound
          : 'The verification could not be loaded.'
      }
    >
      <Link
        to="/all-user"
        search={{ tab: 'verifications' }}
        className="font-semibold text-brand-700 hover:underline"
      >
        Back to the verifications
      </Link>
    </EmptyState>
  ) : (
    <VerificationDetails detail={data} onRenewLinks={() => void refetch()} renewing={isFetching} />
  );
}

function VerificationDetails({
  detail,
  onRenewLinks,
  renewing,
}: {
  detail: AdminVerificationDetail;
  onRenewLinks: () => void;
  renewing: boolean;
}) {
  const canDecide = useCan('verifications.decide');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<VerificationDecision | null>(null);
  const reasons = useQuery({ ...verificationReasonsQuery, enabled: canDecide });
  const hasBack = documentHasBack(detail.documentType);
  const heldByOther = detail.claim !== null && !detail.claim.mine;
  const pending = detail.submissionStatus === 'pending';
  // A broken image asks once for fresh links (they last a minute); the button asks again.
  const renewedFor = useRef<string | null>(null);
  const renewOnce = () => {
    if (renewedFor.current === detail.imageLinksExpireAt) return;
    renewedFor.current = detail.imageLinksExpireAt;
    onRenewLinks();
  };

  const decide = useIdempotentMutation({
    mutationFn: (choice: DecisionChoice, key: string) =>
      decideVerification(detail.userId, { submissionId: detail.submissionId, ...choice }, key),
    onSuccess: (_answer, choice) => {
      notify.success(
        choice.decision === 'approve'
          ? VERIFICATION_MESSAGES.approved
          : choice.decision === 'decline'
            ? VERIFICATION_MESSAGES.declinedToast
            : VERIFICATION_MESSAGES.resubmitToast,
      );
      setAsking(null);
    },
    onError: (error) =>
      notify.error(VERIFICATION_MESSAGES.decisionFailed, { description: errorMessage(error) }),
    // Every staff view: the Users tab shows and filters by verification, and the audit log has a new row.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });

  return (
    <DetailsCard
      title={detail.fullname}
      subtitle={detail.email}
      status={SUBMISSION_STATUS_LABELS[detail.submissionStatus]}
      actions={
        canDecide && pending ? (
          <div className="flex flex-col gap-2 sm:items-end">
            <div className="flex flex-wrap gap-2 sm:justify-end">
              <Button disabled={heldByOther || decide.isPending} onClick={() => setAsking('approve')}>
                Approve
              </Button>
              <Button
                variant="danger"
                disabled={heldByOther || decide.isPending}
                onClick={() => setAsking('decline')}
              >
                Decline
              </Button>
              <Button
                variant="secondary"
                disabled={heldByOther || decide.isPending}
                onClick={() => setAsking('resubmit')}
              >
                Ask to resubmit one side
              </Button>
            </div>
            {heldByOther ? (
              <p role="note" className="text-xs text-amber-700">
                {VERIFICATION_MESSAGES.claimedByOther}
              </p>
            ) : null}
          </div>
        ) : null
      }
    >
      <DetailList>
        <DetailRow label="Email">{detail.email}</DetailRow>
        <DetailRow label="Full name">{detail.fullname}</DetailRow>
        <DetailRow label="Document type">{IDENTITY_DOCUMENT_TYPE_LABELS[detail.documentType]}</DetailRow>
        <DetailRow label="Document number">
          <code className="font-mono">{detail.documentNumber}</code>
        </DetailRow>
        <DetailRow label="Expiry date">
          <time dateTime={detail.documentExpiry}>{formatDay(detail.documentExpiry)}</time>
        </DetailRow>
        <DetailRow label="Submitted">
          <time dateTime={detail.submittedAt}>{formatDateTime(detail.submittedAt)}</time>{' '}
          <span className="text-slate-500">
            ({pending ? 'waiting' : 'decided after'} {formatWaiting(detail.waitingSeconds)})
          </span>
        </DetailRow>
        {pending ? (
          <DetailRow label="Reviewer">
            {detail.claim ? (
              detail.claim.mine ? (
                <>
                  You are reviewing this until{' '}
                  <time dateTime={detail.claim.until}>{formatDateTime(detail.claim.until)}</time>
                </>
              ) : (
                VERIFICATION_MESSAGES.claimedBy(detail.claim.by.name, formatDateTime(detail.claim.until))
              )
            ) : (
              <span className="text-slate-500">Nobody holds it</span>
            )}
          </DetailRow>
        ) : null}
        {detail.decision ? <DecisionRows decision={detail.decision} /> : null}
      </DetailList>

      <DetailsSection title="Document images">
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-500">
            Links are private to you and expire at {formatDateTime(detail.imageLinksExpireAt)}.
          </p>
          <Button
            variant="secondary"
            className="px-3 py-1.5 text-xs"
            disabled={renewing}
            onClick={onRenewLinks}
          >
            {renewing ? 'Reloading...' : 'Reload images'}
          </Button>
        </div>
        <div className={`mt-3 grid gap-4 ${hasBack ? 'md:grid-cols-2' : ''}`}>
          <DocumentImage label="Front" url={detail.frontImageUrl} onBroken={renewOnce} />
          {hasBack ? <DocumentImage label="Back" url={detail.backImageUrl} onBroken={renewOnce} /> : null}
        </div>
      </DetailsSection>

      <DetailsSection title="Other accounts with this document number">
        {detail.duplicates.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">None</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {detail.duplicates.map((other) => (
              <li key={other.userId}>
                <Link
                  to="/user/$id"
                  params={{ id: other.userId }}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {other.email}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </DetailsSection>

      <DetailsSection title="Earlier submissions">
        {detail.earlierSubmissions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">None</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {detail.earlierSubmissions.map((earlier) => (
              <li key={earlier.id} className="py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge label={SUBMISSION_STATUS_LABELS[earlier.status]} />
                  <span className="text-slate-700">
                    {IDENTITY_DOCUMENT_TYPE_LABELS[earlier.documentType]} {earlier.documentNumber}
                  </span>
                  <span className="text-xs text-slate-500">
                    sent <time dateTime={earlier.submittedAt}>{formatDateTime(earlier.submittedAt)}</time>
                  </span>
                </div>
                <p className="mt-1 text-slate-600">
                  {earlier.reasonLabel ? `Reason: ${earlier.reasonLabel}` : null}
                  {earlier.approvalReason ? `${APPROVAL_REASON_LABEL}: ${earlier.approvalReason}` : null}
                  {earlier.note ? ` · Note: ${earlier.note}` : null}
                  {earlier.decidedBy ? ` · by ${earlier.decidedBy.name}` : null}
                  {earlier.imagesErased ? ' · images erased' : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </DetailsSection>

      {asking ? (
        <DecisionDialog
          decision={asking}
          email={detail.email}
          reasons={reasons.data?.items ?? []}
          hasBack={hasBack}
          busy={decide.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(choice) => decide.mutate(choice)}
        />
      ) : null}
    </DetailsCard>
  );
}

/** Why the reviewer approved (docs/decisions/061): staff read it here, the customer never does. */
const APPROVAL_REASON_LABEL = 'Approval reason (staff only)';

function DecisionRows({ decision }: { decision: SubmissionDecision }) {
  return (
    <>
      <DetailRow label="Decision">
        {SUBMISSION_STATUS_LABELS[decision.status]}
        {decision.decidedBy ? ` by ${decision.decidedBy.name}` : ''}
        {decision.decidedAt ? (
          <>
            {' '}
            on <time dateTime={decision.decidedAt}>{formatDateTime(decision.decidedAt)}</time>
          </>
        ) : null}
      </DetailRow>
      {decision.reasonLabel ? <DetailRow label="Reason">{decision.reasonLabel}</DetailRow> : null}
      {decision.approvalReason ? (
        <DetailRow label={APPROVAL_REASON_LABEL}>{decision.approvalReason}</DetailRow>
      ) : null}
      {decision.resubmitSide ? <DetailRow label="Side asked again">{decision.resubmitSide}</DetailRow> : null}
      {decision.note ? <DetailRow label="Note">{decision.note}</DetailRow> : null}
    </>
  );
}
