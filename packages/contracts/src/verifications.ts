import { DOCUMENT_EXPIRY_MAX_YEARS } from '@candor/domain/identity/document-expiry';
import { z } from 'zod';
import { IdentityStatusSchema } from './auth.ts';
import { pageOf } from './money.ts';
import { REASON_REQUIRED } from './reasons.ts';
import { SearchTextSchema } from './search.ts';
import { customerText, staffOnlyText } from './staff-texts.ts';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** Identity verification (issue 12): the customer's /identity page and the Verifications tab. */

/** Verifications per page on the Verifications tab (seed §9: 10). */
export const VERIFICATIONS_PAGE_SIZE = 10;
/** A reviewer who opens a pending submission holds it for this long. */
export const VERIFICATION_CLAIM_SECONDS = 15 * 60;
/** Links to ID images handed to staff are good for this long (a minute or less). */
export const VERIFICATION_IMAGE_LINK_SECONDS = 60;
/** The customer is told this many days before their document (and so their verification) expires. */
export const VERIFICATION_EXPIRY_NOTICE_DAYS = 30;

export const DOCUMENT_NUMBER_MAX_LENGTH = 40;
export const VERIFICATION_NOTE_MAX_LENGTH = 500;
/** An approval's reason: why the reviewer believes the document (staff only, docs/decisions/061). */
export const APPROVAL_REASON_MAX_LENGTH = 500;
export const REASON_LABEL_MAX_LENGTH = 80;
export const REASON_CODE_MAX_LENGTH = 40;

export const IDENTITY_DOCUMENT_TYPES = ['id_card', 'passport', 'driving_licence'] as const;
export const IdentityDocumentTypeSchema = z.enum(IDENTITY_DOCUMENT_TYPES);
export type IdentityDocumentType = z.infer<typeof IdentityDocumentTypeSchema>;

export const IDENTITY_DOCUMENT_TYPE_LABELS = {
  id_card: 'ID card',
  passport: 'Passport',
  driving_licence: 'Driving licence',
} as const satisfies Record<IdentityDocumentType, string>;

/** Whether a document type has a back side to upload (a passport has not). */
export function documentHasBack(type: IdentityDocumentType): boolean {
  return type !== 'passport';
}

/** Where one submission stands. A decision is final for that submission. */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'declined', 'resubmit_requested'] as const;
export const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

export const SUBMISSION_STATUS_LABELS = {
  pending: 'Pending review',
  approved: 'Verified',
  declined: 'Declined',
  resubmit_requested: 'Resubmission requested',
} as const satisfies Record<SubmissionStatus, string>;

export const DOCUMENT_SIDES = ['front', 'back'] as const;
export const DocumentSideSchema = z.enum(DOCUMENT_SIDES);
export type DocumentSide = z.infer<typeof DocumentSideSchema>;

export const DOCUMENT_SIDE_LABELS = {
  front: 'Front',
  back: 'Back',
} as const satisfies Record<DocumentSide, string>;

export const VERIFICATION_DECISIONS = ['approve', 'decline', 'resubmit'] as const;
export const VerificationDecisionSchema = z.enum(VERIFICATION_DECISIONS);
export type VerificationDecision = z.infer<typeof VerificationDecisionSchema>;

export const VERIFICATION_DECISION_LABELS = {
  approve: 'Approve',
  decline: 'Decline',
  resubmit: 'Ask to resubmit one side',
} as const satisfies Record<VerificationDecision, string>;

/** The reasons staff pick from, seeded; staff can edit the labels, add more and retire some. */
export const DEFAULT_VERIFICATION_REASONS = [
  { code: 'unreadable', label: 'Unreadable' },
  { code: 'expired', label: 'Expired' },
  { code: 'name_mismatch', label: 'Name mismatch' },
  { code: 'document_not_accepted', label: 'Document not accepted' },
  { code: 'other', label: 'Other' },
] as const;

/** The texts of the identity screens and the server's refusals (seed §2 Identity, §5, §8). */
export const VERIFICATION_MESSAGES = {
  bothImagesRequired: 'Please upload both Front and Back ID images before submitting.',
  frontImageRequired: 'Please upload the Front ID image before submitting.',
  uploadSuccessful: 'Upload Successful',
  uploadFailed: 'Upload Failed',
  documentTypeRequired: 'Choose a document type',
  documentNumberRequired: 'Document number is required',
  documentNumberTooLong: `The document number can be at most ${DOCUMENT_NUMBER_MAX_LENGTH} characters`,
  documentExpiryRequired: 'Expiry date is required',
  documentExpiryInvalid: 'Enter the expiry date as YYYY-MM-DD',
  documentExpired: 'This document has expired. Please use a valid document.',
  /** An expiry more than DOCUMENT_EXPIRY_MAX_YEARS (20) years ahead: taken for a typo. */
  documentExpiryTooFar: `Check the expiry date: it is more than ${DOCUMENT_EXPIRY_MAX_YEARS} years from today.`,
  backNotForPassport: 'A passport has no back side to upload',
  submitted: 'Pending review',
  pendingReview: 'Pending review',
  verified: 'Verified',
  accountVerified: 'Account Verified',
  notVerified: 'Not verified',
  declined: (reason: string) => `Declined: ${reason}`,
  resubmitRequested: (side: DocumentSide, reason: string) =>
    `Please upload the ${DOCUMENT_SIDE_LABELS[side]} image again: ${reason}`,
  submitAgain: 'Submit again',
  alreadyPending: 'Your documents are already waiting for review.',
  alreadyVerified: 'Your identity is already verified.',
  imageNotFound: 'ID image not found',
  imageInUse: 'This image is already attached to another submission',
  empty: 'No verifications available',
  notFound: 'Verification not found',
  claimedBy: (name: string, until: string) => `${name} is reviewing this until ${until}`,
  claimedByOther: 'Another reviewer is working on this verification.',
  alreadyDecided: 'This submission was already decided',
  reasonRequired: 'Choose a reason',
  reasonUnknown: 'Choose a reason from the list',
  sideRequired: 'Choose the side to upload again',
  noteTooLong: `The note can be at most ${VERIFICATION_NOTE_MAX_LENGTH} characters`,
  approvalReasonTooLong: `The reason can be at most ${APPROVAL_REASON_MAX_LENGTH} characters`,
  approved: 'Verification approved',
  declinedToast: 'Verification declined',
  resubmitToast: 'Resubmission requested',
  decisionFailed: 'Something went wrong. Please try again later.',
  reasonLabelRequired: 'Label is required',
  reasonLabelTooLong: `The label can be at most ${REASON_LABEL_MAX_LENGTH} characters`,
  reasonCodeInvalid: 'The code must be lower-case letters, digits and underscores',
  reasonCodeTaken: 'A reason with this code already exists',
  reasonSaved: 'Reason saved',
  linkExpired: 'This link has expired. Please reload the page.',
} as const;

/** A document number as the duplicate search compares it: upper-case, without spaces. */
export function normalizeDocumentNumber(text: string): string {
  return text.toUpperCase().replace(/\s+/g, '');
}

const DateOnlySchema = readInvisibleAsEmpty(
  z
    .string({ error: VERIFICATION_MESSAGES.documentExpiryRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.documentExpiryRequired)
    .regex(/^\d{4}-\d{2}-\d{2}$/, VERIFICATION_MESSAGES.documentExpiryInvalid)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, VERIFICATION_MESSAGES.documentExpiryInvalid),
);

// ---------- customers ----------

/**
 * POST /api/verifications: the uploaded images (POST /api/verifications/images) and the document's
 * details. `backFileId` is required except for a passport, and refused for one.
 */
export const SubmitVerificationRequestSchema = z
  .object({
    documentType: IdentityDocumentTypeSchema.meta({ description: 'id_card | passport | driving_licence' }),
    documentNumber: readInvisibleAsEmpty(
      z
        .string({ error: VERIFICATION_MESSAGES.documentNumberRequired })
        .trim()
        .min(1, VERIFICATION_MESSAGES.documentNumberRequired)
        .max(DOCUMENT_NUMBER_MAX_LENGTH, VERIFICATION_MESSAGES.documentNumberTooLong),
    ),
    documentExpiry: DateOnlySchema,
    frontFileId: z.uuid({ error: VERIFICATION_MESSAGES.bothImagesRequired }),
    backFileId: z.uuid({ error: VERIFICATION_MESSAGES.bothImagesRequired }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.documentType === 'passport' && value.backFileId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['backFileId'],
        message: VERIFICATION_MESSAGES.backNotForPassport,
      });
    if (value.documentType !== 'passport' && value.backFileId === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['backFileId'],
        message: VERIFICATION_MESSAGES.bothImagesRequired,
      });
  })
  .meta({ id: 'SubmitVerificationRequest' });
export type SubmitVerificationRequest = z.infer<typeof SubmitVerificationRequestSchema>;

/** POST /api/verifications/images (multipart, one file): the stored private image. */
export const VerificationImageSchema = z
  .object({ fileId: z.uuid(), url: z.string(), contentType: z.string() })
  .meta({ id: 'VerificationImage' });
export type VerificationImage = z.infer<typeof VerificationImageSchema>;

/** What the customer and the reviewer both read of a submission and its decision. */
const submissionFields = {
  id: z.uuid(),
  documentType: IdentityDocumentTypeSchema,
  documentNumber: z.string(),
  documentExpiry: z.string(),
  status: SubmissionStatusSchema,
  reasonCode: z.string().nullable(),
  /** The reviewer's note to the customer. */
  note: z.string().nullable(),
  /** The side to upload again, when a resubmission of one side was asked for. */
  resubmitSide: DocumentSideSchema.nullable(),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
};

/** One of the customer's submissions, newest first, with its decision. */
export const OwnSubmissionSchema = z
  .object({
    ...submissionFields,
    /** The reason's label as staff named it ("Expired"); null while pending or approved without one. */
    decisionReason: z.string().nullable(),
    /** The customer's own images (null once erased under the retention rules). */
    frontImageUrl: z.string().nullable(),
    backImageUrl: z.string().nullable(),
    /** The image ids: after a one-side resubmission request, the kept side's id may be sent again. */
    frontFileId: z.uuid().nullable(),
    backFileId: z.uuid().nullable(),
  })
  .meta({ id: 'OwnSubmission' });
export type OwnSubmission = z.infer<typeof OwnSubmissionSchema>;

/** GET /api/verifications/me: where the customer stands, and whether they may submit now. */
export const VerificationStatusSchema = z
  .object({
    status: IdentityStatusSchema,
    /** True when no submission is pending: first time, after a decline or a resubmit request, after lapse. */
    canSubmit: z.boolean(),
    /** Set when the latest submission asks for one side again. */
    resubmitSide: DocumentSideSchema.optional(),
    /** Expiry of the approved document, when verified. */
    verifiedUntil: z.string().nullable(),
    submissions: z.array(OwnSubmissionSchema),
  })
  .meta({ id: 'VerificationStatus' });
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

// ---------- staff ----------

export const VERIFICATION_LIST_FILTERS = ['all', 'queue'] as const;
export const VerificationListFilterSchema = z.enum(VERIFICATION_LIST_FILTERS);
export type VerificationListFilter = z.infer<typeof VerificationListFilterSchema>;

export const VERIFICATION_LIST_FILTER_LABELS = {
  all: 'All',
  queue: 'Review queue',
} as const satisfies Record<VerificationListFilter, string>;

/**
 * GET /api/admin/verifications?page&search&filter. 'queue': pending first, oldest first;
 * 'all': latest submission per customer, newest first.
 */
export const AdminVerificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Part of the customer's e-mail address, case-insensitive. */
  search: SearchTextSchema,
  filter: VerificationListFilterSchema.default('queue'),
});
export type AdminVerificationListQuery = z.input<typeof AdminVerificationListQuerySchema>;
export type AdminVerificationListParams = z.output<typeof AdminVerificationListQuerySchema>;

/** A row of the Verifications tab: Email, Status, waiting time, Actions View → /admin/verifications/{userId}. */
export const AdminVerificationItemSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    /** The customer's identity status (unverified | pending | verified | declined). */
    status: IdentityStatusSchema,
    /** When the latest submission was made. */
    submittedAt: z.iso.datetime(),
    /** Seconds the latest submission has waited (to its decision, or to now while pending). */
    waitingSeconds: z.number().int().min(0),
  })
  .meta({ id: 'AdminVerificationItem' });
export type AdminVerificationItem = z.infer<typeof AdminVerificationItemSchema>;

export const AdminVerificationPageSchema = pageOf(AdminVerificationItemSchema, 'AdminVerificationPage');
export type AdminVerificationPage = z.infer<typeof AdminVerificationPageSchema>;

/** Who holds a pending submission, and until when. */
export const VerificationClaimSchema = z
  .object({
    by: z.object({ id: z.string(), name: z.string() }),
    until: z.iso.datetime(),
    /** True when the reviewer reading this holds it. */
    mine: z.boolean(),
  })
  .meta({ id: 'VerificationClaim' });
export type VerificationClaim = z.infer<typeof VerificationClaimSchema>;

/** A submission's decision as the detail page lists it. */
export const SubmissionDecisionSchema = z
  .object({
    ...submissionFields,
    reasonLabel: z.string().nullable(),
    /**
     * Why the reviewer approved (docs/decisions/061), for staff only: never in the customer's
     * answers (OwnSubmission). Null for a decline, a resubmission, and approvals made before it was
     * stored with the decision (migration 0031; their reason is in the audit log).
     */
    approvalReason: z.string().nullable(),
    decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** Whether its images were erased under the retention rules. */
    imagesErased: z.boolean(),
  })
  .meta({ id: 'SubmissionDecision' });
export type SubmissionDecision = z.infer<typeof SubmissionDecisionSchema>;

/**
 * GET /api/admin/verifications/:userId: the latest submission with everything on one screen.
 * Opening a pending submission claims it for 15 minutes for the reader (unless someone else holds it).
 * Image links are signed for the reader's session and last at most 60 s: fetch them right away.
 */
export const AdminVerificationDetailSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    fullname: z.string(),
    identityStatus: IdentityStatusSchema,
    submissionId: z.uuid(),
    submissionStatus: SubmissionStatusSchema,
    documentType: IdentityDocumentTypeSchema,
    documentNumber: z.string(),
    documentExpiry: z.string(),
    submittedAt: z.iso.datetime(),
    waitingSeconds: z.number().int().min(0),
    /** Short-lived signed links; null when the side does not exist or was erased. */
    frontImageUrl: z.string().nullable(),
    backImageUrl: z.string().nullable(),
    /** When the links stop working. */
    imageLinksExpireAt: z.iso.datetime(),
    claim: VerificationClaimSchema.nullable(),
    /** This submission's decision, once decided. */
    decision: SubmissionDecisionSchema.nullable(),
    /** The customer's earlier submissions, newest first. */
    earlierSubmissions: z.array(SubmissionDecisionSchema),
    /** Other accounts that submitted the same (normalised) document number. */
    duplicates: z.array(z.object({ userId: z.string(), email: z.string() })),
  })
  .meta({ id: 'AdminVerificationDetail' });
export type AdminVerificationDetail = z.infer<typeof AdminVerificationDetailSchema>;

/**
 * POST /api/admin/verifications/:userId/decision (header Idempotency-Key accepted).
 * Decides the submission named by `submissionId` (the one the reviewer was shown).
 */
export const DecideVerificationRequestSchema = z
  .object({
    submissionId: z.uuid(),
    decision: VerificationDecisionSchema,
    /**
     * Required to decline or to ask for a side again: a reason from the list, which the customer
     * reads. An approval may name one too, but its own reason is `reason`.
     */
    reasonCode: z
      .string()
      .trim()
      .max(REASON_CODE_MAX_LENGTH, VERIFICATION_MESSAGES.reasonUnknown)
      .optional()
      .transform((code) => (code ? code : undefined)),
    /** Shown to the customer with the decision. */
    note: customerText(z.string().trim().max(VERIFICATION_NOTE_MAX_LENGTH, VERIFICATION_MESSAGES.noteTooLong))
      .optional()
      .transform((text) => (text ? text : undefined)),
    side: DocumentSideSchema.optional(),
    /**
     * Required to approve (docs/decisions/061, after 044): why the reviewer believes the document,
     * recorded in the audit log; the customer does not read it. A decline or a resubmission gives its
     * reason from the list instead, and is refused one typed here.
     */
    reason: staffOnlyText(
      z.string().trim().max(APPROVAL_REASON_MAX_LENGTH, VERIFICATION_MESSAGES.approvalReasonTooLong),
    )
      .optional()
      .transform((text) => (text ? text : undefined)),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'approve' && value.reason === undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: REASON_REQUIRED });
    if (value.decision !== 'approve' && value.reason !== undefined)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: VERIFICATION_MESSAGES.reasonUnknown });
    if (value.decision !== 'approve' && value.reasonCode === undefined)
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: VERIFICATION_MESSAGES.reasonRequired });
    if (value.decision === 'resubmit' && value.side === undefined)
      ctx.addIssue({ code: 'custom', path: ['side'], message: VERIFICATION_MESSAGES.sideRequired });
  })
  .meta({ id: 'DecideVerificationRequest' });
export type DecideVerificationRequest = z.input<typeof DecideVerificationRequestSchema>;
export type DecideVerificationInput = z.output<typeof DecideVerificationRequestSchema>;

/** The decided submission and the customer's identity status after it. */
export const DecideVerificationResponseSchema = z
  .object({
    decision: SubmissionDecisionSchema,
    identityStatus: IdentityStatusSchema,
  })
  .meta({ id: 'DecideVerificationResponse' });
export type DecideVerificationResponse = z.infer<typeof DecideVerificationResponseSchema>;

/** A reason on the list staff pick from. */
export const VerificationReasonSchema = z
  .object({ code: z.string(), label: z.string(), active: z.boolean() })
  .meta({ id: 'VerificationReason' });
export type VerificationReason = z.infer<typeof VerificationReasonSchema>;

export const VerificationReasonListSchema = z
  .object({ items: z.array(VerificationReasonSchema) })
  .meta({ id: 'VerificationReasonList' });
export type VerificationReasonList = z.infer<typeof VerificationReasonListSchema>;

/** The customer reads the label of the reason their identity was declined for ("Declined: …"). */
const ReasonLabelSchema = customerText(
  z
    .string({ error: VERIFICATION_MESSAGES.reasonLabelRequired })
    .trim()
    .min(1, VERIFICATION_MESSAGES.reasonLabelRequired)
    .max(REASON_LABEL_MAX_LENGTH, VERIFICATION_MESSAGES.reasonLabelTooLong),
);

/** POST /api/admin/verification-reasons: add a reason. */
export const CreateVerificationReasonRequestSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, VERIFICATION_MESSAGES.reasonCodeInvalid),
    label: ReasonLabelSchema,
    active: z.boolean().default(true),
  })
  .meta({ id: 'CreateVerificationReasonRequest' });
export type CreateVerificationReasonRequest = z.input<typeof CreateVerificationReasonRequestSchema>;
export type CreateVerificationReasonInput = z.output<typeof CreateVerificationReasonRequestSchema>;

/** PUT /api/admin/verification-reasons/:code: rename or (de)activate a reason. */
export const UpdateVerificationReasonRequestSchema = z
  .object({ label: ReasonLabelSchema, active: z.boolean() })
  .meta({ id: 'UpdateVerificationReasonRequest' });
export type UpdateVerificationReasonRequest = z.infer<typeof UpdateVerificationReasonRequestSchema>;

/** Retention defaults (Settings): declined images erased after days; approved records of closed accounts after years. */
export const DEFAULT_DECLINED_ID_RETENTION_DAYS = 30;
export const DEFAULT_APPROVED_ID_RETENTION_YEARS = 5;
export const MAX_DECLINED_ID_RETENTION_DAYS = 3650;
export const MAX_APPROVED_ID_RETENTION_YEARS = 50;
