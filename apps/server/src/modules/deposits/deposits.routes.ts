import {
  AdminDepositListQuerySchema,
  AdminDepositPageSchema,
  AdminDepositSchema,
  ApproveDepositRequestSchema,
  CreateDepositQuoteRequestSchema,
  CreateDepositRequestSchema,
  DepositMethodsSchema,
  DepositPageQuerySchema,
  DepositPageSchema,
  DepositProofSchema,
  DepositQuoteSchema,
  DepositSchema,
  OwnDepositSchema,
  RejectDepositRequestSchema,
} from '@candor/contracts/deposits';
import { ErrorResponseSchema } from '@candor/contracts/errors';
import { IdempotencyHeadersSchema } from '@candor/contracts/money';
import { z } from 'zod';
import { readIdempotencyClaim } from '../../lib/idempotency.ts';
import { requireActiveActor, requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { listDeposits, rejectDeposit, requireAdminDeposit } from './admin-deposits.service.ts';
import { createDepositApprovalGroup } from './approve-deposits-together.ts';
import {
  createDepositQuote,
  listDepositMethods,
  listOwnDeposits,
  requireOwnDeposit,
  saveDepositProof,
  submitDeposit,
} from './deposits.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const DepositIdParamsSchema = z.object({ id: z.string() });

export const depositsRoutes: RoutesPlugin<'db' | 'storage' | 'market' | 'transactions'> = async (
  app,
  { db, storage, market, transactions },
) => {
  // Approvals that arrive together are decided in one transaction (group commit, decision 041).
  const depositApprovals = createDepositApprovalGroup({ transactions, log: app.log });
  // ---------- customers ----------

  app.get(
    '/api/deposit-methods',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        summary: 'Deposit step 1: the coins that can be deposited now (those with a deposit address)',
        response: { 200: DepositMethodsSchema, ...errors },
      },
    },
    async () => listDepositMethods(db),
  );

  app.post(
    '/api/deposit-quotes',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        summary: 'Deposit step 2: convert a USD amount into a coin at the current rate (valid one hour)',
        body: CreateDepositQuoteRequestSchema,
        response: {
          200: DepositQuoteSchema,
          ...errors,
          409: ErrorResponseSchema,
          // Issue 12: over an unverified account's 30-day deposit limit (VERIFICATION_LIMIT).
          422: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.run(({ tx, now }) =>
        createDepositQuote({ tx, actor, now, market, input: request.body }),
      );
    },
  );

  app.post(
    '/api/deposits/proofs',
    {
      config: { access: 'client', rateLimit: 'upload' },
      schema: {
        tags: ['deposits'],
        summary: 'Upload a proof of payment (PNG, JPEG, WebP or PDF; multipart field "file"); private',
        response: { 200: DepositProofSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      const data = await readUploadedFile(request);
      return saveDepositProof({ db, storage, actor, data });
    },
  );

  app.post(
    '/api/deposits',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        summary: 'Deposit step 3 (Paid): record a pending deposit on a quote, with its proof of payment',
        description:
          'Refused with 422 VERIFICATION_LIMIT when an account whose identity is not verified would deposit ' +
          'more than the limit in Settings in 30 days (non-rejected deposits counted; the message says how ' +
          'much is left and that verifying at /identity lifts it).',
        headers: IdempotencyHeadersSchema,
        body: CreateDepositRequestSchema,
        response: {
          200: DepositSchema,
          ...errors,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActiveActor(request);
      return transactions.runMoneyRequest(request, DepositSchema, ({ tx, now }) =>
        submitDeposit({ tx, actor, now, input: request.body }),
      );
    },
  );

  app.get(
    '/api/deposits',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        summary: "The signed-in customer's deposits, newest first (10 a page)",
        querystring: DepositPageQuerySchema,
        response: { 200: DepositPageSchema, ...errors },
      },
    },
    async (request) => listOwnDeposits(db, requireActor(request).id, request.query.page),
  );

  app.get(
    '/api/deposits/:id',
    {
      config: { access: 'client' },
      schema: {
        tags: ['deposits'],
        summary: "One of the signed-in customer's deposits, with their proof of payment",
        description: "Another customer's deposit answers 404 NOT_FOUND, as an unknown one does.",
        params: DepositIdParamsSchema,
        response: { 200: OwnDepositSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireOwnDeposit(db, requireActor(request).id, request.params.id),
  );

  // ---------- administrators ----------

  app.get(
    '/api/admin/deposits',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['deposits'],
        summary: 'Every deposit, newest first (10 a page), optionally by part of the customer e-mail',
        querystring: AdminDepositListQuerySchema,
        response: { 200: AdminDepositPageSchema, ...errors },
      },
    },
    async (request) => listDeposits(db, request.query),
  );

  app.get(
    '/api/admin/deposits/:id',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['deposits'],
        summary: 'One deposit with its customer, quote, proof of payment and decision',
        params: DepositIdParamsSchema,
        response: { 200: AdminDepositSchema, ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request) => requireAdminDeposit(db, request.params.id),
  );

  const decisionErrors = {
    ...errors,
    404: ErrorResponseSchema,
    409: ErrorResponseSchema,
    422: ErrorResponseSchema,
  };

  app.post(
    '/api/admin/deposits/:id/approve',
    {
      config: { access: 'deposits.decide' },
      schema: {
        tags: ['deposits'],
        summary: "Approve a pending deposit with a reason: credits the customer's cash balance once",
        description:
          'The reason (1 to 500 characters, trimmed) is recorded in the audit log, not shown to the customer; ' +
          'without one the answer is 400 VALIDATION_FAILED and nothing moves. Only a pending deposit can be ' +
          'approved; a decided one answers 409 ALREADY_DECIDED. Accepts an Idempotency-Key: a retry with the ' +
          'same reason credits once, the same key with another reason answers 422 IDEMPOTENCY_KEY_REUSED.',
        headers: IdempotencyHeadersSchema,
        params: DepositIdParamsSchema,
        body: ApproveDepositRequestSchema,
        response: { 200: AdminDepositSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return depositApprovals.submit({
        actor,
        id: request.params.id,
        reason: request.body.reason,
        claim: readIdempotencyClaim(request),
      });
    },
  );

  app.post(
    '/api/admin/deposits/:id/reject',
    {
      config: { access: 'deposits.decide' },
      schema: {
        tags: ['deposits'],
        summary: 'Reject a pending deposit with a reason shown to the customer',
        headers: IdempotencyHeadersSchema,
        params: DepositIdParamsSchema,
        body: RejectDepositRequestSchema,
        response: { 200: AdminDepositSchema, ...decisionErrors },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.runMoneyRequest(request, AdminDepositSchema, ({ tx, now, outbox }) =>
        rejectDeposit({ tx, actor, now, outbox, id: request.params.id, reason: request.body.reason }),
      );
    },
  );
};
