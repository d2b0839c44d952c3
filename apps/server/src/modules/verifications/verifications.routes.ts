import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import {
  AdminVerificationDetailSchema,
  AdminVerificationListQuerySchema,
  AdminVerificationPageSchema,
  CreateVerificationReasonRequestSchema,
  DecideVerificationRequestSchema,
  DecideVerificationResponseSchema,
  SubmitVerificationRequestSchema,
  UpdateVerificationReasonRequestSchema,
  VERIFICATION_MESSAGES,
  VerificationImageSchema,
  VerificationReasonListSchema,
  VerificationReasonSchema,
  VerificationStatusSchema,
} from '@candor/contracts/verifications';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { ensureInstanceSecret } from '../../lib/instance-secret.ts';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { fileResponseHeaders } from '../storage/file-headers.ts';
import { findFileById } from '../storage/files.repository.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { createImageLinkSigner, sessionKeyOf } from './image-links.ts';
import {
  changeReason,
  createReason,
  decideVerification,
  listReasons,
  listVerifications,
  openVerification,
  readOwnVerification,
  recordImageView,
  requireSubmissionImage,
  saveVerificationImage,
  submitVerification,
} from './verifications.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const UserParamsSchema = z.object({ userId: z.string().max(64) });
const ReasonParamsSchema = z.object({ code: z.string().max(64) });
const ImageParamsSchema = z.object({ fileId: z.string().max(64) });
const ImageLinkQuerySchema = z.object({
  expires: z.coerce.number().int().min(0).max(1e11),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The secret signing staff links to ID images (one per installation, in instance_secrets). */
const IMAGE_LINK_SECRET = 'verification-image-links';

export const verificationsRoutes: RoutesPlugin<'db' | 'storage' | 'clock' | 'transactions'> = async (
  app,
  { db, storage, clock, transactions },
) => {
  const signer = createImageLinkSigner(await ensureInstanceSecret(db, IMAGE_LINK_SECRET));

  // ---------- customers ----------

  app.post(
    '/api/verifications/images',
    {
      config: { access: 'client', rateLimit: 'upload' },
      schema: {
        tags: ['verifications'],
        summary:
          'Upload one ID image (PNG, JPEG or WebP; multipart field "file"): checked by content, ' +
          're-encoded without metadata, stored privately',
        response: {
          200: VerificationImageSchema,
          ...errors,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const data = await readUploadedFile(request);
      return saveVerificationImage({ db, storage, actor, data });
    },
  );

  app.post(
    '/api/verifications',
    {
      config: { access: 'client' },
      schema: {
        tags: ['verifications'],
        summary:
          'Submit identity documents for review (409 VERIFICATION_PENDING while one is pending; ' +
          'allowed again after a decline or a resubmission request)',
        body: SubmitVerificationRequestSchema,
        response: {
          200: VerificationStatusSchema,
          ...errors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) => submitVerification({ tx, actor, now, input: request.body }));
    },
  );

  app.get(
    '/api/verifications/me',
    {
      config: { access: 'client' },
      schema: {
        tags: ['verifications'],
        summary: "The signed-in customer's verification status and submissions, newest first",
        response: { 200: VerificationStatusSchema, ...errors },
      },
    },
    async (request) => readOwnVerification(db, requireActor(request).id),
  );

  // ---------- staff ----------

  app.get(
    '/api/admin/verifications',
    {
      config: { access: 'verifications.read' },
      schema: {
        tags: ['verifications'],
        summary:
          "Each customer's latest submission, 10 a page; filter=queue (default): pending first, oldest " +
          'first; filter=all: newest first; search: part of the e-mail',
        querystring: AdminVerificationListQuerySchema,
        response: { 200: AdminVerificationPageSchema, ...errors },
      },
    },
    async (request) => listVerifications(db, request.query, clock()),
  );

  app.get(
    '/api/admin/verifications/:userId',
    {
      config: { access: 'verifications.read' },
      schema: {
        tags: ['verifications'],
        summary:
          "A customer's latest submission with earlier decisions and duplicates; opening a pending one " +
          'claims it for 15 minutes; image links last 60 s and work only in this session',
        params: UserParamsSchema,
        response: { 200: AdminVerificationDetailSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const sessionKey = sessionKeyOf(request);
      return transactions.run(({ tx, now }) =>
        openVerification({ tx, actor, now, userId: request.params.userId, signer, sessionKey }),
      );
    },
  );

  app.post(
    '/api/admin/verifications/:userId/decision',
    {
      config: { access: 'verifications.decide' },
      schema: {
        tags: ['verifications'],
        summary:
          'Approve, decline or ask to resubmit one side of a pending submission, with a reason and a ' +
          'note (final; 409 ALREADY_DECIDED once decided, 409 VERIFICATION_CLAIMED while another reviewer holds it)',
        description:
          'A decline or a resubmission names its reason from the list (reasonCode), which the customer reads. ' +
          'An approval gives its own reason (reason, required, staff only: recorded in the audit log, not sent ' +
          'to the customer); 400 VALIDATION_FAILED without one.',
        headers: IdempotencyHeadersSchema,
        params: UserParamsSchema,
        body: DecideVerificationRequestSchema,
        response: {
          200: DecideVerificationResponseSchema,
          ...errors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, DecideVerificationResponseSchema, ({ tx, now, outbox }) =>
        decideVerification({ tx, actor, now, outbox, userId: request.params.userId, input: request.body }),
      );
    },
  );

  app.get(
    '/api/admin/verification-images/:fileId',
    {
      config: { access: 'verifications.read' },
      schema: {
        tags: ['verifications'],
        summary:
          'An ID image through a signed link from the detail page (only for the reviewer and session it ' +
          'was made for, at most 60 s; 403 LINK_EXPIRED after); every fetch is audited',
        params: ImageParamsSchema,
        querystring: ImageLinkQuerySchema,
        // 200: the image's bytes (streamed).
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const { fileId } = request.params;
      const verdict = signer.check({
        fileId,
        actorId: actor.id,
        sessionKey: sessionKeyOf(request),
        expires: request.query.expires,
        signature: request.query.signature,
        now: clock(),
      });
      if (verdict === 'invalid') throw new AppError('FORBIDDEN', 'You are not allowed to do this.');
      if (verdict === 'expired') throw new AppError('LINK_EXPIRED', VERIFICATION_MESSAGES.linkExpired);
      const submission = await requireSubmissionImage(db, fileId);
      const file = await findFileById(db, fileId);
      const body = file ? await storage.get(file.storageKey) : undefined;
      if (!file || !body) throw new AppError('NOT_FOUND', 'File not found');
      try {
        await db.transaction((tx) => recordImageView({ tx, actor, submission, fileId }));
      } catch (error) {
        body.destroy();
        throw error;
      }
      return reply.headers(fileResponseHeaders(file)).send(body);
    },
  );

  app.get(
    '/api/admin/verification-reasons',
    {
      config: { access: 'verifications.read' },
      schema: {
        tags: ['verifications'],
        summary: 'The reasons a reviewer picks from (inactive ones included, flagged)',
        response: { 200: VerificationReasonListSchema, ...errors },
      },
    },
    async () => listReasons(db),
  );

  app.post(
    '/api/admin/verification-reasons',
    {
      config: { access: 'verifications.decide' },
      schema: {
        tags: ['verifications'],
        summary: 'Add a reason to the list (audited)',
        body: CreateVerificationReasonRequestSchema,
        response: { 200: VerificationReasonSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) => createReason({ tx, actor, now, input: request.body }));
    },
  );

  app.put(
    '/api/admin/verification-reasons/:code',
    {
      config: { access: 'verifications.decide' },
      schema: {
        tags: ['verifications'],
        summary: 'Rename a reason or turn it on or off (audited)',
        params: ReasonParamsSchema,
        body: UpdateVerificationReasonRequestSchema,
        response: { 200: VerificationReasonSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run(({ tx, now }) =>
        changeReason({ tx, actor, now, code: request.params.code, input: request.body }),
      );
    },
  );
};
