import type { AuditAction } from '@candor/contracts/audit';
import type { IdentityStatus } from '@candor/contracts/auth';
import { fileUrl } from '@candor/contracts/files';
import { REASON_REQUIRED } from '@candor/contracts/reasons';
import { STAFF_ACCOUNT_IDENTITY_MESSAGE } from '@candor/contracts/staff';
import { findCustomerTextProblem } from '@candor/contracts/staff-texts';
import {
  type AdminVerificationDetail,
  type AdminVerificationListParams,
  type AdminVerificationPage,
  type CreateVerificationReasonInput,
  type DecideVerificationInput,
  type DecideVerificationResponse,
  documentHasBack,
  normalizeDocumentNumber,
  type OwnSubmission,
  type SubmissionDecision,
  type SubmissionStatus,
  type SubmitVerificationRequest,
  type UpdateVerificationReasonRequest,
  VERIFICATION_CLAIM_SECONDS,
  VERIFICATION_IMAGE_LINK_SECONDS,
  VERIFICATION_MESSAGES,
  VERIFICATIONS_PAGE_SIZE,
  type VerificationImage,
  type VerificationReason,
  type VerificationReasonList,
  type VerificationStatus,
} from '@candor/contracts/verifications';
import { findDocumentExpiryProblem } from '@candor/domain/identity/document-expiry';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mapPage } from '../../db/page.ts';
import { users } from '../../db/schema/auth.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Command, Outbox } from '../../lib/transactions.ts';
import { isUuid } from '../../lib/uuid.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { readSiteName } from '../settings/settings.service.ts';
import { findFileById } from '../storage/files.repository.ts';
import { saveUpload } from '../storage/files.service.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { findUserById, selectUserNames } from '../users/users.repository.ts';
import { identityDecisionNotice } from './identity-decision-notice.ts';
import type { ImageLinkSigner } from './image-links.ts';
import {
  findLatestSubmission,
  findReason,
  insertReason,
  insertSubmission,
  lockSubmission,
  type ReasonRow,
  type SubmissionRow,
  selectDuplicateHolders,
  selectReasons,
  selectSubmissionsOfUser,
  selectSubmissionsUsingFiles,
  selectVerificationPage,
  setIdentityStatus,
  updateReason,
  updateSubmission,
} from './verifications.repository.ts';

/** The calendar day (UTC) of `now`, as YYYY-MM-DD. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

async function reasonLabels(db: Db): Promise<Map<string, string>> {
  return new Map((await selectReasons(db)).map((reason) => [reason.code, reason.label]));
}

// ---------- customers ----------

/**
 * Identity verification is a customer's (what their withdrawals rest on, PRODUCT.md §2): a staff
 * account, which holds no money (decision 062), sends no documents to the review queue (403).
 */
function requireCustomerIdentity(account: { role: string }): void {
  if (account.role !== 'client') throw new AppError('FORBIDDEN', STAFF_ACCOUNT_IDENTITY_MESSAGE);
}

/** Stores an ID image privately (checked by content, re-encoded, metadata stripped); a customer's only. */
export async function saveVerificationImage({
  db,
  storage,
  actor,
  data,
}: {
  db: Db;
  storage: StorageBackend;
  actor: Actor;
  data: Buffer;
}): Promise<VerificationImage> {
  requireCustomerIdentity(actor);
  const file = await saveUpload(db, storage, { purpose: 'id_card', ownerUserId: actor.id, data });
  return { fileId: file.id, url: fileUrl(file.id), contentType: file.contentType };
}

function toOwnSubmission(row: SubmissionRow, labels: Map<string, string>): OwnSubmission {
  return {
    id: row.id,
    documentType: row.documentType,
    documentNumber: row.documentNumber ?? '',
    documentExpiry: row.documentExpiry,
    status: row.status,
    decisionReason: row.reasonCode ? (labels.get(row.reasonCode) ?? row.reasonCode) : null,
    reasonCode: row.reasonCode,
    note: row.note,
    resubmitSide: row.resubmitSide,
    frontImageUrl: row.frontFileId ? fileUrl(row.frontFileId) : null,
    backImageUrl: row.backFileId ? fileUrl(row.backFileId) : null,
    frontFileId: row.frontFileId,
    backFileId: row.backFileId,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** Where the customer stands: their status, whether they may submit, and their submissions. */
export async function readOwnVerification(db: Db, userId: string): Promise<VerificationStatus> {
  const [user] = await db
    .select({ identityStatus: users.identityStatus, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  const rows = await selectSubmissionsOfUser(db, userId);
  const labels = await reasonLabels(db);
  const latest = rows[0];
  const approved = rows.find((row) => row.status === 'approved' && row.lapsedAt === null);
  return {
    status: user.identityStatus,
    // A staff account sends none (requireCustomerIdentity).
    canSubmit:
      user.role === 'client' && user.identityStatus !== 'pending' && user.identityStatus !== 'verified',
    ...(latest?.status === 'resubmit_requested' && latest.resubmitSide
      ? { resubmitSide: latest.resubmitSide }
      : {}),
    verifiedUntil: user.identityStatus === 'verified' && approved ? approved.documentExpiry : null,
    submissions: rows.map((row) => toOwnSubmission(row, labels)),
  };
}

/**
 * Checks that `fileId` is the customer's own ID image and free to use: not attached to another
 * submission, except the side kept from their latest submission when it asked for the other side again.
 */
async function requireUsableImage(
  tx: Db,
  actor: Actor,
  fileId: string,
  kept: { submission: SubmissionRow | undefined },
): Promise<void> {
  const file = await findFileById(tx, fileId);
  if (file?.purpose !== 'id_card' || file.ownerUserId !== actor.id)
    throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.imageNotFound);
  const uses = await selectSubmissionsUsingFiles(tx, [fileId]);
  const previous = kept.submission;
  const keptSide =
    previous?.status === 'resubmit_requested' && previous.resubmitSide
      ? previous.resubmitSide === 'front'
        ? previous.backFileId
        : previous.frontFileId
      : null;
  const allowed = uses.every((use) => use.id === previous?.id && keptSide === fileId);
  if (!allowed) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.imageInUse);
}

/**
 * Records a pending submission and sets the customer's status to pending. Refused while one is
 * pending (VERIFICATION_PENDING; a unique index also stops two at once) and once verified (CONFLICT);
 * after a decline, a resubmission request or a lapse a new one is welcome.
 */
export async function submitVerification({
  tx,
  actor,
  now,
  input,
}: Command<{ input: SubmitVerificationRequest }>): Promise<VerificationStatus> {
  const [user] = await tx
    .select({ identityStatus: users.identityStatus, role: users.role })
    .from(users)
    .where(eq(users.id, actor.id))
    .for('no key update');
  if (!user) throw new AppError('USER_NOT_FOUND', 'User not found');
  requireCustomerIdentity(user);
  if (user.identityStatus === 'pending')
    throw new AppError('VERIFICATION_PENDING', VERIFICATION_MESSAGES.alreadyPending);
  if (user.identityStatus === 'verified')
    throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyVerified);
  const expiryProblem = findDocumentExpiryProblem(input.documentExpiry, utcDay(now));
  if (expiryProblem)
    throw new AppError(
      'VALIDATION_FAILED',
      expiryProblem === 'EXPIRED'
        ? VERIFICATION_MESSAGES.documentExpired
        : VERIFICATION_MESSAGES.documentExpiryTooFar,
    );
  const hasBack = documentHasBack(input.documentType);
  if (hasBack && !input.backFileId)
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.bothImagesRequired);
  if (input.backFileId && input.backFileId === input.frontFileId)
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.bothImagesRequired);
  const latest = await findLatestSubmission(tx, actor.id, { lock: true });
  if (latest?.status === 'pending')
    throw new AppError('VERIFICATION_PENDING', VERIFICATION_MESSAGES.alreadyPending);
  await requireUsableImage(tx, actor, input.frontFileId, { submission: latest });
  if (hasBack && input.backFileId)
    await requireUsableImage(tx, actor, input.backFileId, { submission: latest });
  const documentNumber = input.documentNumber.trim();
  await insertSubmission(tx, {
    userId: actor.id,
    documentType: input.documentType,
    documentNumber,
    documentNumberNormalized: normalizeDocumentNumber(documentNumber),
    documentExpiry: input.documentExpiry,
    frontFileId: input.frontFileId,
    backFileId: hasBack ? (input.backFileId ?? null) : null,
    status: 'pending',
    createdAt: now,
  });
  await setIdentityStatus(tx, actor.id, 'pending');
  return readOwnVerification(tx, actor.id);
}

// ---------- staff ----------

/** The Verifications tab: each customer's latest submission, 10 a page. */
export async function listVerifications(
  db: Db,
  query: AdminVerificationListParams,
  now: Date,
): Promise<AdminVerificationPage> {
  const found = await selectVerificationPage(db, {
    page: query.page,
    pageSize: VERIFICATIONS_PAGE_SIZE,
    search: query.search,
    filter: query.filter,
  });
  return mapPage(found, (row) => {
    const submittedAt = new Date(toIso(row.created_at));
    const endedAt = row.decided_at ? new Date(toIso(row.decided_at)) : now;
    return {
      userId: row.user_id,
      email: row.email,
      status: row.identity_status as IdentityStatus,
      submittedAt: submittedAt.toISOString(),
      waitingSeconds: secondsBetween(submittedAt, endedAt),
    };
  });
}

function toDecision(
  row: SubmissionRow,
  labels: Map<string, string>,
  names: Map<string, string>,
): SubmissionDecision {
  return {
    id: row.id,
    documentType: row.documentType,
    documentNumber: row.documentNumber ?? '',
    documentExpiry: row.documentExpiry,
    status: row.status,
    reasonCode: row.reasonCode,
    reasonLabel: row.reasonCode ? (labels.get(row.reasonCode) ?? row.reasonCode) : null,
    approvalReason: row.approvalReason,
    note: row.note,
    resubmitSide: row.resubmitSide,
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: names.get(row.decidedBy) ?? row.decidedBy } : null,
    submittedAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    imagesErased: row.imagesErasedAt !== null || (row.frontFileId === null && row.backFileId === null),
  };
}

/** When a link made at `now` stops working (what the signer puts in it). */
function linkExpiry(now: Date): Date {
  return new Date((Math.floor(now.getTime() / 1000) + VERIFICATION_IMAGE_LINK_SECONDS) * 1000);
}

function claimActive(row: SubmissionRow, now: Date): boolean {
  return (
    row.status === 'pending' && row.claimedBy !== null && row.claimedUntil !== null && row.claimedUntil > now
  );
}

/**
 * The detail page: the latest submission with the customer, earlier decisions and duplicates. A
 * pending submission that nobody else holds is claimed for the reader for 15 minutes (audited when
 * a new claim is taken); image links are signed for the reader's session.
 */
export async function openVerification({
  tx,
  actor,
  now,
  userId,
  signer,
  sessionKey,
}: Command<{
  userId: string;
  signer: ImageLinkSigner;
  sessionKey: string;
}>): Promise<AdminVerificationDetail> {
  const [customer] = await tx
    .select({ email: users.email, name: users.name, identityStatus: users.identityStatus })
    .from(users)
    .where(eq(users.id, userId));
  if (!customer) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.notFound);
  let latest = await findLatestSubmission(tx, userId, { lock: true });
  if (!latest) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.notFound);
  if (latest.status === 'pending' && !claimActive(latest, now) && latest.claimedBy !== actor.id) {
    latest = await claim(tx, actor, now, latest, 'verification.claim');
  } else if (latest.status === 'pending' && latest.claimedBy === actor.id) {
    // The holder reopening the page keeps (and extends) their claim.
    latest = await updateSubmission(tx, latest.id, {
      claimedUntil: new Date(now.getTime() + VERIFICATION_CLAIM_SECONDS * 1000),
    });
  }
  return describeVerification(tx, { actor, now, userId, customer, latest, signer, sessionKey });
}

async function claim(
  tx: Db,
  actor: Actor,
  now: Date,
  row: SubmissionRow,
  action: AuditAction,
): Promise<SubmissionRow> {
  const claimed = await updateSubmission(tx, row.id, {
    claimedBy: actor.id,
    claimedUntil: new Date(now.getTime() + VERIFICATION_CLAIM_SECONDS * 1000),
  });
  await recordAudit(tx, {
    actor,
    action,
    targetType: 'identity_submission',
    targetId: row.id,
    subjectUserId: row.userId,
    before: { claimedBy: row.claimedBy, claimedUntil: row.claimedUntil?.toISOString() ?? null },
    after: { claimedBy: actor.id, claimedUntil: claimed.claimedUntil?.toISOString() ?? null },
  });
  return claimed;
}

async function describeVerification(
  db: Db,
  {
    actor,
    now,
    userId,
    customer,
    latest,
    signer,
    sessionKey,
  }: {
    actor: Actor;
    now: Date;
    userId: string;
    customer: { email: string; name: string; identityStatus: IdentityStatus };
    latest: SubmissionRow;
    signer: ImageLinkSigner;
    sessionKey: string;
  },
): Promise<AdminVerificationDetail> {
  const all = await selectSubmissionsOfUser(db, userId);
  const labels = await reasonLabels(db);
  const names = await selectUserNames(db, [
    ...all.flatMap((row) => (row.decidedBy ? [row.decidedBy] : [])),
    ...(latest.claimedBy ? [latest.claimedBy] : []),
  ]);
  const link = (fileId: string | null) =>
    fileId ? signer.sign({ fileId, actorId: actor.id, sessionKey, now }) : null;
  const front = link(latest.frontFileId);
  const back = link(latest.backFileId);
  const duplicates = latest.documentNumberNormalized
    ? await selectDuplicateHolders(db, userId, latest.documentNumberNormalized)
    : [];
  const active = claimActive(latest, now);
  return {
    userId,
    email: customer.email,
    fullname: customer.name,
    identityStatus: customer.identityStatus,
    submissionId: latest.id,
    submissionStatus: latest.status,
    documentType: latest.documentType,
    documentNumber: latest.documentNumber ?? '',
    documentExpiry: latest.documentExpiry,
    submittedAt: latest.createdAt.toISOString(),
    waitingSeconds: secondsBetween(latest.createdAt, latest.decidedAt ?? now),
    frontImageUrl: front?.url ?? null,
    backImageUrl: back?.url ?? null,
    imageLinksExpireAt: (front?.expiresAt ?? back?.expiresAt ?? linkExpiry(now)).toISOString(),
    claim:
      active && latest.claimedBy && latest.claimedUntil
        ? {
            by: { id: latest.claimedBy, name: names.get(latest.claimedBy) ?? latest.claimedBy },
            until: latest.claimedUntil.toISOString(),
            mine: latest.claimedBy === actor.id,
          }
        : null,
    decision: latest.status === 'pending' ? null : toDecision(latest, labels, names),
    earlierSubmissions: all
      .filter((row) => row.id !== latest.id)
      .map((row) => toDecision(row, labels, names)),
    duplicates,
  };
}

const DECISION_STATUS = {
  approve: 'approved',
  decline: 'declined',
  resubmit: 'resubmit_requested',
} as const satisfies Record<string, SubmissionStatus>;

const IDENTITY_AFTER = {
  approve: 'verified',
  decline: 'declined',
  resubmit: 'declined',
} as const satisfies Record<string, IdentityStatus>;

/**
 * Decides a pending submission: final for it. The row is locked first, so two reviewers deciding
 * at once decide once (the later one finds it decided: ALREADY_DECIDED). Refused while another
 * reviewer's claim runs (VERIFICATION_CLAIMED). The reason must be an active one on the list, and
 * its label (which the customer reads) must pass the screen as it is today (422 PAYMENT_DEMAND).
 * The customer is told by a notice kept in their Messages (`identityDecisionNotice`), sent once the
 * decision has committed. Audited, last in the transaction.
 */
export async function decideVerification({
  tx,
  actor,
  now,
  outbox,
  userId,
  input,
}: Command<{
  outbox: Outbox;
  userId: string;
  input: DecideVerificationInput;
}>): Promise<DecideVerificationResponse> {
  if (!isUuid(input.submissionId)) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.notFound);
  const row = await lockSubmission(tx, userId, input.submissionId);
  if (!row) throw new AppError('NOT_FOUND', VERIFICATION_MESSAGES.notFound);
  if (row.status !== 'pending') throw new AppError('ALREADY_DECIDED', VERIFICATION_MESSAGES.alreadyDecided);
  if (claimActive(row, now) && row.claimedBy !== actor.id)
    throw new AppError('VERIFICATION_CLAIMED', VERIFICATION_MESSAGES.claimedByOther);
  // A decline or a request for a side again names its reason from the list; an approval says why the
  // reviewer believes the document (docs/decisions/061), for the audit log.
  if (input.decision !== 'approve' && !input.reasonCode)
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.reasonRequired);
  if (input.decision === 'approve' && !input.reason) throw new AppError('VALIDATION_FAILED', REASON_REQUIRED);
  const reason = input.reasonCode ? await findReason(tx, input.reasonCode) : undefined;
  if (input.reasonCode && !reason?.active)
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.reasonUnknown);
  // The label the customer reads was screened when it was saved, perhaps before today's screen
  // caught it: screened again as it is sent (docs/decisions/050); the submission stays pending.
  const labelProblem = reason ? findCustomerTextProblem(reason.label) : undefined;
  if (labelProblem) throw new AppError('PAYMENT_DEMAND', labelProblem);
  const side = input.decision === 'resubmit' ? input.side : undefined;
  if (input.decision === 'resubmit' && !side)
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.sideRequired);
  if (side === 'back' && !documentHasBack(row.documentType))
    throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.backNotForPassport);
  const status = DECISION_STATUS[input.decision];
  const decided = await updateSubmission(tx, row.id, {
    status,
    decidedBy: actor.id,
    decidedAt: now,
    reasonCode: reason?.code ?? null,
    // Staff read it in the decision history; the customer's answers leave it out (decision 061).
    approvalReason: input.decision === 'approve' ? (input.reason ?? null) : null,
    note: input.note ?? null,
    resubmitSide: side ?? null,
    claimedBy: null,
    claimedUntil: null,
  });
  const identityStatus = IDENTITY_AFTER[input.decision];
  await setIdentityStatus(tx, userId, identityStatus);
  const labels = await reasonLabels(tx);
  const names = await selectUserNames(tx, [actor.id]);
  const decision = toDecision(decided, labels, names);
  const customer = await findUserById(tx, userId);
  if (customer) {
    outbox.queue(
      identityDecisionNotice({
        userId,
        to: customer.email,
        name: customer.name,
        siteName: await readSiteName(tx),
        decision: input.decision,
        submittedAt: row.createdAt,
        documentExpiry: row.documentExpiry,
        reason: reason?.label,
        note: input.note ?? null,
        side,
      }),
    );
  }
  await recordAudit(tx, {
    actor,
    action: `verification.${input.decision}`,
    targetType: 'identity_submission',
    targetId: row.id,
    subjectUserId: userId,
    // An approval's own reason (staff only); a decline's or a resubmission's is the label the customer reads.
    reason: input.decision === 'approve' ? input.reason : reason?.label,
    before: { status: row.status },
    after: {
      status,
      identityStatus,
      reasonCode: reason?.code ?? null,
      note: input.note ?? null,
      side: side ?? null,
    },
  });
  return { decision, identityStatus };
}

// ---------- images ----------

/**
 * Which submission an ID image belongs to, for a staff fetch through a signed link: NOT_FOUND for
 * a file that is not an ID image of any submission.
 */
export async function requireSubmissionImage(db: Db, fileId: string): Promise<SubmissionRow> {
  if (!isUuid(fileId)) throw new AppError('NOT_FOUND', 'File not found');
  const file = await findFileById(db, fileId);
  if (file?.purpose !== 'id_card') throw new AppError('NOT_FOUND', 'File not found');
  const [use] = await selectSubmissionsUsingFiles(db, [fileId]);
  if (!use) throw new AppError('NOT_FOUND', 'File not found');
  return use;
}

/** Records a staff member's view of an ID image (audited; call it in its own transaction). */
export async function recordImageView({
  tx,
  actor,
  submission,
  fileId,
}: {
  tx: Db;
  actor: Actor;
  submission: SubmissionRow;
  fileId: string;
}): Promise<void> {
  const side = submission.frontFileId === fileId ? 'front' : 'back';
  await recordAudit(tx, {
    actor,
    action: 'verification.image_view',
    targetType: 'identity_submission',
    targetId: submission.id,
    subjectUserId: submission.userId,
    after: { fileId, side },
  });
}

// ---------- reasons ----------

function toReason(row: ReasonRow): VerificationReason {
  return { code: row.code, label: row.label, active: row.active };
}

export async function listReasons(db: Db): Promise<VerificationReasonList> {
  return { items: (await selectReasons(db)).map(toReason) };
}

/** Adds a reason (audited); CONFLICT when its code is taken. */
export async function createReason({
  tx,
  actor,
  now,
  input,
}: Command<{ input: CreateVerificationReasonInput }>): Promise<VerificationReason> {
  const row = await insertReason(tx, { code: input.code, label: input.label, active: input.active, now });
  if (!row) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.reasonCodeTaken);
  await recordAudit(tx, {
    actor,
    action: 'verification_reason.create',
    targetType: 'verification_reason',
    targetId: row.code,
    after: toReason(row),
  });
  return toReason(row);
}

/** Renames or (de)activates a reason (audited); decisions already made keep their code. */
export async function changeReason({
  tx,
  actor,
  now,
  code,
  input,
}: Command<{ code: string; input: UpdateVerificationReasonRequest }>): Promise<VerificationReason> {
  const before = await findReason(tx, code, { lock: true });
  if (!before) throw new AppError('NOT_FOUND', 'Reason not found');
  const after = await updateReason(tx, code, { label: input.label, active: input.active, now });
  await recordAudit(tx, {
    actor,
    action: 'verification_reason.update',
    targetType: 'verification_reason',
    targetId: code,
    before: toReason(before),
    after: toReason(after),
  });
  return toReason(after);
}
