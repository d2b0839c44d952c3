import { NO_PAYMENT_NEEDED } from '@candor/contracts/no-payment-needed';
import { STAFF_ACCOUNT_IDENTITY_MESSAGE } from '@candor/contracts/staff';
import {
  DOCUMENT_SIDE_LABELS,
  type DocumentSide,
  documentHasBack,
  IDENTITY_DOCUMENT_TYPE_LABELS,
  IDENTITY_DOCUMENT_TYPES,
  type IdentityDocumentType,
  type OwnSubmission,
  SubmitVerificationRequestSchema,
  VERIFICATION_MESSAGES,
  type VerificationImage,
  type VerificationStatus,
} from '@candor/contracts/verifications';
import {
  type DocumentExpiryProblem,
  findDocumentExpiryProblem,
} from '@candor/domain/identity/document-expiry';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/card.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { LoadError, LoadingState } from '../../components/ui/load-states.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime, formatDay } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { ownVerificationQuery } from '../../lib/own-verification.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { submitVerification } from './identity-api.ts';
import { SideUpload } from './side-upload.tsx';

/**
 * /identity: the customer proves who they are once. They see where they stand ("Pending review",
 * "Verified", "Declined: {reason}"), and, when they may, send a document: its type, number and
 * expiry date, and the images of its front and back (a passport has no back).
 */
export function IdentityPage() {
  useDocumentBranding('Identity verification');
  const isStaff = useIsStaff();
  const { data, isPending, isError, refetch } = useQuery({ ...ownVerificationQuery, enabled: !isStaff });

  return (
    <div className="space-y-6">
      <div>
        <BackLink to="/account" label="Account" className="mb-3" />
        <PageHeader
          title="Identity verification"
          description="Your documents stay private: only you and our compliance staff can see them."
        />
      </div>
      {isStaff ? (
        // A staff account sends no documents; the server refuses them (decision 062).
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700">
          {STAFF_ACCOUNT_IDENTITY_MESSAGE}
        </p>
      ) : isPending ? (
        <LoadingState plain>Loading your verification...</LoadingState>
      ) : isError ? (
        <LoadError onRetry={() => void refetch()}>Your verification could not be loaded.</LoadError>
      ) : (
        <IdentityState verification={data} />
      )}
    </div>
  );
}

function IdentityState({ verification }: { verification: VerificationStatus }) {
  const latest = verification.submissions[0];
  const [again, setAgain] = useState(false);
  const resubmit = verification.resubmitSide;
  // After a decline the form waits for "Submit again"; a first submission or a request for one side shows it.
  const showForm =
    verification.canSubmit && (verification.status !== 'declined' || resubmit !== undefined || again);

  return (
    <>
      <StatusPanel verification={verification} latest={latest} />
      {verification.canSubmit && !showForm ? (
        <Button onClick={() => setAgain(true)}>{VERIFICATION_MESSAGES.submitAgain}</Button>
      ) : null}
      {showForm ? <SubmissionForm resubmitSide={resubmit} latest={latest} /> : null}
    </>
  );
}

const PANEL_TONES = {
  neutral: 'border-slate-200 bg-white',
  pending: 'border-amber-200 bg-amber-50',
  verified: 'border-emerald-200 bg-emerald-50',
  declined: 'border-red-200 bg-red-50',
} as const;

function StatusPanel({ verification, latest }: { verification: VerificationStatus; latest?: OwnSubmission }) {
  const reason = latest?.decisionReason ?? '';
  const { tone, title, body } =
    verification.status === 'verified'
      ? {
          tone: 'verified' as const,
          title: VERIFICATION_MESSAGES.verified,
          body: verification.verifiedUntil
            ? `Your identity is verified until your document expires on ${formatDay(verification.verifiedUntil)}.`
            : 'Your identity is verified.',
        }
      : verification.status === 'pending'
        ? {
            tone: 'pending' as const,
            title: VERIFICATION_MESSAGES.pendingReview,
            body: latest
              ? `Sent on ${formatDateTime(latest.submittedAt)}. We will tell you as soon as it is reviewed.`
              : 'We will tell you as soon as it is reviewed.',
          }
        : verification.resubmitSide && latest
          ? {
              tone: 'declined' as const,
              title: VERIFICATION_MESSAGES.resubmitRequested(verification.resubmitSide, reason),
              body: 'Send your document again below.',
            }
          : verification.status === 'declined'
            ? {
                tone: 'declined' as const,
                title: VERIFICATION_MESSAGES.declined(reason),
                body: 'You may send your document again.',
              }
            : {
                tone: 'neutral' as const,
                title: VERIFICATION_MESSAGES.notVerified,
                body: 'Send a photo of an identity document to get verified.',
              };

  return (
    <section
      aria-label="Verification status"
      className={`rounded-xl border p-5 shadow-sm sm:p-6 ${PANEL_TONES[tone]}`}
    >
      <h2 className="text-lg font-semibold wrap-anywhere text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{body}</p>
      {latest?.note &&
      (verification.status === 'declined' ||
        verification.status === 'verified' ||
        verification.resubmitSide) ? (
        <p className="mt-3 rounded-md bg-white/70 p-3 text-sm wrap-anywhere text-slate-800">
          <span className="font-medium">Note from our reviewer:</span> {latest.note}
        </p>
      ) : null}
      {tone === 'declined' ? (
        <p className="mt-3 text-sm font-medium text-slate-800">{NO_PAYMENT_NEEDED}</p>
      ) : null}
      {latest && verification.status !== 'unverified' ? (
        <p className="mt-3 text-xs text-slate-500">
          {IDENTITY_DOCUMENT_TYPE_LABELS[latest.documentType]} {latest.documentNumber}, expires{' '}
          {latest.documentExpiry}
        </p>
      ) : null}
    </section>
  );
}

/** A stored image the submission will refer to (uploaded now, or kept from the last submission). */
type KeptImage = Pick<VerificationImage, 'fileId'>;

type FieldErrors = { documentNumber?: string; documentExpiry?: string; images?: string };

/** What an expiry the domain rule refuses is told, here and by the server. */
const EXPIRY_MESSAGES = {
  EXPIRED: VERIFICATION_MESSAGES.documentExpired,
  TOO_FAR: VERIFICATION_MESSAGES.documentExpiryTooFar,
} as const satisfies Record<DocumentExpiryProblem, string>;

function SubmissionForm({ resubmitSide, latest }: { resubmitSide?: DocumentSide; latest?: OwnSubmission }) {
  const queryClient = useQueryClient();
  // Asked for one side again: the other side's image and the document's details are kept.
  const keptFront = resubmitSide === 'back' && latest?.frontFileId ? latest : undefined;
  const keptBack = resubmitSide === 'front' && latest?.backFileId ? latest : undefined;
  const [documentType, setDocumentType] = useState<IdentityDocumentType>(latest?.documentType ?? 'id_card');
  const [documentNumber, setDocumentNumber] = useState(latest?.documentNumber ?? '');
  const [documentExpiry, setDocumentExpiry] = useState(resubmitSide ? (latest?.documentExpiry ?? '') : '');
  const [front, setFront] = useState<KeptImage | null>(
    keptFront?.frontFileId ? { fileId: keptFront.frontFileId } : null,
  );
  const [back, setBack] = useState<KeptImage | null>(
    keptBack?.backFileId ? { fileId: keptBack.backFileId } : null,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const hasBack = documentHasBack(documentType);
  // A field's message goes once the field is changed; the images' once every image asked for is in.
  const clearError = (field: keyof FieldErrors) =>
    setErrors((shown) => (shown[field] ? { ...shown, [field]: undefined } : shown));
  const storeFront = (image: KeptImage | null) => {
    setFront(image);
    if (image && (!hasBack || back)) clearError('images');
  };
  const storeBack = (image: KeptImage | null) => {
    setBack(image);
    if (image && front) clearError('images');
  };
  const submit = useMutation({
    mutationFn: submitVerification,
    onSuccess: (status) => {
      queryClient.setQueryData(queryKeys.ownVerification, status);
      notify.success(VERIFICATION_MESSAGES.submitted);
    },
    onError: (error) => {
      // The server's expiry refusal (its clock decides) stands under the field it is about.
      const expiryMessage = Object.values(EXPIRY_MESSAGES).find((message) => message === error.message);
      if (isApiError(error, 'VALIDATION_FAILED') && expiryMessage) {
        setErrors({ documentExpiry: expiryMessage });
      } else notify.error(errorMessage(error));
    },
  });
  const askAgain = (side: DocumentSide) =>
    resubmitSide === side && latest?.decisionReason
      ? `Asked again: ${latest.decisionReason}${latest.note ? ` (${latest.note})` : ''}`
      : undefined;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const parsed = SubmitVerificationRequestSchema.safeParse({
      documentType,
      documentNumber,
      documentExpiry,
      frontFileId: front?.fileId,
      backFileId: hasBack ? back?.fileId : undefined,
    });
    // An expired document (before today, UTC) or an expiry too far ahead to be true is refused here
    // as the server would (the same domain rule). A date the schema refuses says why instead.
    const issues = parsed.success ? [] : parsed.error.issues;
    const expiryProblem = issues.some((issue) => issue.path[0] === 'documentExpiry')
      ? undefined
      : findDocumentExpiryProblem(documentExpiry.trim(), new Date().toISOString().slice(0, 10));
    if (!parsed.success || expiryProblem) {
      const found: FieldErrors = expiryProblem ? { documentExpiry: EXPIRY_MESSAGES[expiryProblem] } : {};
      for (const issue of issues) {
        const field = issue.path[0];
        if (field === 'documentNumber') found.documentNumber ??= issue.message;
        else if (field === 'documentExpiry') found.documentExpiry ??= issue.message;
        else if (field === 'frontFileId' || field === 'backFileId')
          found.images = hasBack
            ? VERIFICATION_MESSAGES.bothImagesRequired
            : VERIFICATION_MESSAGES.frontImageRequired;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    submit.mutate(parsed.data);
  };

  return (
    <form
      noValidate
      aria-label="Identity document"
      onSubmit={send}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">Document type</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {IDENTITY_DOCUMENT_TYPES.map((type) => (
            <label
              key={type}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2.5 text-sm ${
                documentType === type ? 'border-brand-500 bg-brand-50 text-brand-800' : 'border-slate-300'
              }`}
            >
              <input
                type="radio"
                name="documentType"
                value={type}
                checked={documentType === type}
                onChange={() => {
                  setDocumentType(type);
                  // A new type starts its back side afresh (a passport has none).
                  setBack(null);
                }}
                className="accent-brand-600"
              />
              {IDENTITY_DOCUMENT_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Document number"
          autoComplete="off"
          value={documentNumber}
          onChange={(event) => {
            setDocumentNumber(event.target.value);
            clearError('documentNumber');
          }}
          error={errors.documentNumber}
        />
        <TextField
          label="Expiry date"
          type="date"
          value={documentExpiry}
          onChange={(event) => {
            setDocumentExpiry(event.target.value);
            clearError('documentExpiry');
          }}
          error={errors.documentExpiry}
        />
      </div>

      <div className={`grid gap-4 ${hasBack ? 'md:grid-cols-2' : ''}`}>
        <SideUpload
          label={`${DOCUMENT_SIDE_LABELS.front} of the document`}
          highlight={askAgain('front')}
          kept={keptFront ? { url: keptFront.frontImageUrl } : undefined}
          onStored={storeFront}
        />
        {hasBack ? (
          <SideUpload
            label={`${DOCUMENT_SIDE_LABELS.back} of the document`}
            highlight={askAgain('back')}
            kept={keptBack ? { url: keptBack.backImageUrl } : undefined}
            onStored={storeBack}
          />
        ) : null}
      </div>
      {errors.images ? (
        <p role="alert" className="text-sm text-red-600">
          {errors.images}
        </p>
      ) : null}

      <FormSubmitRow busy={submit.isPending} busyLabel="Submitting...">
        Submit for review
      </FormSubmitRow>
    </form>
  );
}
